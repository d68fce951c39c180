import type { UserLocationResource } from "@termin/contracts/client-area-resources";
import { MAX_PAGE_SIZE, type CollectionDocument } from "@termin/contracts/jsonapi";
import { orNothing, viewerApi, type PageArgs } from "./viewer-api.server.ts";

/** Which of some locations the signed-in client saved (an empty set for a visitor, without asking). */
export async function savedLocationIds(args: PageArgs, locationIds: readonly string[]): Promise<Set<string>> {
  const api = viewerApi(args);
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
