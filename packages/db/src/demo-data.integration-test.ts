import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { businesses, cities, locations, media, reviews, servicePrices, services } from "./catalogue-schema.ts";
import type { DatabaseHandle } from "./database.ts";
import { prepareDatabase } from "./prepare-database.ts";
import { WEBM_MAGIC } from "./seed/demo/encode-demo-video.ts";
import { DEMO_VIDEO_COUNT } from "./seed/demo/generate-look-book.ts";
import { seedDemoData } from "./seed/demo/seed-demo-data.ts";
import { createTestDatabase, type TestDatabase } from "./testing/test-database.ts";

let testDatabase: TestDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  testDatabase = await createTestDatabase();
  handle = await prepareDatabase({ ...testDatabase.options, demoData: true });
});
afterAll(async () => {
  await handle.close();
  await testDatabase.drop();
});

describe("demo catalogue in the database", () => {
  it("is loaded into an empty database by prepareDatabase", async () => {
    expect(await handle.db.$count(locations)).toBe(60);
    expect(await handle.db.$count(businesses)).toBe(40);
    expect(await handle.db.$count(reviews)).toBeGreaterThan(60 * 3 - 1);
  });

  it("has its look-book videos: WebM files of at most 300 KB, on inspiration media with a service", async () => {
    const videos = await handle.db
      .select({ video: media.video, service: media.marketplaceServiceId, inspiration: media.inspiration })
      .from(media)
      .where(eq(media.kind, "video"));
    expect(videos).toHaveLength(DEMO_VIDEO_COUNT);
    for (const { video, service, inspiration } of videos) {
      expect(video?.subarray(0, 4)).toEqual(WEBM_MAGIC);
      expect(video?.length).toBeLessThan(300 * 1024);
      expect(service).not.toBeNull();
      expect(inspiration).toBe(true);
    }
  });

  it("is not loaded twice", async () => {
    expect(await seedDemoData(handle.db)).toBe(false);
    expect(await handle.db.$count(locations)).toBe(60);
  });

  it("keeps prices in euro for Sofia", async () => {
    const rows = await handle.db
      .selectDistinct({ currency: servicePrices.currencyCode })
      .from(servicePrices)
      .innerJoin(services, eq(services.id, servicePrices.serviceId))
      .innerJoin(locations, eq(locations.businessId, services.businessId))
      .innerJoin(cities, eq(cities.id, locations.cityId))
      .where(eq(cities.slug, "sofia"));
    expect(rows).toEqual([{ currency: "EUR" }]);
    expect(await handle.db.$count(servicePrices)).toBeGreaterThan(0);
  });

  it("leaves id sequences past the generated ids, so new rows get fresh ids", async () => {
    const [row] = await handle.db
      .insert(businesses)
      .values({ slug: "new-business", name: "New", businessTypeId: 1, currencyCode: "EUR", description: "" })
      .returning({ id: businesses.id });
    expect(row?.id).toBe(41);
  });
});
