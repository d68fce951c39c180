import { and, desc, eq, inArray } from "drizzle-orm";
import { userLocations } from "@termin/db/account-schema";
import type { PageRequest } from "../../jsonapi/query.ts";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { atSiteLocations, type ReadContext } from "../../sites/read-context.ts";
import { totalOverAll, totalOfPage } from "../read-only-resource.ts";
import type { UserLocationRow } from "./serialize.ts";

/**
 * A page of the locations the client saved, most recently saved first (on a business's own site, that business's
 * places only); `location` narrows to some of them.
 */
export async function listUserLocations(
  context: Pick<ReadContext, "db" | "site">,
  options: { clientId: string; page: PageRequest; location?: string[] | undefined },
): Promise<{ rows: UserLocationRow[]; total: number }> {
  const { db } = context;
  const where = and(
    eq(userLocations.clientId, options.clientId),
    atSiteLocations(context, userLocations.locationId),
    options.location ? inArray(userLocations.locationId, databaseIds(options.location)) : undefined,
  );
  const rows = await db
    .select({ locationId: userLocations.locationId, createdAt: userLocations.createdAt, total: totalOverAll() })
    .from(userLocations)
    .where(where)
    .orderBy(desc(userLocations.createdAt), desc(userLocations.locationId))
    .limit(options.page.size)
    .offset((options.page.number - 1) * options.page.size);
  return { rows, total: await totalOfPage(rows, options.page, () => db.$count(userLocations, where)) };
}
