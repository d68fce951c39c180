import { once } from "node:events";
import { createServer as createHttpServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { loadConfig } from "@termin/config/env";
import type { DatabaseHandle } from "@termin/db/database";
import { prepareDatabase } from "@termin/db/prepare-database";
import { createTestDatabase, type TestDatabase } from "@termin/db/testing/test-database";
import { flushServerErrorReports, serverErrorReporter } from "@termin/error-reporting/server-report";
import { registerApi } from "../api.ts";
import { createServer } from "./create-server.ts";
import { startErrorReporting } from "./error-reporting.ts";
import { apiEdge } from "./input-edge.ts";

/** A local stand-in for Sentry's ingest: every request it got, its body as text (gzip undone). */
interface Ingest {
  dsn: string;
  requests: { path: string; body: string }[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  return (request.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8");
}

async function startIngest(): Promise<Ingest> {
  const requests: Ingest["requests"] = [];
  const server: Server = createHttpServer((request, response) => {
    void readBody(request).then((body) => {
      requests.push({ path: new URL(request.url ?? "/", "http://ingest").pathname, body });
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The envelope's items of one type: an envelope is a header line, then a header line and a payload line per item. */
function itemsOf(body: string, type: string): Record<string, unknown>[] {
  const lines = body.split("\n").filter(Boolean);
  const items: Record<string, unknown>[] = [];
  for (let index = 1; index + 1 < lines.length; index += 2) {
    const header = JSON.parse(lines[index] ?? "{}") as { type?: string };
    if (header.type === type) items.push(JSON.parse(lines[index + 1] ?? "{}") as Record<string, unknown>);
  }
  return items;
}

/** The real API with error reporting as main.ts starts it, plus two test-only routes inside the API's error edge. */
async function startApi(env: Record<string, string>) {
  const config = loadConfig({ LOG_LEVEL: "silent", APP_VERSION: "9.9.9", APP_BUILD: "test", ...env });
  const app = createServer(config);
  await startErrorReporting(app, config);
  await registerApi(app, { database, config });
  await app.register(async (scope) => {
    apiEdge(scope);
    scope.post("/test-only/failure", async () => {
      throw new Error("the test route failed");
    });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return { app, baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

/** A request full of personal data: an e-mail and a token in the query, a bearer token, a cookie, a body. */
function failWithPersonalData(baseUrl: string): Promise<Response> {
  return fetch(`${baseUrl}/test-only/failure?email=jane.doe%40example.com&token=query-tok-41xq`, {
    method: "POST",
    headers: {
      authorization: "Bearer bearer-tok-77zr",
      cookie: "termin_session=cookie-tok-93kd",
      "content-type": "application/json",
    },
    body: JSON.stringify({ email: "jane.doe@example.com", name: "Jane Doe", password: "body-pw-58ty" }),
  });
}

const PERSONAL = ["jane", "Jane", "query-tok-41xq", "bearer-tok-77zr", "cookie-tok-93kd", "body-pw-58ty"];

let testDatabase: TestDatabase;
let database: DatabaseHandle;
let ingest: Ingest;
let api: FastifyInstance | undefined;

beforeAll(async () => {
  testDatabase = await createTestDatabase({ template: "plain" });
  database = await prepareDatabase({ ...testDatabase.options });
  ingest = await startIngest();
});

afterAll(async () => {
  await api?.close();
  await database.close();
  await testDatabase.drop();
  await ingest.close();
});

// In order: the process-wide SDK is started only by the second test.
describe("error reporting", () => {
  it("without SENTRY_DSN starts nothing and sends nothing", async () => {
    const { app, baseUrl } = await startApi({});
    try {
      expect((await failWithPersonalData(baseUrl)).status).toBe(500);
      expect(serverErrorReporter()).toBeUndefined();
      expect(await flushServerErrorReports(2000)).toBe(true);
      expect(ingest.requests).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("with SENTRY_DSN sends a 5xx with the release and no personal data, and no 4xx", async () => {
    const started = await startApi({ SENTRY_DSN: ingest.dsn, SENTRY_ENVIRONMENT: "test" });
    api = started.app;
    expect((await failWithPersonalData(started.baseUrl)).status).toBe(500);
    // A client's mistake (an unknown page, a bad parameter) is answered, not reported.
    expect((await fetch(`${started.baseUrl}/v1c/pages/no-such-page`)).status).toBe(404);
    expect((await fetch(`${started.baseUrl}/v1c/pages/terms?email=jane.doe%40example.com`)).status).toBe(400);
    expect(await flushServerErrorReports(10_000)).toBe(true);

    expect(ingest.requests.length).toBeGreaterThan(0);
    for (const { path } of ingest.requests) expect(path).toBe("/api/1/envelope/");
    const events = ingest.requests.flatMap(({ body }) => itemsOf(body, "event"));
    expect(events).toHaveLength(1);
    const [event] = events as [
      {
        release: string;
        environment: string;
        user?: unknown;
        exception: { values: { type: string; value: string }[] };
        request?: { url?: string; headers?: Record<string, string>; data?: unknown; cookies?: unknown };
      },
    ];
    expect(event.release).toBe("9.9.9+test");
    expect(event.environment).toBe("test");
    expect(event.exception.values.at(-1)).toMatchObject({ type: "Error", value: "the test route failed" });
    expect(event.user).toBeUndefined();
    if (event.request) {
      expect(event.request.url ?? "").not.toContain("?");
      expect(event.request.data).toBeUndefined();
      expect(event.request.cookies).toBeUndefined();
      expect(Object.keys(event.request.headers ?? {}).map((name) => name.toLowerCase())).not.toContain("authorization");
    }
    for (const { body } of ingest.requests) {
      for (const personal of PERSONAL) expect(body).not.toContain(personal);
    }
  });
});
