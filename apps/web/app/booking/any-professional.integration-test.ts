import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument, ResourceIdentifier, ResourceObject, SingleDocument } from "@termin/contracts/jsonapi";
import { createTestClient } from "@termin/api/testing/test-clients";
import { startTestApi, type TestApi } from "@termin/api/testing/start-test-api";
import { createApiClient, type ApiClient } from "../api/client.ts";
import { bookAppointment } from "./appointments-api.ts";
import { freeTimes, holdTime, liveHolds } from "./booking-api.ts";
import { bookingRules, servicesAt } from "./offer-data.ts";

/**
 * "Any professional" is the picker's first choice, so most clients book with no employee named. At a business
 * with several places nothing but the place itself says where the time is: every place of such a business in
 * the demo data is held and booked here through the same functions the pages call.
 */

let api: TestApi;
let client: ApiClient;
let places: Array<{ id: string; businessId: string; name: string }>;

const APP = { name: "Termin", version: "9.9.9", build: "test" };

beforeAll(async () => {
  api = await startTestApi({ demoData: true });
  const signedIn = await createTestClient(api.database.db);
  client = createApiClient({ baseUrl: api.baseUrl, language: "en", app: APP, credentials: signedIn.tokens });
  const list = await client.get<CollectionDocument<LocationResource>>("locations", { "page[size]": "100" });
  const all = list.data.map((location) => ({
    id: location.id,
    name: location.attributes.name,
    businessId: (location.relationships?.business?.data as { id: string }).id,
  }));
  const placesOf = Map.groupBy(all, (place) => place.businessId);
  places = all.filter((place) => (placesOf.get(place.businessId)?.length ?? 0) > 1);
});
afterAll(() => api.close());

/** The first free time of the place's first service in the coming week, with "Any professional". */
async function firstFreeTime(locationId: string) {
  const [service] = await servicesAt(client, locationId);
  const price = service?.prices[0];
  if (!price) throw new Error(`place ${locationId} offers nothing`);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const [time] = await freeTimes(client, {
    servicePriceId: price.id,
    locationId,
    employeeId: null,
    dateFrom: day(1),
    dateTo: day(7),
  });
  if (!time) throw new Error(`place ${locationId} has no free time in a week`);
  return { servicePriceId: price.id, startsAt: time.startsAt };
}

describe("booking with Any professional at a business with several places", () => {
  it("the demo data has such businesses", () => {
    expect(new Set(places.map((place) => place.businessId)).size).toBeGreaterThanOrEqual(5);
  });

  it("holds and books a free time at every place of every such business, at that place", async () => {
    const outcomes: string[] = [];
    let bookable = 0;
    for (const place of places) {
      if (!(await bookingRules(client, place.businessId)).onlineBooking) continue;
      bookable += 1;
      const wanted = await firstFreeTime(place.id);
      const hold = await holdTime(client, place.id, { ...wanted, employeeId: null });
      if (!hold.held) {
        outcomes.push(`${place.name}: hold refused (${hold.reason})`);
        continue;
      }
      const booked = await bookAppointment(client, {
        locationId: place.id,
        items: [
          {
            key: "a",
            ...wanted,
            employeeId: hold.employeeId,
            endsAt: hold.endsAt,
            holdId: hold.holdId,
            holdExpiresAt: hold.expiresAt,
          },
        ],
        note: "",
        idempotencyKey: crypto.randomUUID(),
      });
      if (!booked.booked) {
        outcomes.push(`${place.name}: booking refused (${booked.status} ${booked.errors[0]?.detail})`);
        continue;
      }
      const own = await client.get<SingleDocument<ResourceObject>>(`appointment-clients/${booked.appointmentClientId}`);
      const bookedAt = (own.data.relationships?.location?.data as ResourceIdentifier | null)?.id;
      if (bookedAt !== place.id) outcomes.push(`${place.name}: booked at place ${bookedAt}`);
    }
    expect(outcomes).toEqual([]);
    // Most of the demo's places take online bookings: the loop above did not pass by checking nothing.
    expect(bookable).toBeGreaterThanOrEqual(places.length * 0.75);
    // The hold became the appointment: nothing is left held.
    expect((await liveHolds(client)).size).toBe(0);
  }, 120_000);
});
