import { asc, eq, inArray, sql } from "drizzle-orm";
import { likes, userLocations } from "../../account-schema.ts";
import { media } from "../../catalogue-schema.ts";
import type { Database } from "../../database.ts";
import { DEMO_CLIENT } from "./demo-client.ts";
import { demoClientPlaces, HOUR } from "./demo-notifications.ts";

/** The demo client's two saved places (My locations) and three Look Book likes. */
export async function insertDemoFavourites(db: Database, now = new Date()): Promise<void> {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const [first, second] = await demoClientPlaces(db);
  await db.insert(userLocations).values([
    { clientId: DEMO_CLIENT.id, locationId: first.id, createdAt: ago(300) },
    { clientId: DEMO_CLIENT.id, locationId: second.id, createdAt: ago(150) },
  ]);
  const liked = await db
    .select({ id: media.id })
    .from(media)
    .where(eq(media.inspiration, true))
    .orderBy(asc(media.id))
    .limit(3);
  const ids = liked.map(({ id }) => id);
  await db
    .insert(likes)
    .values(ids.map((mediaId, index) => ({ clientId: DEMO_CLIENT.id, mediaId, createdAt: ago(10 + index) })));
  // The writer of likes keeps media.like_count in step, the seed included.
  await db
    .update(media)
    .set({ likeCount: sql`${media.likeCount} + 1` })
    .where(inArray(media.id, ids));
}
