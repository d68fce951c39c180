import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEMO_CLIENT } from "@termin/db/seed/demo/demo-client";
import { createTestDatabase, type TestDatabase } from "@termin/db/testing/test-database";
import { freePort, startServer, type RunningServer } from "../../../test/spawn-server.ts";

// A real deployment's first start: NODE_ENV=production on an empty PostgreSQL database, with nothing asking for demo
// data. The demo client's password is printed in the README, so its account must not exist there.

let database: TestDatabase;
let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(join(tmpdir(), "termin-production-"));
  server = await startServer({
    port: await freePort(),
    dataDir,
    readyPath: "/readyz",
    entry: "apps/api/src/main.ts",
    keepOutput: true,
    env: { NODE_ENV: "production", LOG_LEVEL: "info", DATABASE_URL: database.options.databaseUrl ?? "" },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it("loads no demo data, says so in its log, and refuses the demo login", async () => {
  const places = (await (await fetch(`${server.url}/v1c/locations?page[size]=1`)).json()) as {
    meta: { total: number };
  };
  expect(places.meta.total).toBe(0);
  // The reference data every installation needs is there.
  const statuses = (await (await fetch(`${server.url}/v1c/appointment-statuses`)).json()) as {
    meta: { total: number };
  };
  expect(statuses.meta.total).toBe(6);

  const signIn = await fetch(`${server.url}/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ grant_type: "password", username: DEMO_CLIENT.email, password: DEMO_CLIENT.password }),
  });
  expect(signIn.status).toBe(400);
  expect(((await signIn.json()) as { errors: Array<{ code: string }> }).errors[0]?.code).toBe("invalid_grant");

  const lines = server.output().trim().split("\n");
  expect(lines.map((line) => (JSON.parse(line) as { msg: string }).msg)).toContain(
    "no demo data (DEMO_DATA=true loads it into an empty database)",
  );
});
