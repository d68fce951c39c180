import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { JSONAPI_MEDIA_TYPE, type ErrorObject } from "@termin/contracts/jsonapi";
import { errorDocument } from "../jsonapi/documents.ts";
import { AppError, AppErrors, ERROR_STATUS, type ErrorCode } from "./app-error.ts";
import { clientErrorFromDatabase, unavailableFromDatabase, unavailableReason } from "./database-errors.ts";

/** Our code for a status Fastify chose (415 unsupported_media_type, 413 payload_too_large...). */
function codeOfStatus(status: number): ErrorCode {
  const code = (Object.keys(ERROR_STATUS) as ErrorCode[]).find((each) => ERROR_STATUS[each] === status);
  return code ?? "bad_request";
}

export function sendErrors(reply: FastifyReply, status: number, errors: ErrorObject[]): FastifyReply {
  return reply.status(status).type(JSONAPI_MEDIA_TYPE).send(errorDocument(errors));
}

/** Maps any thrown error to a JSON:API error document; only unexpected failures become 500s. */
export function handleErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | AppErrors, request, reply) => {
    if (error instanceof AppError) {
      return sendErrors(reply.headers(error.headers), error.status, [error.toErrorObject()]);
    }
    if (error instanceof AppErrors) {
      return sendErrors(
        reply,
        error.errors[0].status,
        error.errors.map((each) => each.toErrorObject()),
      );
    }
    const unavailable = unavailableFromDatabase(error);
    if (unavailable) {
      // The reason only: the failed query's text and parameters (a token's hash among them) stay out of the log.
      request.log.warn({ reason: unavailableReason(error) }, "database unavailable; answered 503");
      return sendErrors(reply.headers(unavailable.headers), unavailable.status, [unavailable.toErrorObject()]);
    }
    const fromDatabase = clientErrorFromDatabase(error, request.method);
    if (fromDatabase) {
      request.log.warn({ err: error }, "input reached the database and was refused there");
      return sendErrors(reply, fromDatabase.status, [fromDatabase.toErrorObject()]);
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, empty body. Its words for
      // malformed JSON name application/json whatever the request's type (JSON:API's too): ours name no type.
      const detail = error.code === "FST_ERR_CTP_INVALID_JSON_BODY" ? "The body is not valid JSON." : error.message;
      return sendErrors(reply, status, [{ status: String(status), code: codeOfStatus(status), detail }]);
    }
    request.log.error(error);
    return sendErrors(reply, 500, [
      { status: "500", code: "internal", detail: "Something went wrong on our side. Please try again." },
    ]);
  });
}
