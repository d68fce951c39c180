import { describe, expect, it } from "vitest";
import { generateCatalogue } from "./generate-catalogue.ts";
import { DEMO_VIDEO_COUNT } from "./generate-look-book.ts";
import { loadDemoData } from "./load-demo-data.ts";
import type { Language } from "@termin/domain/languages";

const data = loadDemoData();
const catalogue = generateCatalogue(data, { locations: 60 });

describe("generateCatalogue", () => {
  it("is deterministic: the same seed gives the same catalogue", () => {
    expect(JSON.stringify(generateCatalogue(data, { locations: 60 }))).toBe(JSON.stringify(catalogue));
    expect(JSON.stringify(generateCatalogue(data, { locations: 60, seed: 7 }))).not.toBe(JSON.stringify(catalogue));
  });

  it("makes 60 locations of 40 businesses, with every city represented", () => {
    expect(catalogue.locations).toHaveLength(60);
    expect(catalogue.businesses).toHaveLength(40);
    const citiesWithLocations = new Set(catalogue.locations.map((l) => l.cityId));
    expect(citiesWithLocations.size).toBe(data.cities.length);
  });

  it("prices each business in its country's currency", () => {
    const cityById = new Map(catalogue.cities.map((c) => [c.id, c]));
    const businessCity = new Map(catalogue.locations.map((l) => [l.businessId, cityById.get(l.cityId)]));
    for (const business of catalogue.businesses) {
      expect(business.currencyCode).toBe(businessCity.get(business.id as number)?.currencyCode);
    }
    const expected: Record<string, string> = {
      BG: "EUR",
      MK: "MKD",
      GR: "EUR",
      RO: "RON",
      TR: "TRY",
      RU: "RUB",
      GB: "GBP",
    };
    for (const city of catalogue.cities) {
      if (expected[city.countryCode]) expect(city.currencyCode).toBe(expected[city.countryCode]);
    }
  });

  it("gives every location staff, weekly hours, reviews and pictures, with a matching rating summary", () => {
    for (const location of catalogue.locations) {
      expect(catalogue.employees.some((e) => e.locationId === location.id)).toBe(true);
      expect(catalogue.workingHours.filter((h) => h.locationId === location.id).length).toBeGreaterThanOrEqual(5);
      const reviews = catalogue.reviews.filter((r) => r.locationId === location.id);
      expect(reviews).toHaveLength(location.reviewCount ?? 0);
      const average = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
      expect(location.ratingAverage).toBeCloseTo(average, 2);
      expect(catalogue.media.some((m) => m.locationId === location.id && m.inspiration)).toBe(true);
    }
  });

  it("writes each place's reviews about its own kind of place, in its city's language", () => {
    const typeSlug = new Map(catalogue.businessTypes.map((t) => [t.id, t.slug]));
    const businessType = new Map(catalogue.businesses.map((b) => [b.id, typeSlug.get(b.businessTypeId)]));
    const cityLanguage = new Map(catalogue.cities.map((c) => [c.id, c.language]));
    const locationOf = new Map(catalogue.locations.map((l) => [l.id, l]));
    for (const review of catalogue.reviews) {
      const location = locationOf.get(review.locationId);
      const type = businessType.get(location?.businessId ?? 0) ?? "";
      const tones = Object.values(data.locales[cityLanguage.get(location?.cityId ?? 0) as Language].reviews);
      const fitting = tones.flatMap((texts) => [...texts.any, ...(texts[type] ?? [])]);
      expect(fitting, `${type}: ${review.text}`).toContain(review.text);
    }
    // A place's reviewers do not repeat each other while other fitting texts of the same tone are left.
    const toneOf = (rating: number) => (rating >= 4 ? "positive" : rating === 3 ? "mixed" : "negative");
    for (const location of catalogue.locations) {
      const type = businessType.get(location.businessId) ?? "";
      const locale = data.locales[cityLanguage.get(location.cityId) as Language];
      for (const tone of ["positive", "mixed", "negative"] as const) {
        const texts = catalogue.reviews
          .filter((r) => r.locationId === location.id && toneOf(r.rating) === tone)
          .map((r) => r.text);
        const fitting = locale.reviews[tone].any.length + (locale.reviews[tone][type]?.length ?? 0);
        expect(new Set(texts).size, `${location.slug} ${tone}`).toBe(Math.min(texts.length, fitting));
      }
    }
    // Not only the texts that fit everywhere: places of each kind hear about their own treatments.
    const typeTexts = (type: string) => Object.values(data.locales.en.reviews).flatMap((texts) => texts[type] ?? []);
    expect(catalogue.reviews.some((r) => typeTexts("nail-salon").includes(r.text ?? ""))).toBe(true);
  });

  it("tags every location and gives it bookable resources named in its city's language", () => {
    const cityLanguage = new Map(catalogue.cities.map((c) => [c.id, c.language]));
    for (const location of catalogue.locations) {
      expect(catalogue.locationTags.filter((t) => t.locationId === location.id).length).toBeGreaterThanOrEqual(2);
      const names = catalogue.resources.filter((r) => r.locationId === location.id).map((r) => r.name);
      expect(names.length).toBeGreaterThan(0);
      const labels = Object.values(data.resourceNames[cityLanguage.get(location.cityId) as Language]);
      for (const name of names) expect(labels.some((label) => name.startsWith(`${label} `))).toBe(true);
    }
  });

  it("gives every resource the kind its name says and its business type books", () => {
    const cityLanguage = new Map(catalogue.cities.map((c) => [c.id, c.language]));
    const locationOf = new Map(catalogue.locations.map((l) => [l.id, l]));
    for (const resource of catalogue.resources) {
      const location = locationOf.get(resource.locationId);
      const names = data.resourceNames[cityLanguage.get(location?.cityId ?? 0) as Language];
      expect(resource.name.startsWith(`${names[resource.kind as keyof typeof names]} `)).toBe(true);
    }
    expect(new Set(catalogue.resources.map((r) => r.kind))).toEqual(new Set(["chair", "room", "station", "hall"]));
  });

  it("gives treatments buffers and resource needs, only of kinds every location of the business has", () => {
    const kinds = new Map<number, Set<string>>();
    for (const resource of catalogue.resources) {
      kinds.set(resource.locationId, (kinds.get(resource.locationId) ?? new Set()).add(resource.kind ?? ""));
    }
    const service = new Map(catalogue.services.map((s) => [s.id, s]));
    for (const need of catalogue.serviceResourceNeeds) {
      const businessId = service.get(need.serviceId)?.businessId;
      for (const location of catalogue.locations.filter((l) => l.businessId === businessId)) {
        expect(kinds.get(location.id as number)?.has(need.resourceKind)).toBe(true);
      }
    }
    expect(new Set(catalogue.serviceResourceNeeds.map((need) => need.resourceKind))).toEqual(
      new Set(["room", "station", "hall"]),
    );
    const buffered = catalogue.services.filter((s) => (s.bufferAfterMinutes ?? 0) > 0);
    expect(buffered.length).toBeGreaterThan(20);
    expect(buffered.length).toBeLessThan(catalogue.services.length / 2);
    const steps = catalogue.businesses.map((b) => b.settings?.slotStepMinutes).filter((step) => step !== undefined);
    expect(steps.length).toBeGreaterThan(5);
    expect(steps.length).toBeLessThan(catalogue.businesses.length);
    expect(new Set(steps)).toEqual(new Set([10, 15, 20, 30]));
  });

  it("gives every employee weekly shifts within opening hours, not all the same, with most long shifts a break", () => {
    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
    const hours = new Map(catalogue.workingHours.map((h) => [`${h.locationId}/${h.weekday}`, h]));
    const locationOf = new Map(catalogue.employees.map((e) => [e.id, e.locationId]));
    let lessThanOpen = 0;
    for (const employee of catalogue.employees) {
      const shifts = catalogue.employeeShifts.filter((shift) => shift.employeeId === employee.id);
      expect(shifts.length, `employee ${employee.id}`).toBeGreaterThan(0);
      const open = catalogue.workingHours.filter((h) => h.locationId === employee.locationId);
      const worked = shifts.reduce((sum, shift) => sum + minutes(shift.endsAt) - minutes(shift.startsAt), 0);
      const opened = open.reduce((sum, h) => sum + minutes(h.closesAt) - minutes(h.opensAt), 0);
      if (worked < opened) lessThanOpen += 1;
    }
    expect(lessThanOpen).toBeGreaterThan(catalogue.employees.length / 2);
    for (const shift of catalogue.employeeShifts) {
      const open = hours.get(`${locationOf.get(shift.employeeId)}/${shift.weekday}`);
      expect(open, `shift ${shift.id}`).toBeDefined();
      expect(minutes(shift.startsAt)).toBeGreaterThanOrEqual(minutes(open?.opensAt ?? ""));
      expect(minutes(shift.endsAt)).toBeLessThanOrEqual(minutes(open?.closesAt ?? ""));
      expect(minutes(shift.startsAt)).toBeLessThan(minutes(shift.endsAt));
    }
    for (const pause of catalogue.employeeBreaks) {
      const within = catalogue.employeeShifts.some(
        (shift) =>
          shift.employeeId === pause.employeeId &&
          shift.weekday === pause.weekday &&
          minutes(shift.startsAt) < minutes(pause.startsAt) &&
          minutes(pause.endsAt) < minutes(shift.endsAt),
      );
      expect(within, `break ${pause.id}`).toBe(true);
    }
    const long = catalogue.employeeShifts.filter((s) => minutes(s.endsAt) - minutes(s.startsAt) >= 360);
    expect(catalogue.employeeBreaks.length / long.length).toBeGreaterThan(0.6);
  });

  it("gives every business its booking rules", () => {
    for (const { settings } of catalogue.businesses) {
      expect(settings).toMatchObject({
        onlineBooking: expect.any(Boolean),
        cancellationNoticeHours: expect.any(Number),
        bookingLeadTimeMinutes: expect.any(Number),
        bookingHorizonDays: expect.any(Number),
      });
    }
  });

  it("writes prices in minor units with durations in 5-minute steps", () => {
    for (const price of catalogue.servicePrices) {
      expect(Number.isInteger(price.priceMinor)).toBe(true);
      expect(price.priceMinor).toBeGreaterThan(0);
      expect(price.priceMinor % 100).toBe(0);
      expect(price.durationMinutes % 5).toBe(0);
    }
  });

  it("gives every location and business a unique ascii slug", () => {
    for (const rows of [catalogue.locations, catalogue.businesses]) {
      const slugs = rows.map((row) => row.slug);
      expect(new Set(slugs).size).toBe(slugs.length);
      for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });

  it("offers a manicure in every main city (the visitor journeys start there)", () => {
    const manicure = catalogue.marketplaceServices.find((s) => s.slug === "manicure")?.id;
    const businessesWithManicure = new Set(
      catalogue.services.filter((s) => s.marketplaceServiceId === manicure).map((s) => s.businessId),
    );
    const mainCities = data.cities.filter((city) => city.priceFactor >= 1).map((city) => city.slug);
    expect(mainCities).toContain("sofia");
    for (const slug of mainCities) {
      const cityId = catalogue.cities.find((c) => c.slug === slug)?.id;
      const offered = catalogue.locations.some((l) => l.cityId === cityId && businessesWithManicure.has(l.businessId));
      expect(offered, slug).toBe(true);
    }
  });

  it("scales to larger catalogues for benchmarks", () => {
    const large = generateCatalogue(data, { locations: 600 });
    expect(large.locations).toHaveLength(600);
    expect(large.businesses).toHaveLength(400);
    // Videos are the slow part of seeding: their number does not grow with the catalogue.
    expect(large.media.filter((m) => m.kind === "video")).toHaveLength(DEMO_VIDEO_COUNT);
  });

  it("posts one portrait look-book video per category on offer, each under a service the location offers", () => {
    const videos = catalogue.media.filter((m) => m.kind === "video");
    expect(videos).toHaveLength(DEMO_VIDEO_COUNT);
    const categoryOf = new Map(catalogue.marketplaceServices.map((s) => [s.id, s.category]));
    expect(new Set(videos.map((v) => categoryOf.get(v.marketplaceServiceId ?? 0))).size).toBe(DEMO_VIDEO_COUNT);
    for (const video of videos) {
      expect(video).toMatchObject({ inspiration: true, width: 540, height: 960 });
      expect(video.durationSeconds).toBeGreaterThanOrEqual(4);
      expect(video.durationSeconds).toBeLessThanOrEqual(6);
      const offered = catalogue.services.some(
        (s) => s.businessId === video.businessId && s.marketplaceServiceId === video.marketplaceServiceId,
      );
      expect(offered).toBe(true);
      expect(catalogue.locations.find((l) => l.id === video.locationId)?.businessId).toBe(video.businessId);
    }
  });

  it("gives look-book pictures portrait, square and landscape shapes, dates and long-tailed like counts", () => {
    const pictures = catalogue.media.filter((m) => m.inspiration && m.kind === "image");
    const shapes = new Set(pictures.map((m) => Math.sign(m.width - m.height)));
    expect(shapes).toEqual(new Set([-1, 0, 1]));
    expect(new Set(pictures.map((m) => m.createdAt?.getTime())).size).toBe(pictures.length);
    const likes = pictures.map((m) => m.likeCount ?? 0).sort((a, b) => a - b);
    const median = likes[Math.floor(likes.length / 2)] ?? 0;
    expect(median).toBeLessThan(200);
    expect(likes.at(-1)).toBeGreaterThan(600);
  });
});
