import { eq, getTableColumns } from "drizzle-orm";
import { reviewItems, reviews } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { relatedIds, totalOverAll } from "../read-only-resource.ts";

/** Reviews with the ids of their items, in one query. */
export function selectReviews(db: Database) {
  return db
    .select({
      ...getTableColumns(reviews),
      itemIds: relatedIds(db, reviewItems.id, eq(reviewItems.reviewId, reviews.id)),
      total: totalOverAll(),
    })
    .from(reviews)
    .$dynamic();
}

export type ReviewRow = Awaited<ReturnType<typeof selectReviews>>[number];
