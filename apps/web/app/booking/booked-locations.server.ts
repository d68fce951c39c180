import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import type { ApiClient } from "../api/client.ts";
import { Included } from "../api/included.ts";
import { LOCATION_CARD_INCLUDE, toLocationCard, type LocationCardData } from "../catalogue/location-card-data.ts";
import { orNothing } from "../client-area/viewer-api.server.ts";
import type { AppointmentClientCollection } from "./resources.ts";

/** At most this many booked places are shown: one request each (the API looks locations up one at a time). */
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
      const found = await Promise.all(
        ids.slice(0, BOOKED_PLACES_SHOWN).map((id) =>
          orNothing(
            `location ${id}`,
            () =>
              api.get<SingleDocument<LocationResource>>(`locations/${encodeURIComponent(id)}`, {
                include: LOCATION_CARD_INCLUDE,
              }),
            null,
          ),
        ),
      );
      return found.flatMap((document) =>
        document ? [toLocationCard(document.data, new Included(document.included))] : [],
      );
    },
    [],
  );
}
