import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { ApiClient } from "../api/client.ts";
import { Included } from "../api/included.ts";
import { LOCATION_CARD_INCLUDE, toLocationCard, type LocationCardData } from "../catalogue/location-card-data.ts";
import { orNothing } from "../client-area/viewer-api.server.ts";
import type { AppointmentClientCollection } from "./resources.ts";

/** At most this many booked places are shown (one request for all of them). */
const BOOKED_PLACES_SHOWN = 12;

/**
 * The places the client has booked at, most recent booking first, without those already among `exclude`
 * (the saved ones). Nothing when the API fails: My locations still shows the saved places.
 */
export async function bookedLocations(api: ApiClient, exclude: ReadonlySet<string>): Promise<LocationCardData[]> {
  return orNothing(
    "booked locations",
    async () => {
      const [upcoming, past] = await Promise.all(
        (["upcoming", "past"] as const).map((when) =>
          api.get<AppointmentClientCollection>("appointment-clients", {
            "filter[when]": when,
            "page[size]": "50",
          }),
        ),
      );
      const ids: string[] = [];
      // Past ones come newest first; upcoming soonest first: the latest booked place leads either way.
      for (const item of [...(upcoming?.data ?? []).toReversed(), ...(past?.data ?? [])]) {
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
