import { and, eq, inArray, type SQL } from "drizzle-orm";
import { media } from "@termin/db/catalogue-schema";
import { AppError } from "../../http/app-error.ts";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { ofSiteBusiness, type ReadContext } from "../../sites/read-context.ts";
import { marketplaceServiceIdsBySlug } from "../marketplace-services/ids-by-slug.ts";
import { orderBy, pageResult, totalOverAll, type ListQuery } from "../read-only-resource.ts";
import { mediaRowColumns } from "./media-columns.ts";
import type { MediaRow } from "./serialize.ts";

export type MediaSortField = "created_at" | "like_count";
export type MediaFilter = "inspiration" | "marketplace_service" | "location" | "business" | "kind";

export const KINDS = ["image", "video"] as const;

/** Values of an enumerated filter; anything else is the client's mistake (400), not an empty list. */
function oneOf<T extends string>(values: string[], allowed: readonly T[], name: MediaFilter): T[] {
  const unknown = values.filter((value) => !(allowed as readonly string[]).includes(value));
  if (unknown.length > 0) {
    throw new AppError(
      "invalid_parameter",
      `filter[${name}] takes ${allowed.join(" or ")}, not ${unknown.join(", ")}.`,
      {
        parameter: `filter[${name}]`,
      },
    );
  }
  return values as T[];
}

function conditions(context: ReadContext, filter: ListQuery<MediaSortField, MediaFilter>["filter"]): SQL | undefined {
  return and(
    ofSiteBusiness(context, media.businessId),
    filter.inspiration
      ? inArray(
          media.inspiration,
          oneOf(filter.inspiration, ["true", "false"], "inspiration").map((value) => value === "true"),
        )
      : undefined,
    filter.kind ? inArray(media.kind, oneOf(filter.kind, KINDS, "kind")) : undefined,
    filter.business ? inArray(media.businessId, databaseIds(filter.business)) : undefined,
    filter.location ? inArray(media.locationId, databaseIds(filter.location)) : undefined,
    filter.marketplace_service
      ? inArray(media.marketplaceServiceId, marketplaceServiceIdsBySlug(filter.marketplace_service))
      : undefined,
  );
}

/** A page of media, newest first by default; never the svg source or video bytes (mediaRowColumns). */
export async function listMedia(context: ReadContext, { page, sort, filter }: ListQuery<MediaSortField, MediaFilter>) {
  const { db } = context;
  const where = conditions(context, filter);
  const rows = await db
    .select({ ...mediaRowColumns, total: totalOverAll() })
    .from(media)
    .where(where)
    .orderBy(...orderBy(sort, { created_at: [media.createdAt], like_count: [media.likeCount] }, media.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, () => db.$count(media, where));
}

export async function findMedia(context: ReadContext, id: number): Promise<MediaRow | undefined> {
  const [row] = await context.db
    .select(mediaRowColumns)
    .from(media)
    .where(and(eq(media.id, id), ofSiteBusiness(context, media.businessId)));
  return row;
}
