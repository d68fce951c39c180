import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { ApiClient } from "../api/client.ts";
import { Included } from "../api/included.ts";
import { LOCATION_CARD_INCLUDE, toLocationCard, type LocationCardData } from "../catalogue/location-card-data.ts";
import { orNothing } from "../client-area/or-nothing.ts";
import type { AppointmentClientCollection } from "@termin/contracts/booking-resources";

/** At most this many booked places are shown (one request for all of them). */
const BOOKED_PLACES_SHOWN = 12;
/** The client's latest bookings read to find them: enough for a dozen places even when most repeat one. */
const BOOKINGS_READ = 100;

/**
 * The places the client has booked at, most recent booking first, without those already among `exclude`
 * (the saved ones). Nothing when the API fails: My locations still shows the saved places.
 */
export async function bookedLocations(api: ApiClient, exclude: ReadonlySet<string>): Promise<LocationCardData[]> {
  return orNothing(
    "booked locations",
    async () => {
      // Upcoming and past together, latest start first: one request (two cost the page three more queries).
      const bookings = await api.get<AppointmentClientCollection>("appointment-clients", {
        "page[size]": String(BOOKINGS_READ),
      });
      const ids: string[] = [];
      for (const item of bookings.data) {
        const location = item.relationships?.location?.data;
        const id = location && !Array.isArray(location) ? location.id : null;
        if (id && !exclude.has(id) && !ids.includes(id)) ids.push(id);
      }
      if (ids.length === 0) return [];
      const shown = ids.slice(0, BOOKED_PLACES_SHOWN);
      const found = await api.get<CollectionDocument<LocationResource>>("locations", {
        "filter[id]": shown.join(","),
        "page[size]": String(BOOKED_PLACES_SHOWN),
        include: LOCATION_CARD_INCLUDE,
      });
      const included = new Included(found.included);
      const byId = new Map(found.data.map((location) => [location.id, location]));
      return shown.flatMap((id) => {
        const location = byId.get(id);
        return location ? [toLocationCard(location, included)] : [];
      });
    },
    [],
  );
}
