import { and, eq, sql } from "drizzle-orm";
import { likes } from "@termin/db/account-schema";
import { media } from "@termin/db/catalogue-schema";
import { AppError } from "../../http/app-error.ts";
import { ofSiteBusiness, type ReadContext } from "../../sites/read-context.ts";
import type { LikeRow } from "./serialize.ts";

/**
 * Likes a Look Book picture or video. media.like_count rises in the same transaction, and only when the like
 * is new: liking twice (a double tap, a retried request) counts once and answers the existing like.
 */
export async function likeMedia(
  context: Pick<ReadContext, "db" | "site">,
  options: { clientId: string; mediaId: number },
): Promise<LikeRow & { created: boolean }> {
  return context.db.transaction(async (tx) => {
    const [picture] = await tx
      .select({ id: media.id })
      .from(media)
      .where(
        and(eq(media.id, options.mediaId), eq(media.inspiration, true), ofSiteBusiness(context, media.businessId)),
      );
    if (!picture) {
      throw new AppError("not_found", `The Look Book has no picture with the id ${options.mediaId}.`, {
        pointer: "/data/relationships/media/data/id",
      });
    }
    const [inserted] = await tx
      .insert(likes)
      .values({ clientId: options.clientId, mediaId: options.mediaId })
      .onConflictDoNothing()
      .returning({ mediaId: likes.mediaId, createdAt: likes.createdAt });
    if (inserted) {
      await tx
        .update(media)
        .set({ likeCount: sql`${media.likeCount} + 1` })
        .where(eq(media.id, options.mediaId));
      return { ...inserted, created: true };
    }
    const [existing] = await tx
      .select({ mediaId: likes.mediaId, createdAt: likes.createdAt })
      .from(likes)
      .where(and(eq(likes.clientId, options.clientId), eq(likes.mediaId, options.mediaId)));
    if (!existing) throw new AppError("conflict", "The like was removed while it was being added. Try again.");
    return { ...existing, created: false };
  });
}
