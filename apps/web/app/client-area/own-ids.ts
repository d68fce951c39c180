import type { LikeResource, UserLocationResource } from "@termin/contracts/client-area-resources";
import { MAX_PAGE_SIZE, type CollectionDocument } from "@termin/contracts/jsonapi";
import type { ApiClient } from "../api/client.ts";
import { orNothing } from "./or-nothing.ts";

/** The client's own marks on what public pages show: a mark's id is the id of what it marks. */
const MARKS = {
  saved: { collection: "user-locations", filter: "filter[location]", what: "saved locations" },
  liked: { collection: "likes", filter: "filter[media]", what: "likes" },
} as const;

/**
 * Which of some ids the signed-in client marked (an empty set for a visitor, without asking). `api`: the API acting
 * for the client (PageEnv's `viewerApi`), null for a visitor. One request, however many ids a page shows.
 */
export async function markedIds(
  api: ApiClient | null,
  mark: keyof typeof MARKS,
  ids: readonly string[],
): Promise<Set<string>> {
  if (!api || ids.length === 0) return new Set();
  const { collection, filter, what } = MARKS[mark];
  return orNothing(
    what,
    async () => {
      const marked = await api.get<CollectionDocument<UserLocationResource | LikeResource>>(collection, {
        [filter]: ids.slice(0, MAX_PAGE_SIZE).join(","),
        "page[size]": String(Math.min(ids.length, MAX_PAGE_SIZE)),
        // Only the ids are read: the smallest answer the API gives.
        [`fields[${collection}]`]: "created_at",
      });
      return new Set(marked.data.map((item) => item.id));
    },
    new Set<string>(),
  );
}
