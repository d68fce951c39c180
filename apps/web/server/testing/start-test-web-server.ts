import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { loadConfig } from "@termin/config/env";
import type { DatabaseHandle } from "@termin/db/database";
import { prepareDatabase } from "@termin/db/prepare-database";
import { createTestDatabase } from "@termin/db/testing/test-database";
import { buildOpenApiDocument } from "@termin/api/docs/openapi";
import { checkAnswersAgainst } from "@termin/api/testing/answer-contract";
import { createWebServer } from "../web-server.ts";

const webRoot = fileURLToPath(new URL("../../", import.meta.url));

export interface TestWebServer {
  url: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The PostgreSQL database's URL, for more server processes on it; undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * The whole product (API and pages) on a random port over a fresh database, as `npm start` serves it, with the
 * pages compiled from source by Vite on first request instead of read from apps/web/build: integration tests run
 * before any build, and test the code as it is. Vite's cache goes to a temporary directory of its own.
 */
export async function startTestWebServer(
  options: { demoData?: boolean; env?: Record<string, string> } = {},
): Promise<TestWebServer> {
  const testDatabase = await createTestDatabase({ template: options.demoData ? "demo" : "plain" });
  const database = await prepareDatabase({ ...testDatabase.options, demoData: options.demoData ?? false });
  const cacheDir = await mkdtemp(join(tmpdir(), "termin-web-vite-"));
  const vite = await createViteServer({
    root: webRoot,
    configFile: join(webRoot, "vite.config.ts"),
    cacheDir,
    logLevel: "error",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    // Server rendering only: no browser dependencies to discover and pre-bundle.
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  let build: Promise<ServerBuild> | undefined;
  const config = loadConfig({ LOG_LEVEL: "silent", APP_VERSION: "9.9.9", APP_BUILD: "test", ...options.env });
  let contract: ReturnType<typeof checkAnswersAgainst> | undefined;
  const app = await createWebServer({
    config,
    database,
    build: () => (build ??= vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>),
    // The API's answers to the pages (and to the tests) keep the published contract, or the file fails on close.
    beforeApi: (server) => {
      contract = checkAnswersAgainst(
        server,
        buildOpenApiDocument({ version: config.appVersion, serverUrl: config.publicUrl }),
      );
    },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // The pages read their configuration from the environment once, when the build loads (first request): the API
  // they call is this server's. A worker thread's environment is its own.
  process.env.API_URL = url;
  process.env.PUBLIC_URL = url;
  return {
    url,
    app,
    database,
    databaseUrl: testDatabase.options.databaseUrl,
    async close() {
      await app.close();
      await vite.close();
      await testDatabase.drop();
      await rm(cacheDir, { recursive: true, force: true });
      contract?.assertKept();
    },
  };
}
