import { and, eq, sql } from "drizzle-orm";
import { likes } from "@termin/db/account-schema";
import { media } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { isDatabaseId } from "../../jsonapi/relationships.ts";
import { notLiked } from "./get-like.ts";

/** Takes back a like; media.like_count falls in the same transaction. A picture not liked answers 404. */
export async function unlikeMedia(db: Database, options: { clientId: string; id: string }): Promise<void> {
  if (!isDatabaseId(options.id)) throw notLiked(options.id);
  const mediaId = Number(options.id);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(likes)
      .where(and(eq(likes.clientId, options.clientId), eq(likes.mediaId, mediaId)))
      .returning({ mediaId: likes.mediaId });
    if (removed.length === 0) throw notLiked(options.id);
    await tx
      .update(media)
      .set({ likeCount: sql`greatest(${media.likeCount} - 1, 0)` })
      .where(eq(media.id, mediaId));
  });
}
