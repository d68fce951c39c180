import { eq } from "drizzle-orm";
import { businessTypes, cities, locations, marketplaceServices, neighborhoods } from "../../catalogue-schema.ts";
import type { Database } from "../../database.ts";
import { BENCH_LOCATION, generateBenchCatalogue, type BenchLookups } from "./bench-location.ts";
import { generateBenchBookings } from "./generate-bench-bookings.ts";
import { DEMO_SEED } from "./generate-catalogue.ts";
import { insertBookings } from "./insert-bookings.ts";
import { insertCatalogue } from "./insert-catalogue.ts";
import { loadDemoData } from "./load-demo-data.ts";

/** Where the bench's studio goes, read from the demo catalogue in the database (Sofia, a beauty salon). */
async function loadBenchLookups(db: Database): Promise<BenchLookups> {
  const [city] = await db
    .select({ id: cities.id, timeZone: cities.timeZone, currencyCode: cities.currencyCode })
    .from(cities)
    .where(eq(cities.slug, "sofia"));
  const [type] = await db
    .select({ id: businessTypes.id })
    .from(businessTypes)
    .where(eq(businessTypes.slug, "beauty-salon"));
  if (!city || !type)
    throw new Error("The booking bench needs the demo catalogue (Sofia, beauty salons): seed it first");
  const [neighborhood] = await db
    .select({ id: neighborhoods.id, latitude: neighborhoods.latitude, longitude: neighborhoods.longitude })
    .from(neighborhoods)
    .where(eq(neighborhoods.cityId, city.id))
    .orderBy(neighborhoods.id)
    .limit(1);
  if (!neighborhood) throw new Error("Sofia has no neighbourhood in the database");
  const services = await db
    .select({ id: marketplaceServices.id, slug: marketplaceServices.slug })
    .from(marketplaceServices);
  return {
    city,
    neighborhood,
    businessTypeId: type.id,
    marketplaceServiceIds: new Map(services.map((service) => [service.slug, service.id])),
  };
}

/**
 * Adds the booking bench's location (BENCH_LOCATION: `bench-studio`, id 900001) beside the demo catalogue, with
 * 5,000 appointments in the eight weeks after `now`. Answers false, and changes nothing, when it is already there.
 */
export async function seedBookingBench(db: Database, options: { now?: Date; seed?: number } = {}): Promise<boolean> {
  const existing = await db.$count(locations, eq(locations.slug, BENCH_LOCATION.slug));
  if (existing > 0) return false;
  const data = loadDemoData();
  const seed = (options.seed ?? DEMO_SEED) + 10;
  const catalogue = generateBenchCatalogue(data, await loadBenchLookups(db), seed);
  await insertCatalogue(db, catalogue, { addition: true });
  await insertBookings(db, generateBenchBookings(catalogue, data, { now: options.now ?? new Date(), seed: seed + 1 }));
  return true;
}
