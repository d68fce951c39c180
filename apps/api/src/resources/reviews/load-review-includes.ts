import { and, inArray } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { reviewItems } from "@termin/db/catalogue-schema";
import { findEmployees } from "../employees/list-employees.ts";
import { toEmployeeResource } from "../employees/serialize.ts";
import { distinctIds } from "../read-only-resource.ts";
import type { ReadContext } from "../../sites/read-context.ts";
import { reviewItemsWithinSite } from "../review-items/review-items-within-site.ts";
import { toReviewItemResource } from "../review-items/serialize.ts";
import type { ReviewRow } from "./select-reviews.ts";

export const REVIEW_INCLUDES = ["reviewItems", "employee"] as const;

/** One query per relationship asked for, within the site like the reviews. */
export async function loadReviewIncludes(
  context: ReadContext,
  rows: ReviewRow[],
  include: readonly string[],
): Promise<ResourceObject[]> {
  const { db } = context;
  const [items, staff] = await Promise.all([
    include.includes("reviewItems")
      ? db
          .select()
          .from(reviewItems)
          .where(
            and(
              inArray(reviewItems.id, distinctIds(rows.flatMap((row) => row.itemIds))),
              reviewItemsWithinSite(context),
            ),
          )
          .orderBy(reviewItems.id)
      : [],
    include.includes("employee") ? findEmployees(context, distinctIds(rows.map((row) => row.employeeId))) : [],
  ]);
  return [...items.map(toReviewItemResource), ...staff.map(toEmployeeResource)];
}
