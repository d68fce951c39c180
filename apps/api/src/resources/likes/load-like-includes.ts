import { inArray } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { media } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { mediaRowColumns } from "../media/media-columns.ts";
import { toMediaResource } from "../media/serialize.ts";
import type { LikeRow } from "./serialize.ts";

export const LIKE_INCLUDES = ["media"] as const;

/** The liked media (with their current like counts), in one query whatever the page size. */
export async function loadLikeIncludes(
  db: Database,
  rows: LikeRow[],
  include: readonly string[],
): Promise<ResourceObject[]> {
  if (!include.includes("media") || rows.length === 0) return [];
  const found = await db
    .select(mediaRowColumns)
    .from(media)
    .where(
      inArray(
        media.id,
        rows.map((row) => row.mediaId),
      ),
    );
  return found.map(toMediaResource);
}
