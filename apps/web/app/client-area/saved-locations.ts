import type { ApiClient } from "../api/client.ts";
import { markedIds } from "./own-ids.ts";

/** Which of some locations the signed-in client saved (an empty set for a visitor, without asking). */
export const savedLocationIds = (api: ApiClient | null, locationIds: readonly string[]): Promise<Set<string>> =>
  markedIds(api, "saved", locationIds);
