import { sql, type SQL } from "drizzle-orm";
import { reviewItems, reviews } from "@termin/db/catalogue-schema";
import { atSiteLocations, type ReadContext } from "../../sites/read-context.ts";

/** Review items of reviews of the site's business's places; no condition on the marketplace. */
export function reviewItemsWithinSite(context: ReadContext): SQL | undefined {
  const ofPlaces = atSiteLocations(context, reviews.locationId);
  return ofPlaces && sql`${reviewItems.reviewId} in (select ${reviews.id} from ${reviews} where ${ofPlaces})`;
}
