import { and, desc, eq, inArray } from "drizzle-orm";
import { likes } from "@termin/db/account-schema";
import { media } from "@termin/db/catalogue-schema";
import type { PageRequest } from "../../jsonapi/query.ts";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { atSiteRowsOf, type ReadContext } from "../../sites/read-context.ts";
import { totalOverAll, totalOfPage } from "../read-only-resource.ts";
import type { LikeRow } from "./serialize.ts";

/**
 * A page of the client's likes, newest first (on a business's own site, of that business's pictures only). `media`
 * narrows to some pictures: a page of Look Book tiles asks
 * which of its pictures the client liked.
 */
export async function listLikes(
  context: Pick<ReadContext, "db" | "site">,
  options: { clientId: string; page: PageRequest; media?: string[] | undefined },
): Promise<{ rows: LikeRow[]; total: number }> {
  const { db } = context;
  const where = and(
    eq(likes.clientId, options.clientId),
    atSiteRowsOf(context, likes.mediaId, media),
    options.media ? inArray(likes.mediaId, databaseIds(options.media)) : undefined,
  );
  const rows = await db
    .select({ mediaId: likes.mediaId, createdAt: likes.createdAt, total: totalOverAll() })
    .from(likes)
    .where(where)
    .orderBy(desc(likes.createdAt), desc(likes.mediaId))
    .limit(options.page.size)
    .offset((options.page.number - 1) * options.page.size);
  return { rows, total: await totalOfPage(rows, options.page, () => db.$count(likes, where)) };
}
