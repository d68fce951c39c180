import type { LikeResource } from "@termin/contracts/client-area-resources";
import { MAX_PAGE_SIZE, type CollectionDocument } from "@termin/contracts/jsonapi";
import { orNothing } from "./or-nothing.ts";
import { viewerApi, type PageArgs } from "./viewer-api.server.ts";

/** Which of some Look Book media the signed-in client liked (an empty set for a visitor, without asking). */
export async function likedMediaIds(args: PageArgs, mediaIds: readonly string[]): Promise<Set<string>> {
  const api = viewerApi(args);
  if (!api || mediaIds.length === 0) return new Set();
  return orNothing(
    "likes",
    async () => {
      const liked = await api.get<CollectionDocument<LikeResource>>("likes", {
        "filter[media]": mediaIds.slice(0, MAX_PAGE_SIZE).join(","),
        "page[size]": String(Math.min(mediaIds.length, MAX_PAGE_SIZE)),
        "fields[likes]": "created_at",
      });
      return new Set(liked.data.map((item) => item.id));
    },
    new Set<string>(),
  );
}
