import { eq } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { clients } from "@termin/db/account-schema";
import type { Database } from "@termin/db/database";
import { isSupportedLanguage, matchAcceptLanguage, type Language } from "@termin/domain/languages";

/**
 * The language notifications are written in: the request's Accept-Language when it names a supported one (the
 * web page sends its own), else the account's. Marks the response as varying by it.
 */
export async function noticeLanguage(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  clientId: string,
): Promise<Language> {
  reply.header("vary", "Accept-Language");
  const asked = matchAcceptLanguage(request.headers["accept-language"]);
  if (asked) return asked;
  const [row] = await db.select({ language: clients.language }).from(clients).where(eq(clients.id, clientId));
  return isSupportedLanguage(row?.language) ? row.language : "en";
}
