import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import type { AppConfig } from "@termin/config/env";
import { answerRoutingError } from "./input-edge.ts";
import { addSecurityHeaders } from "./security-headers.ts";

const REQUEST_ID = /^[\w.:-]{8,128}$/;

type RoutingErrorHandler = NonNullable<FastifyServerOptions["frameworkErrors"]>;

/**
 * A Fastify server with the house settings: pino logs with a request id, proxy awareness, security headers.
 * Paths the router cannot decode are answered by `onRoutingError` (default: a JSON:API 400; the web server
 * shows pages' own 404 instead).
 */
export function createServer(
  config: Pick<AppConfig, "logLevel" | "trustProxy">,
  onRoutingError: RoutingErrorHandler = answerRoutingError,
): FastifyInstance {
  const app = Fastify({
    frameworkErrors: onRoutingError,
    logger: { level: config.logLevel },
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
    return payload;
  });
  addSecurityHeaders(app);
  return app;
}

/** Stops accepting connections on SIGTERM/SIGINT, lets requests finish, then runs `app.close()` hooks. */
export function closeOnSignals(app: FastifyInstance): void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error, "error during shutdown");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}
