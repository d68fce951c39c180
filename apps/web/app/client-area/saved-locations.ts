import type { UserLocationResource } from "@termin/contracts/client-area-resources";
import { MAX_PAGE_SIZE, type CollectionDocument } from "@termin/contracts/jsonapi";
import type { ApiClient } from "../api/client.ts";
import { orNothing } from "./or-nothing.ts";

/**
 * Which of some locations the signed-in client saved (an empty set for a visitor, without asking). `api`: the API
 * acting for the client (PageEnv's `viewerApi`), null for a visitor.
 */
export async function savedLocationIds(api: ApiClient | null, locationIds: readonly string[]): Promise<Set<string>> {
  if (!api || locationIds.length === 0) return new Set();
  return orNothing(
    "saved locations",
    async () => {
      const saved = await api.get<CollectionDocument<UserLocationResource>>("user-locations", {
        "filter[location]": locationIds.slice(0, MAX_PAGE_SIZE).join(","),
        "page[size]": String(Math.min(locationIds.length, MAX_PAGE_SIZE)),
        "fields[user-locations]": "created_at",
      });
      return new Set(saved.data.map((item) => item.id));
    },
    new Set<string>(),
  );
}
