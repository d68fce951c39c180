import { and, eq } from "drizzle-orm";
import { likes } from "@termin/db/account-schema";
import { media } from "@termin/db/catalogue-schema";
import { AppError } from "../../http/app-error.ts";
import { isDatabaseId } from "../../jsonapi/relationships.ts";
import { atSiteRowsOf, type ReadContext } from "../../sites/read-context.ts";
import type { LikeRow } from "./serialize.ts";

export const notLiked = (id: string) => new AppError("not_found", `You have not liked the media with the id ${id}.`);

/** The client's like of one picture, by the media's id (another business's is not there on a business's site). */
export async function getLike(
  context: Pick<ReadContext, "db" | "site">,
  options: { clientId: string; id: string },
): Promise<LikeRow> {
  if (!isDatabaseId(options.id)) throw notLiked(options.id);
  const [row] = await context.db
    .select({ mediaId: likes.mediaId, createdAt: likes.createdAt })
    .from(likes)
    .where(
      and(
        eq(likes.clientId, options.clientId),
        eq(likes.mediaId, Number(options.id)),
        atSiteRowsOf(context, likes.mediaId, media),
      ),
    );
  if (!row) throw notLiked(options.id);
  return row;
}
