import type { FastifyReply, FastifyRequest } from "fastify";
import { matchAcceptLanguage, type Language } from "@termin/domain/languages";

/**
 * The language of a response: the best match of Accept-Language, else English (the
 * spec's second choice on every request). Marks the response as varying by it.
 */
export function requestLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const language = matchAcceptLanguage(request.headers["accept-language"]) ?? "en";
  reply.header("content-language", language).header("vary", "Accept-Language");
  return language;
}
