import { inArray, sql, type SQL } from "drizzle-orm";
import { marketplaceServices } from "@termin/db/catalogue-schema";

/** A subquery of the ids of marketplace services with these slugs: filters take slugs, rows hold ids. */
export function marketplaceServiceIdsBySlug(slugs: readonly string[]): SQL {
  return sql`(select ${marketplaceServices.id} from ${marketplaceServices} where ${inArray(marketplaceServices.slug, [...slugs])})`;
}
