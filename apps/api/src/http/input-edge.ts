import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { JSONAPI_MEDIA_TYPE } from "@termin/contracts/jsonapi";
import { AppError } from "./app-error.ts";
import { errorLanguage, handleErrors, sendErrors } from "./error-handler.ts";
import { findBodyProblem, findQueryProblem, unstorableText } from "./storable-input.ts";

/**
 * The API's edge, for every plugin that answers JSON:API: errors become JSON:API error documents, and before any
 * handler runs, every query value, path parameter and body string must be text
 * the database can store as sent (docs/decisions/0024-input-edge.md). A bad query value or path parameter is a
 * 400 naming it in `source.parameter`; a bad body member is a 422 pointing at it. What each value means (an id,
 * a date, one of a list) is the next check, in the endpoint's own parser.
 */
export function apiEdge(app: FastifyInstance): void {
  handleErrors(app);
  // Bodies are JSON (or forms, for OAuth clients): a text/plain body is a 415, not a string for a handler.
  app.removeContentTypeParser("text/plain");
  readJsonBodies(app);
  app.addHook("onRequest", async (request) => {
    const queryStart = request.url.indexOf("?");
    if (queryStart === -1) return;
    const problem = findQueryProblem(request.url.slice(queryStart + 1));
    if (problem) throw new AppError("invalid_parameter", problem.detail, { parameter: problem.parameter });
  });
  app.addHook("preValidation", async (request) => {
    for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, string>)) {
      const problem = unstorableText(value);
      if (problem) throw new AppError("invalid_parameter", `The path's ${name} ${problem}.`, { parameter: name });
    }
    const problem = findBodyProblem(request.body);
    if (problem) throw new AppError("invalid_body", problem.detail, { pointer: problem.pointer });
  });
}

/**
 * JSON and JSON:API bodies. Many HTTP clients send `Content-Type: application/json` with every request, a DELETE's
 * too: an empty body there is no body, not Fastify's "Body cannot be empty" error. For the methods that take a
 * document, an empty one is a 400 in our own words.
 */
function readJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    ["application/json", JSONAPI_MEDIA_TYPE],
    { parseAs: "string" },
    (request, body: string, done) => {
      if (body.length > 0) return parseJson(request, body, done);
      if (request.method === "DELETE") return done(null, undefined);
      done(new AppError("bad_request", "The body is empty: send a JSON document.", { pointer: "" }), undefined);
    },
  );
}

/**
 * Errors Fastify raises while routing, before any plugin's error handler exists: a path that is not valid
 * percent-encoded UTF-8, or a path parameter longer than the router reads. Answered as the API answers
 * everything, a JSON:API error document.
 */
export function answerRoutingError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const detail =
    error.code === "FST_ERR_MAX_PARAM_LENGTH"
      ? "A part of the path is longer than any id or slug here."
      : "The path is not valid UTF-8 percent-encoded text.";
  void sendErrors(reply, 400, [new AppError("invalid_path", detail).toErrorObject(errorLanguage(request, reply))]);
}
