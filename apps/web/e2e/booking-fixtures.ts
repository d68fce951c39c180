import type { APIRequestContext, APIResponse, Locator, Page } from "@playwright/test";
import type { LocationResource, SettingsResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument, ResourceObject, SingleDocument } from "@termin/contracts/jsonapi";
import type { EmployeeResource, ServiceResource } from "@termin/contracts/offer-resources";
import type { SignedUpClient } from "./account-fixtures.ts";
import { expect, required } from "./fixtures.ts";

// What booking journeys need from the demo data and the API, found rather than assumed (ids change with the seed).

export interface Offer {
  id: string;
  name: string;
  priceId: string;
  employee: { id: string; name: string };
}

export interface BookablePlace {
  slug: string;
  name: string;
  locationId: string;
  /**
   * A service and an employee, and a second service someone else can do right after the first's first free
   * time on `day`: far enough ahead to be moved and cancelled within the business's notice.
   */
  first: Offer;
  second: Offer;
  day: string;
}

/** A date in a zone, some days from today there. */
export function dateIn(timeZone: string, daysAhead: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** A date in Sofia, some days from today. */
export const sofiaDate = (daysAhead: number) => dateIn("Europe/Sofia", daysAhead);

export const api = (request: APIRequestContext, path: string, client?: Pick<SignedUpClient, "authorization">) =>
  request.get(`/v1c/${path}`, { headers: client ? { authorization: client.authorization } : {} });

export async function json<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

/** A demo place whose business takes bookings online, with that business's rules. */
export interface OnlinePlace {
  place: LocationResource;
  businessId: string;
  rules: SettingsResource["attributes"];
}

/**
 * The demo places whose business takes bookings online, by name, as the public API lists them: journeys find what
 * they need in the demo data rather than assume ids or names, which change with the seed.
 */
export async function* placesBookingOnline(request: APIRequestContext): AsyncGenerator<OnlinePlace> {
  const locations = await json<CollectionDocument<LocationResource>>(
    api(request, "locations?page[size]=100&sort=name"),
  );
  const rulesOf = new Map<string, SettingsResource["attributes"]>();
  for (const place of locations.data) {
    const business = place.relationships?.business?.data;
    if (!business || Array.isArray(business)) continue;
    let rules = rulesOf.get(business.id);
    if (!rules) {
      rules = (await json<SingleDocument<SettingsResource>>(api(request, `settings/${business.id}`))).data.attributes;
      rulesOf.set(business.id, rules);
    }
    if (rules.online_booking_enabled) yield { place, businessId: business.id, rules };
  }
}

/** A service with one price, which the picker books without asking for an option. */
export interface SinglePriceService {
  id: string;
  name: string;
  priceId: string;
  minutes: number;
}

/**
 * The place's services booked at a time of one's own (not classes, booked by the seat) that have exactly one price,
 * paid at the venue (`paid: "online"`: those that ask for a deposit or prepayment instead, whose booking waits for
 * its payment).
 */
export async function singlePriceServices(
  request: APIRequestContext,
  placeId: string,
  paid: "venue" | "online" = "venue",
): Promise<SinglePriceService[]> {
  const services = await json<CollectionDocument<ServiceResource>>(
    api(request, `services?filter[location]=${placeId}&include=servicePrices&page[size]=100`),
  );
  return services.data.flatMap((service) => {
    if (service.attributes.kind !== "appointment") return [];
    if ((service.attributes.payment_policy === "venue") !== (paid === "venue")) return [];
    const prices = service.relationships?.servicePrices?.data;
    if (!Array.isArray(prices) || prices.length !== 1 || !prices[0]) return [];
    const priceId = prices[0].id;
    const price = services.included?.find((each) => each.type === "service-prices" && each.id === priceId);
    const minutes = Number((price?.attributes as { duration_minutes?: number } | undefined)?.duration_minutes);
    return [{ id: service.id, name: service.attributes.name, priceId, minutes }];
  });
}

export type Slots = CollectionDocument<ResourceObject<"available-slots", { starts_at: string; ends_at: string }>>;

/** The free times of a service price at a place between two dates of its own (with one employee, or anyone). */
export function freeSlots(
  request: APIRequestContext,
  ask: { priceId: string; locationId: string; from: string; to: string; employeeId?: string; backToBackAt?: string },
): Promise<Slots> {
  const query = new URLSearchParams({
    "filter[service_price_id]": ask.priceId,
    "filter[location_id]": ask.locationId,
    "filter[date_from]": ask.from,
    "filter[date_to]": ask.to,
    ...(ask.employeeId ? { "filter[employee_id]": ask.employeeId } : {}),
    ...(ask.backToBackAt ? { "filter[back_to_back_at]": ask.backToBackAt } : {}),
  });
  return json<Slots>(api(request, `available-slots?${query}`));
}

export const employeeIdsOf = (slot: Slots["data"][number]) => {
  const data = slot.relationships?.employees?.data;
  return Array.isArray(data) ? data.map((employee) => employee.id) : [];
};

/**
 * A demo place in Sofia's zone that books online, with two one-price services where the second can follow the
 * first's first free time with another employee: found through the public API (what the page will show), so
 * the test follows the demo data rather than fixed ids.
 */
export async function bookablePlace(request: APIRequestContext): Promise<BookablePlace> {
  for await (const { place: location } of placesBookingOnline(request)) {
    if (location.attributes.time_zone !== "Europe/Sofia") continue;
    const offers: Array<Omit<Offer, "employee"> & { employees: Offer["employee"][] }> = [];
    for (const service of await singlePriceServices(request, location.id)) {
      const employees = await json<CollectionDocument<EmployeeResource>>(
        api(request, `employees?filter[location]=${location.id}&filter[service]=${service.id}`),
      );
      if (employees.data.length < 2) continue;
      offers.push({
        id: service.id,
        name: service.name,
        priceId: service.priceId,
        employees: employees.data.map(({ id, attributes: a }) => ({ id, name: `${a.first_name} ${a.last_name}` })),
      });
    }
    for (const first of offers) {
      const employee = required(first.employees[0], "an employee");
      const slots = await freeSlots(request, {
        priceId: first.priceId,
        locationId: location.id,
        employeeId: employee.id,
        from: sofiaDate(3),
        to: sofiaDate(6),
      });
      const start = slots.data[0];
      if (!start) continue;
      for (const second of offers.filter((offer) => offer.id !== first.id)) {
        const day = start.attributes.starts_at.slice(0, 10);
        const next = await freeSlots(request, { priceId: second.priceId, locationId: location.id, from: day, to: day });
        const after = next.data.find(
          (slot) => Date.parse(slot.attributes.starts_at) === Date.parse(start.attributes.ends_at),
        );
        const other = second.employees.find(
          (each) => each.id !== employee.id && after && employeeIdsOf(after).includes(each.id),
        );
        if (other) {
          return {
            slug: location.attributes.slug,
            name: location.attributes.name,
            locationId: location.id,
            first: { ...first, employee },
            second: { ...second, employee: other },
            day: start.attributes.starts_at.slice(0, 10),
          };
        }
      }
    }
  }
  throw new Error("Missing in the demo data: a place in Sofia's zone with two services bookable back to back");
}

export const main = (page: Page) => page.getByRole("main");

/**
 * The picker's nth day with free times (0: the first), paging to later windows when this one has fewer: a window
 * starts on this week's Monday, so how many of its days are still ahead depends on the weekday the suite runs.
 */
export async function freeDay(page: Page, nth: number): Promise<Locator> {
  const days = main(page).locator(".day-calendar__days a");
  let before = 0;
  for (;;) {
    const shown = await days.count();
    if (nth < before + shown) return days.nth(nth - before);
    before += shown;
    // The later window's arrow is the last of the moves (the earlier one, when there is one, comes first).
    const later = main(page).locator(".day-calendar__moves a").last();
    const address = required(await later.getAttribute("href"), "a later window of days");
    await later.click();
    await expect(page).toHaveURL((url) => address.endsWith(url.search));
  }
}
/** A client made through the API alone (no browser session), for what another person does meanwhile. */
export async function anotherClient(request: APIRequestContext): Promise<string> {
  const response = await request.post("/auth/sign-up", {
    data: {
      email: `e2e-${crypto.randomUUID()}@example.test`,
      password: "lilac-harbour-42",
      first_name: "Ива",
      last_name: "Стоева",
      language: "bg",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const tokens = (await response.json()) as { token_type: string; access_token: string };
  return `${tokens.token_type} ${tokens.access_token}`;
}

/** Books one service for a client through the API (someone else taking a time, or a visit to start from). */
export function bookThroughApi(
  request: APIRequestContext,
  authorization: string,
  booking: { locationId: string; priceId: string; employeeId: string | null; startsAt: string },
): Promise<APIResponse> {
  return request.post("/v1c/appointments", {
    headers: { authorization, "content-type": "application/vnd.api+json" },
    data: {
      data: {
        type: "appointments",
        attributes: {
          services: [
            {
              service_price_id: booking.priceId,
              starts_at: booking.startsAt,
              ...(booking.employeeId ? { employee_id: booking.employeeId } : {}),
            },
          ],
        },
        relationships: { location: { data: { type: "locations", id: booking.locationId } } },
      },
    },
  });
}

/** A service ending off the 15-minute grid, at a time another service of the place can follow right then. */
export interface OffGridPlace {
  slug: string;
  first: { id: string; name: string; startsAt: string; endsAt: string };
  second: { id: string; name: string };
}

/**
 * A demo place with a single-price service whose length is not a multiple of 15 minutes (20, 55), a free time of it
 * a few days ahead, and another single-price service free exactly when it ends: the API offers that start when
 * asked for it back to back (filter[back_to_back_at]).
 */
export async function offGridPlace(request: APIRequestContext): Promise<OffGridPlace> {
  for await (const { place: location } of placesBookingOnline(request)) {
    const single = await singlePriceServices(request, location.id);
    for (const first of single.filter((service) => service.minutes % 15 !== 0)) {
      const slots = await freeSlots(request, {
        priceId: first.priceId,
        locationId: location.id,
        from: sofiaDate(5),
        to: sofiaDate(8),
      });
      const slot = slots.data[Math.floor(slots.data.length / 2)];
      if (!slot) continue;
      const { starts_at: startsAt, ends_at: endsAt } = slot.attributes;
      const day = startsAt.slice(0, 10);
      for (const second of single.filter((service) => service.id !== first.id)) {
        const next = await freeSlots(request, {
          priceId: second.priceId,
          locationId: location.id,
          from: day,
          to: day,
          backToBackAt: endsAt,
        });
        if (next.data.some((each) => Date.parse(each.attributes.starts_at) === Date.parse(endsAt))) {
          return {
            slug: location.attributes.slug,
            first: { id: first.id, name: first.name, startsAt, endsAt },
            second: { id: second.id, name: second.name },
          };
        }
      }
    }
  }
  throw new Error("Missing in the demo data: a service ending off the grid with another free right after it");
}
