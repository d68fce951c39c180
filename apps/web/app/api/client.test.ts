import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError, createApiClient } from "./client.ts";

// A real HTTP server records what the client sends: the headers are the contract (spec section 7).
let received: { url: string; headers: IncomingHttpHeaders }[] = [];
const server = createServer((request, response) => {
  received.push({ url: request.url ?? "", headers: request.headers });
  if (request.url?.startsWith("/v1c/raw")) {
    // Echoes an upload's bytes back as a file, like the avatar upload and data export.
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      response.writeHead(200, { "content-type": "text/plain", "content-disposition": "attachment" });
      response.end(`got ${Buffer.concat(chunks).length} bytes`);
    });
    return;
  }
  const notFound = request.url?.includes("missing");
  response.writeHead(notFound ? 404 : 200, { "content-type": "application/vnd.api+json" });
  response.end(
    JSON.stringify(
      notFound ? { errors: [{ status: "404", code: "not_found", detail: "There is no page missing." }] } : { data: [] },
    ),
  );
});
let baseUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const app = { name: "Termin", version: "1.2.3", build: "abc1234" };

describe("API client headers", () => {
  it("sends language, app identity and the service-worker bypass on every request", async () => {
    received = [];
    await createApiClient({ baseUrl, language: "bg", app }).get("appointment-statuses", { "page[size]": "5" });
    const [{ url, headers }] = received as [{ url: string; headers: IncomingHttpHeaders }];
    expect(url).toBe("/v1c/appointment-statuses?page%5Bsize%5D=5");
    expect(headers["accept-language"]).toBe("bg;q=0.9,en;q=0.8");
    expect(headers["app-version"]).toBe("1.2.3");
    expect(headers["app-build"]).toBe("abc1234");
    expect(headers["app-name"]).toBe("Termin");
    expect(headers["sw-bypass"]).toBe("true");
    expect(headers.accept).toBe("application/vnd.api+json");
    expect(headers["app-render"]).toBeUndefined();
    expect(headers["app-tracking"]).toBeUndefined();
    expect(headers.authorization).toBeUndefined();
  });

  it("adds app-render, app-tracking and Authorization when they apply", async () => {
    received = [];
    const tracking = {
      referrer: "https://www.google.com/",
      landing_page: "/el/home",
      unixtime: 1795341600,
      platforms: ["web"],
    };
    await createApiClient({
      baseUrl,
      language: "el",
      app,
      render: "ssr",
      tracking,
      currentPage: "/el/pages/terms",
      credentials: { token_type: "Bearer", access_token: "tok_123" },
    }).get("pages/terms");
    const headers = received[0]?.headers ?? {};
    expect(headers["app-render"]).toBe("ssr");
    expect(JSON.parse(String(headers["app-tracking"]))).toEqual({ ...tracking, current_page: "/el/pages/terms" });
    expect(headers.authorization).toBe("Bearer tok_123");
  });

  it("turns a JSON:API error answer into an ApiError with the server's detail", async () => {
    const attempt = createApiClient({ baseUrl, language: "en", app }).get("pages/missing");
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ status: 404, message: "There is no page missing." });
  });
});

describe("API client, raw requests", () => {
  it("sends a body of its own type with the usual headers and hands back the answer as it came", async () => {
    received = [];
    const client = createApiClient({
      baseUrl,
      language: "en",
      app,
      credentials: { token_type: "Bearer", access_token: "t" },
    });
    const answer = await client.raw("PUT", "raw/upload", { type: "image/png", data: new Blob(["\u0089PNG"]) });
    expect(answer.headers.get("content-disposition")).toBe("attachment");
    expect(await answer.text()).toBe("got 5 bytes");
    expect(received[0]?.headers).toMatchObject({
      "content-type": "image/png",
      authorization: "Bearer t",
      "app-name": "Termin",
    });
  });

  it("throws ApiError for an error answer", async () => {
    const attempt = createApiClient({ baseUrl, language: "en", app }).raw("GET", "pages/missing");
    await expect(attempt).rejects.toMatchObject({ status: 404, message: "There is no page missing." });
  });
});
