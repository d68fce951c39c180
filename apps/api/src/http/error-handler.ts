import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { JSONAPI_MEDIA_TYPE, type ErrorObject } from "@termin/contracts/jsonapi";
import { reportServerError } from "@termin/error-reporting/server-report";
import { matchAcceptLanguage, type Language } from "@termin/domain/languages";
import { errorDocument } from "../jsonapi/documents.ts";
import { AppError, AppErrors, ERROR_STATUS, type ErrorCode } from "./app-error.ts";
import { clientErrorFromDatabase, unavailableFromDatabase, unavailableReason } from "./database-errors.ts";

/** Our code for a status Fastify chose (415 unsupported_media_type, 413 payload_too_large...). */
function codeOfStatus(status: number): ErrorCode {
  const code = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((each) => ERROR_STATUS[each] === status);
  return code ?? "bad_request";
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route is an OAuth endpoint: its errors also carry RFC 6749's `error` and `error_description`. */
    oauthErrors?: boolean;
  }
}

export function sendErrors(reply: FastifyReply, status: number, errors: ErrorObject[]): FastifyReply {
  const document = errorDocument(errors);
  const [first] = errors;
  if (reply.request.routeOptions.config.oauthErrors && first) {
    // OAuth libraries read a token endpoint's refusal from `error` in an application/json body (section 5.2).
    const oauth = { error: first.code, error_description: first.detail, ...document };
    return reply.status(status).type("application/json; charset=utf-8").send(oauth);
  }
  return reply.status(status).type(JSONAPI_MEDIA_TYPE).send(document);
}

/**
 * The language of an error's detail: the best match of Accept-Language, else English (as every answer). The
 * code never changes with it; the answer says which it is (Content-Language) and that it varies by it.
 */
export function errorLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  const language = matchAcceptLanguage(request.headers["accept-language"]) ?? "en";
  reply.header("content-language", language).header("vary", "Accept-Language");
  return language;
}

/** Maps any thrown error to a JSON:API error document; only unexpected failures become 500s. */
export function handleErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | AppErrors, request, reply) => {
    const language = errorLanguage(request, reply);
    if (error instanceof AppError) {
      return sendErrors(reply.headers(error.headers), error.status, [error.toErrorObject(language)]);
    }
    if (error instanceof AppErrors) {
      return sendErrors(
        reply,
        error.errors[0].status,
        error.errors.map((each) => each.toErrorObject(language)),
      );
    }
    const unavailable = unavailableFromDatabase(error);
    if (unavailable) {
      // The reason only: the failed query's text and parameters (a token's hash among them) stay out of the log.
      request.log.warn({ reason: unavailableReason(error) }, "database unavailable; answered 503");
      return sendErrors(reply.headers(unavailable.headers), unavailable.status, [unavailable.toErrorObject(language)]);
    }
    const fromDatabase = clientErrorFromDatabase(error, request.method);
    if (fromDatabase) {
      request.log.warn({ err: error }, "input reached the database and was refused there");
      return sendErrors(reply, fromDatabase.status, [fromDatabase.toErrorObject(language)]);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, empty body. Its words for
      // malformed JSON name application/json whatever the request's type (JSON:API's too): ours name no type.
      const detail = error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ? "The body is not valid JSON." : error.message;
      return sendErrors(reply, status, [new AppError(codeOfStatus(status), detail).toErrorObject(language)]);
    }
    request.log.error(error);
    // Only here: a refusal (4xx) or a database outage (503) is no bug to report.
    reportServerError(error);
    return sendErrors(reply, 500, [
      new AppError("internal", "Something went wrong on our side. Please try again.").toErrorObject(language),
    ]);
  });
}
