import { and, eq } from "drizzle-orm";
import { userLocations } from "@termin/db/account-schema";
import { AppError } from "../../http/app-error.ts";
import { isDatabaseId } from "../../jsonapi/relationships.ts";
import { atSiteLocations, type ReadContext } from "../../sites/read-context.ts";
import type { UserLocationRow } from "./serialize.ts";

export const notSaved = (id: string) => new AppError("not_found", `You have not saved a location with the id ${id}.`);

/** One saved location of the client, by the location's id (another business's is not there on a business's site). */
export async function getUserLocation(
  context: Pick<ReadContext, "db" | "site">,
  options: { clientId: string; id: string },
): Promise<UserLocationRow> {
  if (!isDatabaseId(options.id)) throw notSaved(options.id);
  const [row] = await context.db
    .select({ locationId: userLocations.locationId, createdAt: userLocations.createdAt })
    .from(userLocations)
    .where(
      and(
        eq(userLocations.clientId, options.clientId),
        eq(userLocations.locationId, Number(options.id)),
        atSiteLocations(context, userLocations.locationId),
      ),
    );
  if (!row) throw notSaved(options.id);
  return row;
}
