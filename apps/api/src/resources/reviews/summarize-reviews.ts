import { and, eq, sql } from "drizzle-orm";
import type { ReviewSummary } from "@termin/contracts/offer-resources";
import { reviewItems, reviews } from "@termin/db/catalogue-schema";
import { atSiteLocations, type ReadContext } from "../../sites/read-context.ts";

/**
 * A location's rating summary over all its reviews, aggregated by the database in one query; another business's
 * place on a business's site has none (no reviews counted).
 */
export async function summarizeReviews(context: ReadContext, locationId: number): Promise<ReviewSummary> {
  const { db } = context;
  const ofLocation = and(eq(reviews.locationId, locationId), atSiteLocations(context, reviews.locationId));
  const stars = (rating: number) => sql`count(*) filter (where ${reviews.rating} = ${rating})`;
  const aspects = sql`(select coalesce(json_object_agg(aspect, average order by aspect), '{}')
    from (select ${reviewItems.aspect} as aspect, round(avg(${reviewItems.rating}), 1) as average
          from ${reviewItems} join ${reviews} on ${eq(reviews.id, reviewItems.reviewId)}
          where ${ofLocation} group by ${reviewItems.aspect}) as by_aspect)`;
  // An aggregate without group by: exactly one row, also for a location without reviews.
  const [row] = await db
    .select({
      summary: sql<ReviewSummary>`json_build_object(
        'average', round(avg(${reviews.rating}), 1),
        'count', count(*),
        'distribution', json_build_object('1', ${stars(1)}, '2', ${stars(2)}, '3', ${stars(3)}, '4', ${stars(4)}, '5', ${stars(5)}),
        'aspects', ${aspects})`,
    })
    .from(reviews)
    .where(ofLocation);
  if (!row) throw new Error("An aggregate query answers one row.");
  return row.summary;
}
