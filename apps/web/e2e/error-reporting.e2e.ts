import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { freePort, startServer, type RunningServer } from "../../../test/spawn-server.ts";

// Error reporting in the browser (decision 0051): a server started with SENTRY_DSN naming a local stand-in for
// Sentry's ingest; an error in the page reaches it, with the release and without the visitor's e-mail.

test.describe.configure({ mode: "serial" });

const bodies: string[] = [];
let ingest: Server;
let server: RunningServer;
let dataDir: string;

test.beforeAll(async () => {
  ingest = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      bodies.push((request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8"));
      // The page posts from its own origin: the answer must let it read the reply (no console error).
      response.writeHead(200, { "access-control-allow-origin": "*", "content-type": "application/json" }).end("{}");
    });
  });
  ingest.listen(0, "127.0.0.1");
  await once(ingest, "listening");
  const ingestPort = (ingest.address() as AddressInfo).port;
  const port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), "termin-error-reporting-"));
  server = await startServer({
    port,
    dataDir,
    readyPath: "/healthz",
    env: {
      DEMO_DATA: "false",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      APP_VERSION: "1.0.0-e2e",
      APP_BUILD: "e2e42",
      SENTRY_DSN: `http://publickey@127.0.0.1:${ingestPort}/1`,
    },
  });
});

test.afterAll(async () => {
  await server?.stop();
  ingest?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The exception values of the error events received so far. */
function reportedErrors(): { release: string; value: string }[] {
  return bodies.flatMap((body) => {
    const lines = body.split("\n").filter(Boolean);
    const found: { release: string; value: string }[] = [];
    for (let index = 1; index + 1 < lines.length; index += 2) {
      if ((JSON.parse(lines[index] ?? "{}") as { type?: string }).type !== "event") continue;
      const event = JSON.parse(lines[index + 1] ?? "{}") as {
        release: string;
        exception?: { values?: { value?: string }[] };
      };
      for (const each of event.exception?.values ?? []) found.push({ release: event.release, value: each.value ?? "" });
    }
    return found;
  });
}

test("an error in the page reaches the error-reporting endpoint, without the visitor's e-mail", async ({ page }) => {
  await page.goto(`${server.url}/en/home?email=jane.doe%40example.com`);
  // The SDK is fetched once the page is interactive and idle; then it listens for the window's errors.
  await expect.poll(() => page.evaluate(() => "__SENTRY__" in window)).toBe(true);
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("e2e client failure");
    });
  });
  await expect
    .poll(reportedErrors)
    .toContainEqual({ release: "1.0.0-e2e+e2e42", value: expect.stringContaining("e2e client failure") });
  for (const body of bodies) expect(body).not.toContain("jane");
});
