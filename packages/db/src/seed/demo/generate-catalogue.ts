import type { Language } from "@termin/domain/languages";
import { REVIEW_ASPECTS } from "@termin/domain/reviews/review-aspects";
import type {
  businesses,
  businessTypes,
  cities,
  currencies,
  employees,
  locations,
  locationTags,
  marketplaceServices,
  media,
  neighborhoods,
  reviewItems,
  resources,
  reviews,
  serviceCategories,
  serviceEmployees,
  servicePrices,
  services,
  tags,
  workingHours,
} from "../../catalogue-schema.ts";
import type { employeeBreaks, employeeShifts, serviceResourceNeeds } from "../../booking-schema.ts";
import type { CitySeed, LocaleSeed } from "./demo-data-types.ts";
import { drawMonogram, drawPhoto, hueFor } from "./draw-media.ts";
import { addBookingRules } from "./generate-booking-rules.ts";
import { generateLookBookVideos, likeCountFrom, pickPictureShape, type VideoSubject } from "./generate-look-book.ts";
import { generateBusinessSettings, generateResources } from "./generate-location-extras.ts";
import { addStaffSchedules } from "./generate-staff-schedules.ts";
import type { DemoData } from "./load-demo-data.ts";
import { Random } from "./random.ts";
import { slugify } from "./slugify.ts";

export type Rows<T extends { $inferInsert: unknown }> = Array<T["$inferInsert"]>;

export interface Catalogue {
  currencies: Rows<typeof currencies>;
  businessTypes: Rows<typeof businessTypes>;
  marketplaceServices: Rows<typeof marketplaceServices>;
  tags: Rows<typeof tags>;
  cities: Rows<typeof cities>;
  neighborhoods: Rows<typeof neighborhoods>;
  media: Rows<typeof media>;
  businesses: Rows<typeof businesses>;
  locations: Rows<typeof locations>;
  locationTags: Rows<typeof locationTags>;
  resources: Rows<typeof resources>;
  workingHours: Rows<typeof workingHours>;
  serviceCategories: Rows<typeof serviceCategories>;
  services: Rows<typeof services>;
  servicePrices: Rows<typeof servicePrices>;
  serviceResourceNeeds: Rows<typeof serviceResourceNeeds>;
  employees: Rows<typeof employees>;
  serviceEmployees: Rows<typeof serviceEmployees>;
  employeeShifts: Rows<typeof employeeShifts>;
  employeeBreaks: Rows<typeof employeeBreaks>;
  reviews: Rows<typeof reviews>;
  reviewItems: Rows<typeof reviewItems>;
}

export interface GenerateOptions {
  /** Number of locations; about two thirds as many businesses (chains have two locations). */
  locations: number;
  seed?: number;
}

/** The demo's default seed; each part of the data draws from its own stream derived from it. */
export const DEMO_SEED = 20261122;

/** Reviews are dated before this day, so the data is the same whatever day it is generated. */
const REFERENCE_DAY = Date.UTC(2026, 10, 1);
const DAY_MS = 86_400_000;

const CURRENCY_MINOR_UNITS: Record<string, number> = { EUR: 2, GBP: 2, MKD: 2, RON: 2, TRY: 2, RUB: 2 };

/** Prices end in round figures, as on real menus. */
function roundPrice(value: number): number {
  const step = value < 60 ? 1 : value < 200 ? 5 : value < 1000 ? 10 : 50;
  return Math.max(step, Math.round(value / step) * step);
}

const HOURS_BY_TYPE: Record<
  string,
  { weekdays: [string, string]; saturday: [string, string] | null; sunday: [string, string] | null }
> = {
  "yoga-studio": { weekdays: ["07:00", "21:00"], saturday: ["09:00", "14:00"], sunday: ["10:00", "13:00"] },
  "fitness-studio": { weekdays: ["06:30", "22:00"], saturday: ["08:00", "20:00"], sunday: ["09:00", "18:00"] },
  spa: { weekdays: ["10:00", "21:00"], saturday: ["10:00", "21:00"], sunday: ["11:00", "19:00"] },
};
const SALON_HOURS = {
  weekdays: ["09:00", "20:00"] as [string, string],
  saturday: ["10:00", "17:00"] as [string, string],
  sunday: null,
};

class IdSequence {
  private current = 0;
  next(): number {
    this.current += 1;
    return this.current;
  }
}

/**
 * Builds the demo catalogue in memory: plain rows with stable ids, the same for the same seed.
 * Used by `npm start` on an empty database and by tests; `locations: 10_000` for benchmarks.
 */
export function generateCatalogue(data: DemoData, options: GenerateOptions): Catalogue {
  const base = options.seed ?? DEMO_SEED;
  const random = new Random(base);
  // Tags, resources and settings draw from their own stream, so adding them moved none of the other data.
  const extras = new Random(base + 1);
  // Look-book dates and videos too: posting dates spread over a year, for the newest-first feed.
  const lookBook = new Random(base + 2);
  const postedAt = (withinDays: number) =>
    new Date(REFERENCE_DAY - lookBook.int(0, withinDays - 1) * DAY_MS - lookBook.int(0, 86_399) * 1000);
  const videoSubjects = new Map<string, VideoSubject>();
  const out: Catalogue = {
    currencies: Object.entries(CURRENCY_MINOR_UNITS).map(([code, minorUnits]) => ({ code, minorUnits })),
    businessTypes: data.businessTypes.map((type, index) => ({ id: index + 1, slug: type.slug, names: type.names })),
    marketplaceServices: data.marketplaceServices.map((service, index) => ({
      id: index + 1,
      slug: service.slug,
      category: service.category,
      names: service.names,
    })),
    tags: data.tags.map((tag, index) => ({ id: index + 1, slug: tag.slug, names: tag.names })),
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
  const ids = {
    neighborhood: new IdSequence(),
    media: new IdSequence(),
    location: new IdSequence(),
    hours: new IdSequence(),
    resource: new IdSequence(),
    category: new IdSequence(),
    service: new IdSequence(),
    price: new IdSequence(),
    employee: new IdSequence(),
    serviceEmployee: new IdSequence(),
    review: new IdSequence(),
    reviewItem: new IdSequence(),
  };
  const marketplaceIdBySlug = new Map(out.marketplaceServices.map((s) => [s.slug, s.id as number]));
  const categoryBySlug = new Map(data.marketplaceServices.map((s) => [s.slug, s.category]));
  const businessTypeIdBySlug = new Map(out.businessTypes.map((t) => [t.slug, t.id as number]));

  const neighborhoodsByCity = new Map<number, Array<{ id: number; seed: CitySeed["neighborhoods"][number] }>>();
  data.cities.forEach((city, index) => {
    const cityId = index + 1;
    out.cities.push({
      id: cityId,
      slug: city.slug,
      countryCode: city.country,
      language: city.language,
      currencyCode: city.currency,
      timeZone: city.timeZone,
      latitude: city.latitude,
      longitude: city.longitude,
      names: city.names,
    });
    neighborhoodsByCity.set(
      cityId,
      city.neighborhoods.map((neighborhood) => {
        const id = ids.neighborhood.next();
        out.neighborhoods.push({ id, cityId, ...neighborhood });
        return { id, seed: neighborhood };
      }),
    );
  });

  const usedSlugs = new Set<string>();
  const uniqueSlug = (base: string) => {
    let slug = base || "location";
    for (let n = 2; usedSlugs.has(slug); n++) slug = `${base}-${n}`;
    usedSlugs.add(slug);
    return slug;
  };
  const drawImage = (image: ReturnType<typeof drawPhoto>, fields: Partial<Catalogue["media"][number]>) => {
    const id = ids.media.next();
    out.media.push({ id, kind: "image", width: image.width, height: image.height, svg: image.svg, alt: "", ...fields });
    return id;
  };

  const businessCount = Math.max(1, Math.round((options.locations * 2) / 3));
  const chainCount = options.locations - businessCount;

  for (let b = 0; b < businessCount; b++) {
    const cityIndex =
      b < data.cities.length
        ? b
        : random.weighted(
            data.cities.map((_, i) => i),
            data.cities.map((city) => (city.priceFactor >= 1 ? 3 : 1)),
          );
    const city = data.cities[cityIndex] as CitySeed;
    const cityId = cityIndex + 1;
    const locale = data.locales[city.language] as LocaleSeed;
    // Each main city's first business is a nail salon: the visitor journeys (a manicure in Sofia) rely on it.
    const type = b < data.cities.length && city.priceFactor >= 1 ? "nail-salon" : random.pick(data.businessTypes).slug;
    const businessId = b + 1;
    const baseName = random.pick(locale.businessNames[type] ?? ["Termin"]);
    const menu = locale.menus[type] ?? [];
    const mainCategory = categoryBySlug.get(menu[0]?.services[0]?.marketplaceService ?? "") ?? "hair";
    const logoMediaId = drawImage(
      drawMonogram({ initials: [...baseName][0]?.toUpperCase() ?? "T", hue: hueFor(mainCategory) }),
      {
        businessId,
        alt: baseName,
      },
    );
    out.businesses.push({
      id: businessId,
      slug: uniqueSlug(slugify(`${baseName} ${city.slug}`)),
      name: baseName,
      businessTypeId: businessTypeIdBySlug.get(type) as number,
      currencyCode: city.currency,
      description: random
        .pick(locale.descriptions[type] ?? [""])
        .replaceAll("{name}", baseName)
        .replaceAll("{city}", city.names[city.language]),
      logoMediaId,
      // The first business is the demo client's home (their visits, favourites, membership): it books online, so
      // all of that can be used from the app. Drawn first all the same, so the rest of the demo data stays as it was.
      settings: { ...generateBusinessSettings(type, businessId, extras), ...(b === 0 ? { onlineBooking: true } : {}) },
    });

    // The business's menu, shared by its locations.
    const businessServices: Array<{ id: number; category: string; marketplaceServiceId: number; name: string }> = [];
    menu.forEach((group, groupIndex) => {
      const categoryId = ids.category.next();
      out.serviceCategories.push({
        id: categoryId,
        businessId,
        name: group.category,
        slug: slugify(group.category),
        position: groupIndex,
      });
      group.services.forEach((seed, position) => {
        if (position > 0 && random.chance(0.12)) return; // not every salon offers everything; each keeps its first
        const serviceId = ids.service.next();
        const marketplaceServiceId = marketplaceIdBySlug.get(seed.marketplaceService);
        if (!marketplaceServiceId) throw new Error(`Unknown marketplace service ${seed.marketplaceService}`);
        out.services.push({
          id: serviceId,
          businessId,
          serviceCategoryId: categoryId,
          marketplaceServiceId,
          name: seed.name,
          description: seed.description,
          position,
        });
        const factor = city.priceFactor * (0.85 + random.next() * 0.35);
        const minor = 10 ** (CURRENCY_MINOR_UNITS[city.currency] ?? 2);
        const variants = seed.variants?.length
          ? seed.variants
          : [{ name: null, durationMinutes: seed.durationMinutes, price: seed.price }];
        for (const variant of variants) {
          out.servicePrices.push({
            id: ids.price.next(),
            serviceId,
            name: variant.name,
            priceMinor: roundPrice(variant.price * factor) * minor,
            currencyCode: city.currency,
            durationMinutes: variant.durationMinutes,
          });
        }
        businessServices.push({
          id: serviceId,
          category: categoryBySlug.get(seed.marketplaceService) ?? mainCategory,
          marketplaceServiceId,
          name: seed.name,
        });
      });
    });

    const locationCount = b < chainCount ? 2 : 1;
    const cityNeighborhoods = neighborhoodsByCity.get(cityId) ?? [];
    const chosenNeighborhoods = random.sample(cityNeighborhoods, locationCount);
    for (const neighborhood of chosenNeighborhoods) {
      const locationId = ids.location.next();
      const name = locationCount > 1 ? `${baseName} – ${neighborhood.seed.name}` : baseName;
      const coverMediaId = drawImage(drawPhoto({ category: mainCategory, width: 1200, height: 800, random }), {
        businessId,
        locationId,
        alt: name,
      });
      for (const service of businessServices) {
        const { category, marketplaceServiceId, name: serviceName } = service;
        if (!videoSubjects.has(category)) {
          videoSubjects.set(category, { category, marketplaceServiceId, name: serviceName, businessId, locationId });
        }
      }
      // A few portfolio pictures per location, in the Look Book under their service.
      for (let picture = 0; picture < 3; picture++) {
        const service = businessServices.length > 0 ? random.pick(businessServices) : undefined;
        drawImage(
          drawPhoto({
            category: service?.category ?? mainCategory,
            ...pickPictureShape(random),
            random,
          }),
          {
            businessId,
            locationId,
            marketplaceServiceId: service?.marketplaceServiceId ?? null,
            inspiration: true,
            likeCount: likeCountFrom(random.next(), 900),
            createdAt: postedAt(365),
            alt: service?.name ?? name,
          },
        );
      }
      const street = random.pick(locale.streets);
      out.locations.push({
        id: locationId,
        businessId,
        slug: uniqueSlug(slugify(`${baseName} ${neighborhood.seed.name}`)),
        name,
        address: locale.addressFormat.replace("{street}", street).replace("{number}", String(random.int(1, 120))),
        cityId,
        neighborhoodId: neighborhood.id,
        latitude: neighborhood.seed.latitude + (random.next() - 0.5) * 0.01,
        longitude: neighborhood.seed.longitude + (random.next() - 0.5) * 0.01,
        timeZone: city.timeZone,
        phone: `${city.phonePrefix} ${random.int(100, 999)} ${random.int(1000, 9999)}`,
        description: out.businesses[b]?.description ?? "",
        coverMediaId,
      });

      for (const tag of extras.sample(out.tags, extras.int(2, 5))) {
        out.locationTags.push({ locationId, tagId: tag.id as number });
      }
      for (const resource of generateResources(type, locale.language, data.resourceNames, extras)) {
        out.resources.push({ id: ids.resource.next(), locationId, ...resource });
      }

      const hours = HOURS_BY_TYPE[type] ?? SALON_HOURS;
      for (let weekday = 1; weekday <= 7; weekday++) {
        const span = weekday <= 5 ? hours.weekdays : weekday === 6 ? hours.saturday : hours.sunday;
        if (span)
          out.workingHours.push({ id: ids.hours.next(), locationId, weekday, opensAt: span[0], closesAt: span[1] });
      }

      const staff: number[] = [];
      for (let person = 0, count = random.int(2, 6); person < count; person++) {
        const female = random.chance(type === "barbershop" ? 0.15 : 0.75);
        const lastIndex = random.int(0, locale.lastNames.length - 1);
        const firstName = random.pick(female ? locale.firstNames.female : locale.firstNames.male);
        const lastName =
          (female ? locale.lastNamesFemale?.[lastIndex] : undefined) ?? locale.lastNames[lastIndex] ?? "";
        const employeeId = ids.employee.next();
        const avatarMediaId = drawImage(
          drawMonogram({
            initials: `${[...firstName][0] ?? ""}${[...lastName][0] ?? ""}`,
            hue: random.int(0, 359),
            size: 160,
          }),
          { businessId, locationId, alt: `${firstName} ${lastName}` },
        );
        out.employees.push({
          id: employeeId,
          businessId,
          locationId,
          firstName,
          lastName,
          title: random.pick(locale.titles[type] ?? [""]),
          avatarMediaId,
        });
        staff.push(employeeId);
      }
      for (const service of businessServices) {
        for (const employeeId of random.sample(staff, random.int(1, Math.min(3, staff.length)))) {
          out.serviceEmployees.push({
            id: ids.serviceEmployee.next(),
            serviceId: service.id,
            employeeId,
            active: random.chance(0.95),
            commissionValue: random.pick([30, 35, 40, 45, 50]),
            commissionType: "percent",
          });
        }
      }

      let ratingSum = 0;
      const reviewCount = random.int(3, 14);
      // A place's reviewers do not write the same words: a text comes back only once its pool is used up.
      const written = new Set<string>();
      for (let r = 0; r < reviewCount; r++) {
        const rating = random.weighted([5, 4, 3, 2, 1], [55, 25, 10, 6, 4]);
        const texts = locale.reviews[rating >= 4 ? "positive" : rating === 3 ? "mixed" : "negative"];
        const fitting = [...texts.any, ...(texts[type] ?? [])];
        const unwritten = fitting.filter((text) => !written.has(text));
        const text = random.pick(unwritten.length > 0 ? unwritten : fitting);
        written.add(text);
        const reviewId = ids.review.next();
        const author = `${random.pick([...locale.firstNames.female, ...locale.firstNames.male])} ${[...random.pick(locale.lastNames)][0] ?? ""}.`;
        out.reviews.push({
          id: reviewId,
          locationId,
          employeeId: random.pick(staff),
          authorName: author,
          rating,
          text,
          language: locale.language satisfies Language,
          createdAt: new Date(REFERENCE_DAY - random.int(1, 540) * DAY_MS - random.int(0, 86_399) * 1000),
        });
        for (const aspect of REVIEW_ASPECTS) {
          out.reviewItems.push({
            id: ids.reviewItem.next(),
            reviewId,
            aspect,
            rating: Math.max(1, Math.min(5, rating + random.weighted([0, -1, 1], [70, 20, 10]))),
          });
        }
        ratingSum += rating;
      }
      const location = out.locations[out.locations.length - 1];
      if (location) {
        location.reviewCount = reviewCount;
        location.ratingAverage = Math.round((ratingSum / reviewCount) * 100) / 100;
      }
    }
  }
  out.media.push(
    ...generateLookBookVideos({
      subjects: [...videoSubjects.values()],
      random: lookBook,
      nextId: () => ids.media.next(),
      postedAt: () => postedAt(60),
    }),
  );
  // Booking rules and staff schedules: a stream of their own too (seed + 4 and on are the bookings').
  const booking = new Random(base + 3);
  addBookingRules(out, booking);
  addStaffSchedules(out, booking);
  return out;
}
