import { and, eq, inArray, type SQL } from "drizzle-orm";
import { reviews } from "@termin/db/catalogue-schema";
import { AppError } from "../../http/app-error.ts";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { atSiteLocations, type ReadContext } from "../../sites/read-context.ts";
import { orderBy, pageResult, type ListQuery } from "../read-only-resource.ts";
import { selectReviews } from "./select-reviews.ts";
import { summarizeReviews } from "./summarize-reviews.ts";

export type ReviewSortField = "created_at" | "rating";
export type ReviewFilter = "location" | "employee" | "rating";

function ratings(values: string[]): number[] {
  const invalid = values.filter((value) => !/^[1-5]$/.test(value));
  if (invalid.length > 0) {
    throw new AppError("invalid_parameter", `filter[rating] takes ratings from 1 to 5, not ${invalid.join(", ")}.`, {
      parameter: "filter[rating]",
    });
  }
  return values.map(Number);
}

function conditions(context: ReadContext, filter: ListQuery<ReviewSortField, ReviewFilter>["filter"]): SQL | undefined {
  return and(
    atSiteLocations(context, reviews.locationId),
    filter.location ? inArray(reviews.locationId, databaseIds(filter.location)) : undefined,
    filter.employee ? inArray(reviews.employeeId, databaseIds(filter.employee)) : undefined,
    filter.rating ? inArray(reviews.rating, ratings(filter.rating)) : undefined,
  );
}

/** Reviews; a list of one location's reviews also carries that location's rating summary (`meta.summary`). */
export async function listReviews(
  context: ReadContext,
  { page, sort, filter }: ListQuery<ReviewSortField, ReviewFilter>,
) {
  const { db } = context;
  const where = conditions(context, filter);
  const [onlyLocation, ...otherLocations] = databaseIds(filter.location ?? []);
  const [rows, summary] = await Promise.all([
    selectReviews(db)
      .where(where)
      .orderBy(...orderBy(sort, { created_at: [reviews.createdAt], rating: [reviews.rating] }, reviews.id))
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    onlyLocation !== undefined && otherLocations.length === 0 ? summarizeReviews(context, onlyLocation) : undefined,
  ]);
  const result = await pageResult(rows, page, () => db.$count(reviews, where));
  return summary ? { ...result, meta: { summary } } : result;
}

export async function findReview(context: ReadContext, id: number) {
  const [row] = await selectReviews(context.db).where(
    and(eq(reviews.id, id), atSiteLocations(context, reviews.locationId)),
  );
  return row;
}
