import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "@termin/config/env";
import { ALLOWED_REQUEST_HEADERS, EXPOSED_ANSWER_HEADERS } from "@termin/contracts/request-headers";

/** Browsers keep a preflight's answer this long (seconds): one preflight per operation per ten minutes. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Which pages on other origins may call the API from a browser (the native app's web view, partners' sites, and the
 * sites that embed a business's booking; the widget itself is a page of ours in a frame, so its calls are
 * same-origin): CORS_ORIGINS (config), and the origins businesses allow to embed them (`embedOrigin`). Every method
 * the API answers, with bearer tokens and the app headers; never cookies (no credentials mode), so an allowed origin
 * gains nothing a signed-out visitor's page could not do without a client's token.
 */
export async function allowCrossOriginCalls(
  app: FastifyInstance,
  config: Pick<AppConfig, "corsOrigins">,
  /** Paths any origin may call (the OAuth token and revocation endpoints, which public browser apps call). */
  openToAnyOrigin: readonly string[] = [],
  embedOrigin?: (origin: string) => Promise<boolean>,
) {
  const options = {
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders: ALLOWED_REQUEST_HEADERS,
    exposedHeaders: EXPOSED_ANSWER_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  };
  await app.register(cors, {
    delegator: (request, callback) => {
      const path = request.url.split("?")[0] ?? "";
      if (openToAnyOrigin.includes(path)) return callback(null, { ...options, origin: "*" });
      const origin = request.headers.origin;
      const listed = config.corsOrigins === "*" || (origin !== undefined && config.corsOrigins.includes(origin));
      if (listed || origin === undefined || !embedOrigin)
        return callback(null, { ...options, origin: config.corsOrigins });
      embedOrigin(origin).then(
        (allowed) => callback(null, { ...options, origin: allowed ? origin : config.corsOrigins }),
        (error: Error) => callback(error, { ...options, origin: false }),
      );
    },
  });
}

/** What a page reading a file may see of its answer beyond the CORS-safelisted headers. */
const FILE_HEADERS = "content-length, content-range, accept-ranges, content-disposition";

/**
 * Files other origins' pages may read from a browser with a plain GET (no preflight: a GET without custom headers
 * needs none, so no OPTIONS route is added beside the pages'): pictures and videos, which are public, from any
 * origin (`*`); the calendar file, whose URL is a secret the API hands out, from the origins that may call the API
 * (CORS_ORIGINS). Never with credentials.
 */
export function allowReadingFiles(app: FastifyInstance, origins: AppConfig["corsOrigins"]): void {
  app.addHook("onSend", async (request, reply, payload) => {
    const origin = request.headers.origin;
    if (origins === "*") reply.header("access-control-allow-origin", "*");
    else {
      reply.header("vary", "Origin");
      if (origin !== undefined && origins.includes(origin)) reply.header("access-control-allow-origin", origin);
    }
    reply.header("access-control-expose-headers", FILE_HEADERS);
    return payload;
  });
}
