import type { ApiClient } from "../api/client.ts";
import { markedIds } from "./own-ids.ts";

/** Which of some Look Book media the signed-in client liked (an empty set for a visitor, without asking). */
export const likedMediaIds = (api: ApiClient | null, mediaIds: readonly string[]): Promise<Set<string>> =>
  markedIds(api, "liked", mediaIds);
