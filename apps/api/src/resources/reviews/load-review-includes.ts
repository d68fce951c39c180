import { inArray } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { reviewItems } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { findEmployees } from "../employees/list-employees.ts";
import { toEmployeeResource } from "../employees/serialize.ts";
import { distinctIds } from "../read-only-resource.ts";
import { toReviewItemResource } from "../review-items/serialize.ts";
import type { ReviewRow } from "./select-reviews.ts";

export const REVIEW_INCLUDES = ["reviewItems", "employee"] as const;

/** One query per relationship asked for. */
export async function loadReviewIncludes(
  db: Database,
  rows: ReviewRow[],
  include: readonly string[],
): Promise<ResourceObject[]> {
  const [items, staff] = await Promise.all([
    include.includes("reviewItems")
      ? db
          .select()
          .from(reviewItems)
          .where(inArray(reviewItems.id, distinctIds(rows.flatMap((row) => row.itemIds))))
          .orderBy(reviewItems.id)
      : [],
    include.includes("employee") ? findEmployees(db, distinctIds(rows.map((row) => row.employeeId))) : [],
  ]);
  return [...items.map(toReviewItemResource), ...staff.map(toEmployeeResource)];
}
