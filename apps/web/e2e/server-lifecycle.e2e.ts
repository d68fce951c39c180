import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startServer } from "../../../test/spawn-server.ts";

// The process as an operator sees it: start, stop on SIGTERM, start again on the same data, run the API alone.
test.describe.configure({ mode: "serial" });

const dataDir = mkdtempSync(join(tmpdir(), "termin-lifecycle-"));
test.afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("the server stops cleanly on SIGTERM and a second start reuses the data", async () => {
  const first = await startServer({ port: 3110, dataDir, readyPath: "/healthz" });
  const marker = await fetch(`${first.url}/v1c/appointment-statuses/1`).then((r) => r.status);
  expect(marker).toBe(200);
  const exit = new Promise<number | null>((resolve) => first.process.once("exit", (code) => resolve(code)));
  await first.stop();
  expect(await exit).toBe(0);

  const second = await startServer({ port: 3110, dataDir, readyPath: "/en/home" });
  try {
    const body = await (await fetch(`${second.url}/v1c/appointment-statuses`)).json();
    expect(body.meta.total).toBe(6);
  } finally {
    await second.stop();
  }
});

test("the API runs on its own against the same database", async () => {
  const api = await startServer({ port: 3111, dataDir, readyPath: "/healthz", entry: "apps/api/src/main.ts" });
  try {
    const response = await fetch(`${api.url}/v1c/pages/terms`, { headers: { "accept-language": "ro" } });
    expect(response.status).toBe(200);
    expect((await response.json()).data.attributes.language).toBe("ro");
    // The API process serves no pages.
    expect((await fetch(`${api.url}/en/home`)).status).toBe(404);
  } finally {
    await api.stop();
  }
});

test("an invalid setting stops the start with a message naming it", () => {
  const result = spawnSync(process.execPath, ["apps/web/server/main.ts"], {
    env: { ...process.env, PORT: "eighty", DEFAULT_LANGUAGE: "xx", DATA_DIR: dataDir },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Invalid environment configuration");
  expect(result.stderr).toContain("PORT");
  expect(result.stderr).toContain("DEFAULT_LANGUAGE");
  expect(result.stderr).not.toContain("    at "); // a message, not a stack trace
});
