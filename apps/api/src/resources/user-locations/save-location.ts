import { and, eq, sql } from "drizzle-orm";
import { userLocations } from "@termin/db/account-schema";
import { locations } from "@termin/db/catalogue-schema";
import { AppError } from "../../http/app-error.ts";
import { ofSiteBusiness, type ReadContext } from "../../sites/read-context.ts";
import type { UserLocationRow } from "./serialize.ts";

/**
 * Saves a location to the client's My locations. Saving it again changes nothing and answers the saved one
 * (`created: false`), so a double tap or a retried request is harmless.
 */
export async function saveLocation(
  context: Pick<ReadContext, "db" | "site">,
  options: { clientId: string; locationId: number },
): Promise<UserLocationRow & { created: boolean }> {
  const { db } = context;
  // Another business's place is as unknown on a business's own site as one that does not exist.
  const [location] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, options.locationId), ofSiteBusiness(context, locations.businessId)));
  if (!location) {
    throw new AppError("not_found", `No location has the id ${options.locationId}.`, {
      pointer: "/data/relationships/location/data/id",
    });
  }
  // One statement whatever happened before: the no-op update returns the existing row, and xmax = 0 only
  // for a row this statement inserted.
  const [row] = await db
    .insert(userLocations)
    .values({ clientId: options.clientId, locationId: options.locationId })
    .onConflictDoUpdate({
      target: [userLocations.clientId, userLocations.locationId],
      set: { clientId: sql`excluded.client_id` },
    })
    .returning({
      locationId: userLocations.locationId,
      createdAt: userLocations.createdAt,
      created: sql<boolean>`(xmax = 0)`,
    });
  if (!row) throw new Error("Saving a location returned no row");
  return row;
}
