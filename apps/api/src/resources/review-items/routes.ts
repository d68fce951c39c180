import { and, eq, getTableColumns, inArray } from "drizzle-orm";
import { reviewItems } from "@termin/db/catalogue-schema";
import { databaseIds } from "../../jsonapi/relationships.ts";
import type { ReadContext } from "../../sites/read-context.ts";
import type { CollectionRules } from "../../jsonapi/query.ts";
import { orderBy, pageResult, readOnlyRoutes, totalOverAll, type ListQuery } from "../read-only-resource.ts";
import { reviewItemsWithinSite } from "./review-items-within-site.ts";
import { reviewItemAttributes, toReviewItemResource } from "./serialize.ts";

export const reviewItemRules: CollectionRules<never, "review"> = {
  type: "review-items",
  attributes: reviewItemAttributes,
  sortable: [],
  defaultSort: [],
  filters: { review: "id" },
};

async function listReviewItems(context: ReadContext, { page, filter }: ListQuery<never, "review">) {
  const { db } = context;
  const where = and(
    reviewItemsWithinSite(context),
    filter.review ? inArray(reviewItems.reviewId, databaseIds(filter.review)) : undefined,
  );
  const rows = await db
    .select({ ...getTableColumns(reviewItems), total: totalOverAll() })
    .from(reviewItems)
    .where(where)
    .orderBy(...orderBy([], {}, reviewItems.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, () => db.$count(reviewItems, where));
}

/** The per-aspect ratings of reviews. */
export const reviewItemRoutes = readOnlyRoutes({
  rules: reviewItemRules,
  noun: "review item",
  list: listReviewItems,
  find: async (context, id) =>
    (
      await context.db
        .select()
        .from(reviewItems)
        .where(and(eq(reviewItems.id, id), reviewItemsWithinSite(context)))
    )[0],
  serialize: toReviewItemResource,
});
