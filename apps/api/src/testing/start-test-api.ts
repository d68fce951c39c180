import type { AddressInfo } from "node:net";
import { loadConfig } from "@termin/config/env";
import { prepareDatabase } from "@termin/db/prepare-database";
import type { DatabaseHandle } from "@termin/db/database";
import { createTestDatabase } from "@termin/db/testing/test-database";
import { registerApi } from "../api.ts";
import { buildOpenApiDocument } from "../docs/openapi.ts";
import { checkAnswersAgainst } from "./answer-contract.ts";
import type { Clock } from "../http/clock.ts";
import { createServer } from "../http/create-server.ts";

/** The parsed body of an API answer, typed as the document the test expects. */
export async function readJson<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export interface TestApi {
  baseUrl: string;
  database: DatabaseHandle;
  /** The PostgreSQL database's URL, for more server processes on it; undefined on PGlite (one process only). */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/** The real API on a random port over a fresh database: tests speak HTTP to it like any client. */
export async function startTestApi(
  options: {
    demoData?: boolean;
    onQuery?: (query: string) => void;
    /** Extra environment (SMTP, social login, bot check) on top of the test defaults. */
    env?: NodeJS.ProcessEnv;
    /** The API's clock, for tests that move time (a hold's expiry) instead of waiting. */
    clock?: Clock;
  } = {},
): Promise<TestApi> {
  const { env, clock, ...databaseOptions } = options;
  // A copy of the run's template; prepareDatabase then finds nothing to migrate or seed, as a restart would.
  const testDatabase = await createTestDatabase({ template: databaseOptions.demoData ? "demo" : "plain" });
  const database = await prepareDatabase({ ...testDatabase.options, ...databaseOptions });
  const config = loadConfig({ LOG_LEVEL: "silent", APP_VERSION: "9.9.9", APP_BUILD: "test", ...env });
  const app = createServer(config);
  // Installed before the API's routes, so its hook sees every answer they give.
  const contract = checkAnswersAgainst(
    app,
    buildOpenApiDocument({ version: config.appVersion, serverUrl: config.publicUrl }),
  );
  await registerApi(app, { database, config, ...(clock ? { clock } : {}) });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    databaseUrl: testDatabase.options.databaseUrl,
    async close() {
      await app.close();
      await database.close();
      await testDatabase.drop();
      // Every answer the file's tests received kept the published contract, or the file fails here.
      contract.assertKept();
    },
  };
}
