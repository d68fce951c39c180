import { and, eq } from "drizzle-orm";
import { userLocations } from "@termin/db/account-schema";
import type { Database } from "@termin/db/database";
import { isDatabaseId } from "../../jsonapi/relationships.ts";
import { notSaved } from "./get-user-location.ts";

/** Removes a location from the client's My locations; one they never saved answers 404. */
export async function unsaveLocation(db: Database, options: { clientId: string; id: string }): Promise<void> {
  if (!isDatabaseId(options.id)) throw notSaved(options.id);
  const removed = await db
    .delete(userLocations)
    .where(and(eq(userLocations.clientId, options.clientId), eq(userLocations.locationId, Number(options.id))))
    .returning({ locationId: userLocations.locationId });
  if (removed.length === 0) throw notSaved(options.id);
}
