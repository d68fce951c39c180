import { randomUUID } from "node:crypto";
import { Socket } from "node:net";
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from "fastify";
import { pino, type Logger } from "pino";
import type { AppConfig } from "@termin/config/env";
import { JSONAPI_MEDIA_TYPE } from "@termin/contracts/jsonapi";
import { AppError } from "./app-error.ts";
import { sendErrors } from "./error-handler.ts";
import { answerRoutingError } from "./input-edge.ts";
import { addSecurityHeaders } from "./security-headers.ts";

const REQUEST_ID = /^[\w.:-]{8,128}$/;

type RoutingErrorHandler = NonNullable<FastifyServerOptions["frameworkErrors"]>;

export type ServerLog = Logger;

/**
 * The process's JSON log lines (pino), for the servers and for a primary process's own messages alike, so a log
 * collector reads one format. Written by an asynchronous stream (lines are buffered and written when the event loop
 * is free), so a log line never waits on the terminal or a pipe on a request's path.
 */
export function createLogger(level: AppConfig["logLevel"]): ServerLog {
  return pino({ level }, pino.destination({ sync: false }));
}

/**
 * One short line per request from outside, when it is answered (Fastify's default is two, with every header); errors
 * as Fastify logs them.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) return super.requestCompleted(error, request, reply);
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
    };
    // A page's calls to the API of its own process (no socket: in-process-fetch.ts) share the page's request id;
    // the page's line stands for them, so they are a debug detail, not more lines per request.
    if (request.raw.socket instanceof Socket) request.log.info(line, "request completed");
    else request.log.debug({ ...line, inProcess: true }, "request completed");
  }
}

/**
 * A Fastify server with the house settings: pino logs with a request id, proxy awareness, security headers, and
 * a drain on close. Paths the router cannot decode are answered by `onRoutingError` (default: a JSON:API 400; the
 * web server shows pages' own 404 instead).
 */
export function createServer(
  config: Pick<AppConfig, "logLevel" | "trustProxy">,
  onRoutingError: RoutingErrorHandler = answerRoutingError,
): FastifyInstance {
  const logger: FastifyBaseLogger = createLogger(config.logLevel);
  const app = Fastify({
    frameworkErrors: onRoutingError,
    loggerInstance: logger,
    logController: new OneLinePerRequest(),
    // Requests that arrive while closing are refused below, except the web server's in-process calls to the
    // API, which belong to pages still being made.
    return503OnClosing: false,
    // Only trusted proxies may say who the client is (rate limits count by IP) and that the page was served
    // over HTTPS (HSTS, Secure cookies); anyone else's X-Forwarded-* headers are ignored.
    trustProxy: config.trustProxy,
    // Keep an upstream request id (from a proxy or the web tier) so one id follows a request end to end.
    genReqId: (request) => {
      const incoming = request.headers["x-request-id"];
      return typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header("x-request-id", request.id);
    // Fastify adds "; charset=utf-8" to what it serializes; JSON:API allows no such parameter on its media type.
    if (String(reply.getHeader("content-type") ?? "").startsWith(`${JSONAPI_MEDIA_TYPE};`))
      reply.type(JSONAPI_MEDIA_TYPE);
    // What a signed-in client is answered is theirs alone: no cache on the way keeps it, nor the browser's disk.
    if (request.headers.authorization && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "private, no-store");
    }
    return payload;
  });
  drainOnClose(app);
  addSecurityHeaders(app);
  return app;
}

/** How long running requests have to finish once the server closes. */
const STRAGGLERS_CUT_AFTER_MS = 10_000;

/**
 * What closing means for requests: those already running finish, and each answer closes its connection (a
 * keep-alive connection left open would hold the close for its whole timeout); a new request from outside is
 * refused with 503 and Retry-After, so a load balancer sends it to another process. Requests made in process
 * (the web server's page loaders calling the API, in-process-fetch.ts) have no socket and still run.
 */
function drainOnClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
    // A connection still busy this long after (a client that stopped reading its answer, an aborted stream whose
    // socket lingers) is cut: a shutdown never waits out a keep-alive timeout (72 s) for it.
    setTimeout(() => app.server.closeAllConnections(), STRAGGLERS_CUT_AFTER_MS).unref();
  });
  app.addHook("onRequest", async (request, reply) => {
    if (!closing || !(request.raw.socket instanceof Socket)) return;
    reply.header("connection", "close").header("retry-after", "1");
    const error = new AppError("unavailable", "The server is restarting; try again in a moment.");
    return sendErrors(reply, error.status, [error.toErrorObject()]);
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    if (closing) reply.header("connection", "close");
    return payload;
  });
}

/**
 * On SIGTERM/SIGINT: stops accepting connections, lets running requests finish, runs the `app.close()` hooks (jobs,
 * then the database), then exits with 0; 1 when closing failed.
 */
export function closeOnSignals(app: FastifyInstance): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    app.close().then(
      () => {
        // The asynchronous log stream writes what it holds as the process exits.
        app.log.info("closed: requests answered, database closed");
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error(error, "error during shutdown");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}
