import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerBuild } from "react-router";
import { API_PATH_ROOTS, registerApi } from "@termin/api/api";
import { registerCompression } from "@termin/api/http/compression";
import { createServer } from "@termin/api/http/create-server";
import type { JobWorkerSlot } from "@termin/api/http/health-routes";
import { inProcessFetch, offerInProcessApi } from "@termin/api/http/in-process-fetch";
import { answerRoutingError } from "@termin/api/http/input-edge";
import type { AppConfig } from "@termin/config/env";
import type { DatabaseHandle } from "@termin/db/database";
import { reportServerError } from "@termin/error-reporting/server-report";
import { refuseCrossSiteWrites } from "./framed-requests.ts";
import { reactRouterHandler, type PageHandler } from "./react-router-handler.ts";
import { readablePath } from "./readable-path.ts";

/** The service worker's policy (its own response's CSP governs what it may fetch). */
const SERVICE_WORKER_CSP = "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const buildDirectory = fileURLToPath(new URL("../build/", import.meta.url));

/**
 * Paths the router cannot decode: under the API, its JSON:API 400; anywhere else a page reads the path as the
 * literal text that was sent (readable-path.ts), which names nothing, so the visitor gets the 404 page in the shell.
 */
function answerRoutingErrors(handlePage: PageHandler) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const root = request.url.split(/[/?]/)[1] ?? "";
    if (error.code !== "FST_ERR_BAD_URL" || API_PATH_ROOTS.has(root)) {
      answerRoutingError(error, request, reply);
      return;
    }
    // Routing failed before any hook ran: the page still needs its site (and a host nobody serves, its 404).
    request.server
      .settleSite(request, reply)
      .then((served) => (served ? handlePage(request, reply, readablePath(request.url)) : reply))
      .catch((failure: unknown) => reply.send(failure));
  };
}

/** One server for the whole product: the API (/v1c, /livez, /readyz, /docs/api), static assets, and the SSR app. */
export async function createWebServer(options: {
  config: AppConfig;
  database: DatabaseHandle;
  /** The process's job worker, for readiness (main.ts starts it once the server listens). */
  jobs?: JobWorkerSlot;
  /** Called with the server before the API's routes are added (tests check every answer against the document). */
  beforeApi?: (app: FastifyInstance) => void;
  /** The pages' server build: by default the production build in apps/web/build (tests load one through Vite). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
}): Promise<FastifyInstance> {
  const build = options.build ?? ((await import(`${buildDirectory}server/index.js`)) as ServerBuild);
  const handlePage = reactRouterHandler(build);
  const app = createServer(options.config, answerRoutingErrors(handlePage));
  app.addHook("onClose", () => options.database.close());
  await registerCompression(app);
  options.beforeApi?.(app);
  const changes = await registerApi(app, options);
  // A kept page must not outlive a write: the client who liked a picture reloads it with the new count.
  changes.subscribe(handlePage.forgetPages);
  // Page loaders call this process's API without a socket, unless API_URL names another server.
  offerInProcessApi(options.config.apiInProcess ? inProcessFetch(app) : undefined);

  await app.register(fastifyStatic, {
    root: `${buildDirectory}client`,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (vite.config.ts): sent as they are when accepted.
    preCompressed: true,
    setHeaders(reply, path) {
      // Fingerprinted files never change; the service worker is revalidated at every update check (decision 0049);
      // everything else (favicon, icons) is revalidated daily.
      const immutable = path.includes("/assets/");
      const serviceWorker = path.endsWith("/sw.js");
      reply.header(
        "cache-control",
        immutable ? "public, max-age=31536000, immutable" : serviceWorker ? "no-cache" : "public, max-age=86400",
      );
      // The worker's own policy: it fetches pages, assets and catalogs from this origin, and nothing else.
      if (serviceWorker) reply.header("content-security-policy", SERVICE_WORKER_CSP);
    },
  });

  // Everything else is a page: React Router answers, including real 404s for unknown paths.
  await app.register(async (pages) => {
    // Pages read their own bodies (form posts) as streams, untouched by Fastify's parsers.
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, _payload, done) => done(null));
    refuseCrossSiteWrites(pages);
    // A page's failure React Router did not answer itself (it reports its own: entry.server.tsx handleError).
    pages.addHook("onError", async (_request, _reply, error) => {
      if ((error.statusCode ?? 500) >= 500) reportServerError(error);
    });
    // A catch-all route rather than a not-found handler, so route hooks (compression) apply to pages too.
    pages.all("/*", handlePage);
    // Google sign-in's two web routes and the OAuth authorize page (its consent form posts to it) share /auth with
    // the API: exact paths win over the API's /auth/* catch-all.
    pages.get("/auth/google", handlePage);
    pages.get("/auth/google/callback", handlePage);
    // (and its data requests, when the app navigates there itself after a sign-in).
    for (const path of ["/auth/authorize", "/auth/authorize.data"]) {
      pages.get(path, handlePage);
      pages.post(path, handlePage);
    }
  });
  return app;
}
