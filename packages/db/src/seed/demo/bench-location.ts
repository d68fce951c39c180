import type { Catalogue } from "./generate-catalogue.ts";
import type { DemoData } from "./load-demo-data.ts";
import { Random } from "./random.ts";
import { slugify } from "./slugify.ts";

/**
 * The booking bench's location (`npm run db:seed -- --booking-bench`): a busy Sofia studio whose available slots
 * the bench queries. Its rows take ids from 900,001 in every table, whatever the size of the catalogue beside it,
 * so the location is always `bench-studio`, id 900001.
 */
export const BENCH_LOCATION = { id: 900_001, slug: "bench-studio", employees: 10, rooms: 3 } as const;
export const BENCH_FIRST_ID = BENCH_LOCATION.id;

/** Where the bench's location sits in the catalogue already loaded: looked up by slug, not assumed. */
export interface BenchLookups {
  city: { id: number; timeZone: string; currencyCode: string };
  neighborhood: { id: number; latitude: number; longitude: number };
  businessTypeId: number;
  marketplaceServiceIds: ReadonlyMap<string, number>;
}

/** The studio's menu, from the Bulgarian menus: hair, face care (in a room) and massage (in a room). */
const MENU: Array<{ type: string; category: number; room: boolean }> = [
  { type: "hair-salon", category: 0, room: false },
  { type: "hair-salon", category: 1, room: false },
  { type: "beauty-salon", category: 0, room: true },
  { type: "massage-studio", category: 0, room: true },
];
/** Mon-Sat 08:00-20:00 for the doors and for everyone; lunch hours staggered over 12:00-15:00. */
const OPEN = { from: "08:00", to: "20:00", weekdays: [1, 2, 3, 4, 5, 6] } as const;
const LUNCHES = ["12:00", "13:00", "14:00"];

export function emptyCatalogue(): Catalogue {
  return {
    currencies: [],
    businessTypes: [],
    marketplaceServices: [],
    tags: [],
    cities: [],
    neighborhoods: [],
    media: [],
    businesses: [],
    locations: [],
    locationTags: [],
    resources: [],
    workingHours: [],
    serviceCategories: [],
    services: [],
    servicePrices: [],
    serviceResourceNeeds: [],
    employees: [],
    serviceEmployees: [],
    employeeShifts: [],
    employeeBreaks: [],
    reviews: [],
    reviewItems: [],
  };
}

/** A counter per table, from BENCH_FIRST_ID. */
function benchIds() {
  const last = new Map<string, number>();
  return (table: string) => {
    const id = (last.get(table) ?? BENCH_FIRST_ID - 1) + 1;
    last.set(table, id);
    return id;
  };
}

/**
 * The bench's catalogue rows: one business and location, three treatment rooms, the menu above with buffers and
 * room needs, ten employees who all perform everything and all work Mon-Sat 08:00-20:00 with a lunch hour.
 */
export function generateBenchCatalogue(data: DemoData, lookups: BenchLookups, seed: number): Catalogue {
  const random = new Random(seed);
  const locale = data.locales.bg;
  const next = benchIds();
  const out = emptyCatalogue();
  const businessId = next("businesses");
  const locationId = BENCH_LOCATION.id;
  const name = "Termin Bench Studio";
  out.businesses.push({
    id: businessId,
    slug: BENCH_LOCATION.slug,
    name,
    businessTypeId: lookups.businessTypeId,
    currencyCode: lookups.city.currencyCode,
    description: "A busy studio for measuring booking: ten people, three rooms, five thousand appointments.",
    settings: {
      onlineBooking: true,
      slotStepMinutes: 15,
      bookingLeadTimeMinutes: 60,
      bookingHorizonDays: 90,
      cancellationNoticeHours: 24,
    },
  });
  out.locations.push({
    id: locationId,
    businessId,
    slug: BENCH_LOCATION.slug,
    name,
    address: `${locale.streets[0] ?? ""} 1`,
    cityId: lookups.city.id,
    neighborhoodId: lookups.neighborhood.id,
    latitude: lookups.neighborhood.latitude,
    longitude: lookups.neighborhood.longitude,
    timeZone: lookups.city.timeZone,
    phone: "+359 2 900 0001",
    description: "",
  });
  for (let room = 1; room <= BENCH_LOCATION.rooms; room++) {
    out.resources.push({
      id: next("resources"),
      locationId,
      name: `${data.resourceNames.bg.room} ${room}`,
      kind: "room",
    });
  }
  for (const weekday of OPEN.weekdays) {
    out.workingHours.push({ id: next("workingHours"), locationId, weekday, opensAt: OPEN.from, closesAt: OPEN.to });
  }
  MENU.forEach(({ type, category, room }, position) => {
    const group = locale.menus[type]?.[category];
    if (!group) throw new Error(`The Bulgarian ${type} menu has no category ${category}`);
    const categoryId = next("serviceCategories");
    out.serviceCategories.push({
      id: categoryId,
      businessId,
      name: group.category,
      slug: slugify(group.category),
      position,
    });
    group.services.forEach((seed, index) => {
      const marketplaceServiceId = lookups.marketplaceServiceIds.get(seed.marketplaceService);
      if (marketplaceServiceId === undefined) throw new Error(`No marketplace service ${seed.marketplaceService}`);
      const serviceId = next("services");
      const after = room ? 10 : 0;
      out.services.push({
        id: serviceId,
        businessId,
        serviceCategoryId: categoryId,
        marketplaceServiceId,
        name: seed.name,
        description: seed.description,
        position: index,
        bufferAfterMinutes: after,
      });
      if (room) out.serviceResourceNeeds.push({ serviceId, resourceKind: "room", quantity: 1 });
      const single = { name: null, durationMinutes: seed.durationMinutes, price: seed.price };
      const variants = seed.variants?.length ? seed.variants : [single];
      for (const variant of variants) {
        out.servicePrices.push({
          id: next("servicePrices"),
          serviceId,
          name: variant.name,
          priceMinor: variant.price * 100,
          currencyCode: lookups.city.currencyCode,
          durationMinutes: variant.durationMinutes,
        });
      }
    });
  });
  const titles = [...(locale.titles["hair-salon"] ?? []), ...(locale.titles["beauty-salon"] ?? [])];
  for (let person = 0; person < BENCH_LOCATION.employees; person++) {
    const female = random.chance(0.75);
    const surname = random.int(0, locale.lastNames.length - 1);
    const employeeId = next("employees");
    out.employees.push({
      id: employeeId,
      businessId,
      locationId,
      firstName: random.pick(female ? locale.firstNames.female : locale.firstNames.male),
      lastName: (female ? locale.lastNamesFemale?.[surname] : undefined) ?? locale.lastNames[surname] ?? "",
      title: random.pick(titles),
    });
    for (const service of out.services) {
      out.serviceEmployees.push({
        id: next("serviceEmployees"),
        serviceId: service.id as number,
        employeeId,
        active: true,
        commissionValue: 40,
        commissionType: "percent",
      });
    }
    const lunch = LUNCHES[person % LUNCHES.length] as string;
    const lunchEnd = `${String(Number(lunch.slice(0, 2)) + 1).padStart(2, "0")}:00`;
    for (const weekday of OPEN.weekdays) {
      out.employeeShifts.push({
        id: next("employeeShifts"),
        employeeId,
        weekday,
        startsAt: OPEN.from,
        endsAt: OPEN.to,
      });
      out.employeeBreaks.push({ id: next("employeeBreaks"), employeeId, weekday, startsAt: lunch, endsAt: lunchEnd });
    }
  }
  return out;
}
