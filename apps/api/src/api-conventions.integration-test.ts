import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorDocument } from "@termin/contracts/jsonapi";
import { loadConfig } from "@termin/config/env";
import { rawRows } from "@termin/db/raw-rows";
import { sql } from "drizzle-orm";
import { API_PATH_ROOTS, registerApi } from "./api.ts";
import { buildOpenApiDocument } from "./docs/openapi.ts";
import { createServer } from "./http/create-server.ts";
import { readJson, startTestApi, type TestApi } from "./testing/start-test-api.ts";
import { LOGIN_REQUIRED_RESOURCES } from "./resources/login-required.ts";
import { createTestClient } from "./testing/test-clients.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const request = (path: string, init?: RequestInit) => fetch(`${api.baseUrl}${path}`, init);

describe("API conventions", () => {
  it("answers unknown routes with a JSON:API 404", async () => {
    const response = await request("/v1c/unicorns?x=1");
    expect(response.status).toBe(404);
    // Exactly the JSON:API media type, as successes have it: JSON:API allows no charset parameter.
    expect(response.headers.get("content-type")).toBe("application/vnd.api+json");
    expect(await readJson<ErrorDocument>(response)).toEqual({
      jsonapi: { version: "1.1" },
      errors: [{ status: "404", code: "not_found", detail: "There is no GET /v1c/unicorns in this API." }],
    });
  });

  it("answers malformed JSON bodies with 400, never 500", async () => {
    const response = await request("/v1c/forms", {
      method: "POST",
      headers: { "content-type": "application/vnd.api+json" },
      body: "{not json",
    });
    expect(response.status).toBe(400);
    const body = await readJson<ErrorDocument>(response);
    expect(body.errors[0]).toMatchObject({ status: "400", detail: "The body is not valid JSON." });
  });

  it.each(LOGIN_REQUIRED_RESOURCES)("requires a signed-in client for %s (401 JSON:API)", async (resource) => {
    const client = await createTestClient(api.database.db);
    for (const path of [`/v1c/${resource}`, `/v1c/${resource}/1`]) {
      const anonymous = await request(path);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get("www-authenticate")).toBe('Bearer realm="termin"');
      expect((await readJson<ErrorDocument>(anonymous)).errors[0]).toMatchObject({
        status: "401",
        code: "unauthenticated",
      });
      const badToken = await request(path, { headers: { authorization: "Bearer not-a-token" } });
      expect(badToken.status).toBe(401);
      expect(badToken.headers.get("www-authenticate")).toBe('Bearer realm="termin", error="invalid_token"');
      expect((await readJson<ErrorDocument>(badToken)).errors[0]?.code).toBe("invalid_token");
      // Booking brings these; a signed-in client finds nothing yet rather than a misleading 401.
      const signedIn = await request(path, { headers: { authorization: client.authorization } });
      expect(signedIn.status).toBe(404);
    }
  });

  it("registers every route under one of API_PATH_ROOTS, which the web server leaves to the API", async () => {
    const app = createServer(loadConfig({ LOG_LEVEL: "silent" }));
    const urls: string[] = [];
    app.addHook("onRoute", (route) => void urls.push(route.url));
    await registerApi(app, { database: api.database, config: loadConfig({ LOG_LEVEL: "silent" }) });
    await app.ready();
    expect(urls.length).toBeGreaterThan(50);
    expect(urls.filter((url) => !API_PATH_ROOTS.has(url.split(/[/*]/)[1] ?? ""))).toEqual([]);
    await app.close();
  });

  it("documents every operation it answers, and what each success sends (OpenAPI)", async () => {
    const app = createServer(loadConfig({ LOG_LEVEL: "silent" }));
    const operations: string[] = [];
    app.addHook("onRoute", (route) => {
      // HEAD comes with each GET; the catch-alls answer every path the API does not have; the reference page's
      // own files (its scripts and styles) are the page's, not operations.
      const operation = !route.url.endsWith("/*") && !route.url.startsWith("/docs/api/");
      for (const method of [route.method].flat()) {
        if (method !== "HEAD" && method !== "OPTIONS" && operation) {
          operations.push(`${method.toLowerCase()} ${route.url.replace(/:(\w+)/g, "{$1}")}`);
        }
      }
    });
    await registerApi(app, { database: api.database, config: loadConfig({ LOG_LEVEL: "silent" }) });
    await app.ready();
    await app.close();
    const document = buildOpenApiDocument({ version: "test", serverUrl: "http://api.test" });
    const undocumented = operations.filter((operation) => {
      const [method = "", path = ""] = operation.split(" ");
      const responses = document.paths[path]?.[method]?.responses;
      // Every success but a 204 says what it sends (the placeholders of resources to come have none).
      const successes = Object.entries(responses ?? {}).filter(([status]) => /^2/.test(status));
      return !responses || successes.some(([status, answer]) => status !== "204" && !answer.content);
    });
    expect(operations.length).toBeGreaterThan(50);
    expect(undocumented).toEqual([]);
  });

  it("keeps a caller's request id and makes one otherwise", async () => {
    const given = await request("/v1c/appointment-statuses", { headers: { "x-request-id": "req-1234567890" } });
    expect(given.headers.get("x-request-id")).toBe("req-1234567890");
    const made = await request("/v1c/appointment-statuses");
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("sends security headers on every response", async () => {
    for (const path of ["/v1c/appointment-statuses", "/v1c/nowhere", "/healthz"]) {
      const response = await request(path);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("content-security-policy")).toContain("object-src 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
    const overHttps = await request("/healthz", { headers: { "x-forwarded-proto": "https" } });
    expect(overHttps.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
  });

  it("lets the native app and configured sites call every method with the app headers, and no one else", async () => {
    const preflight = (origin: string, method: string, path = "/v1c/appointment-clients/1") =>
      request(path, {
        method: "OPTIONS",
        headers: {
          origin,
          "access-control-request-method": method,
          "access-control-request-headers":
            "app-version,app-build,app-name,app-tracking,sw-bypass,authorization,content-type,idempotency-key,accept-language,if-none-match",
        },
      });
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
      const response = await preflight("capacitor://localhost", method);
      expect(response.status).toBe(204);
      expect(response.headers.get("access-control-allow-origin")).toBe("capacitor://localhost");
      expect(response.headers.get("access-control-allow-methods")?.split(", ")).toContain(method);
      expect(response.headers.get("access-control-allow-headers")).toContain("idempotency-key");
      expect(response.headers.get("access-control-allow-headers")).toContain("app-tracking");
      expect(response.headers.get("access-control-allow-headers")).toContain("if-none-match");
      expect(response.headers.get("access-control-max-age")).toBe("600");
    }
    // The sign-in endpoints too: the native app signs up from its web view; the token endpoint answers any origin
    // (a partner's browser app exchanges its code there, decision 0036).
    expect(
      (await preflight("http://localhost", "POST", "/auth/sign-up")).headers.get("access-control-allow-origin"),
    ).toBe("http://localhost");
    expect(
      (await preflight("https://stranger.example", "POST", "/auth/token")).headers.get("access-control-allow-origin"),
    ).toBe("*");
    // A site nobody configured (CORS_ORIGINS) gets no permission.
    expect(
      (await preflight("https://stranger.example", "PATCH")).headers.get("access-control-allow-origin"),
    ).toBeNull();

    const answer = await request("/v1c/appointment-statuses", { headers: { origin: "capacitor://localhost" } });
    expect(answer.headers.get("access-control-allow-origin")).toBe("capacitor://localhost");
    expect(answer.headers.get("access-control-expose-headers")).toBe(
      "location, retry-after, x-request-id, idempotent-replayed, etag, age, content-range, accept-ranges, deprecation, sunset, link",
    );
    expect(answer.headers.get("vary")).toContain("Origin");
  });
});

describe("health, OpenAPI and reference", () => {
  it("GET /livez answers while the process runs; /readyz and /healthz check the database and its migrations", async () => {
    expect(await (await request("/livez")).json()).toEqual({ status: "ok" });
    const ready = { status: "ok", database: api.database.engine, checks: { database: "ok", migrations: "ok" } };
    for (const path of ["/readyz", "/healthz"]) {
      const response = await request(path);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual(ready);
    }
  });

  it("GET /readyz answers 503 while a migration this code ships is not applied (a server ahead of its database)", async () => {
    const [latest] = await rawRows<{ id: number; hash: string; created_at: string }>(
      api.database.db,
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)
          returning id, hash, created_at::text as created_at`,
    );
    try {
      const response = await request("/readyz");
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("2");
      expect(await response.json()).toMatchObject({ status: "unavailable", checks: { migrations: "pending" } });
      expect((await request("/livez")).status).toBe(200);
    } finally {
      await api.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${latest?.id}, ${latest?.hash}, ${latest?.created_at}::bigint)`,
      );
    }
    expect((await request("/readyz")).status).toBe(200);
  });

  it("names the public address as the document's server, and bearer tokens as its security", async () => {
    const deployed = await startTestApi({ env: { PUBLIC_URL: "https://termin.example" } });
    try {
      const document = await readJson<{
        servers: Array<{ url: string }>;
        components: { securitySchemes: Record<string, unknown> };
        paths: Record<string, Record<string, { security?: unknown }>>;
      }>(await fetch(`${deployed.baseUrl}/v1c/openapi.json`));
      expect(document.servers).toEqual([{ url: "https://termin.example" }]);
      expect(document.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
      expect(document.paths["/v1c/appointment-clients"]?.get?.security).toEqual([{ bearer: [] }]);
      expect(document.paths["/v1c/available-slots"]?.get?.security).toEqual([{}, { bearer: [] }]);
      // Said outright, not left to a default: a public read needs no token.
      expect(document.paths["/v1c/locations"]?.get?.security).toEqual([]);
    } finally {
      await deployed.close();
    }
  });

  it("publishes an OpenAPI 3.1 document describing the resources", async () => {
    const response = await request("/v1c/openapi.json");
    expect(response.status).toBe(200);
    const document = await readJson<{ openapi: string; info: { version: string }; paths: Record<string, unknown> }>(
      response,
    );
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe("9.9.9");
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/v1c/appointment-statuses",
        "/v1c/appointment-statuses/{id}",
        "/v1c/pages/{id}",
        "/livez",
        "/readyz",
        "/healthz",
      ]),
    );
  });

  it("serves a human reference page at /docs/api", async () => {
    const response = await request("/docs/api");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    // Swagger UI from this origin, started by a script of ours (no inline script, no CDN)...
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
    const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? "");
    expect(scripts).toEqual(["/docs/api/assets/swagger-ui-bundle.js", "/docs/api/start.js"]);
    for (const path of [...scripts, "/docs/api/assets/swagger-ui.css"]) {
      expect((await request(path)).status, path).toBe(200);
    }
    expect(await (await request("/docs/api/start.js")).text()).toContain('url: "/v1c/openapi.json"');
    // ...only its two files (the package's example page is not served)...
    expect((await request("/docs/api/assets/index.html")).status).toBe(404);
    // ...and the same reference as HTML for readers without JavaScript.
    expect(html).toContain('<noscript><main class="prose">');
    expect(html).toContain("<code>/v1c/appointment-statuses</code>");
    expect(html).toContain("page[size]");
  });
});
