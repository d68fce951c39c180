import { afterAll, beforeAll, expect, it } from "vitest";
import { inProcessFetch, offerInProcessApi, offeredInProcessApi } from "@termin/api/http/in-process-fetch";
import { createTestClient } from "@termin/api/testing/test-clients";
import { sessionFromTokens, setSessionHeader } from "./lib/session-cookie.server.ts";
import { startTestWebServer, type TestWebServer } from "../server/testing/start-test-web-server.ts";

/**
 * The page loaders' two ways to the API (decision 0029): in this process without a socket (the default), and over
 * HTTP to API_URL. Each page is rendered both ways and must come out the same, byte for byte.
 */

let server: TestWebServer;
let signedIn: string;

beforeAll(async () => {
  server = await startTestWebServer({ demoData: true });
  const client = await createTestClient(server.database.db);
  signedIn = setSessionHeader(new Request(server.url), sessionFromTokens(client.tokens)).split(";")[0] ?? "";
}, 60_000);
afterAll(() => server.close());

async function slugOf(type: "locations" | "businesses"): Promise<string> {
  const document = (await (await fetch(`${server.url}/v1c/${type}?page[size]=1`)).json()) as {
    data: { attributes: { slug: string } }[];
  };
  return document.data[0]?.attributes.slug ?? "";
}

/** The page as a visitor with `cookie` gets it. An (empty) basket makes a page the visitor's own: always made anew. */
async function render(path: string, cookie: string) {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie }, redirect: "manual" });
  return { status: response.status, csp: response.headers.get("content-security-policy"), body: await response.text() };
}

it("renders every kind of page the same whether its loaders call the API in process or over HTTP", async () => {
  const inProcess = offeredInProcessApi();
  expect(inProcess).toBeDefined();
  const visitor = "termin_basket=";
  const pages: [string, string][] = [
    ["/en/home", visitor],
    ["/bg/search?q=маникюр", visitor],
    ["/en/search?q=x", visitor],
    [`/en/location/${await slugOf("locations")}`, visitor],
    [`/de/business/${await slugOf("businesses")}`, visitor],
    ["/en/services", visitor],
    ["/it/locations", visitor],
    ["/en/inspiration", visitor],
    ["/fr/pages/terms", visitor],
    ["/en/location/no-such-place", visitor],
    ["/en/notifications", `${signedIn}; termin_basket=`],
    ["/el/settings", signedIn],
    ["/en/my-locations", signedIn],
  ];
  try {
    for (const [path, cookie] of pages) {
      offerInProcessApi(inProcess);
      const viaProcess = await render(path, cookie);
      offerInProcessApi(undefined);
      const viaHttp = await render(path, cookie);
      expect(viaProcess.status, path).toBe(viaHttp.status);
      expect(viaProcess.status, path).toBeLessThan(500);
      expect(viaProcess.body, path).toBe(viaHttp.body);
      expect(viaProcess.csp, path).toBe(viaHttp.csp);
    }
  } finally {
    offerInProcessApi(inProcess);
  }
}, 120_000);

it("answers API requests in process exactly as over HTTP: status, JSON:API document, errors and headers", async () => {
  const inProcess = inProcessFetch(server.app);
  const requests: [string, RequestInit][] = [
    ["/v1c/locations?page[size]=3&include=business,city", {}],
    ["/v1c/locations?filter[business]=99999999999999999999", {}],
    ["/v1c/appointment-statuses/%FF", {}],
    ["/v1c/clients/me", { headers: { authorization: "Bearer nope" } }],
    ["/v1c/reviews", { method: "POST", headers: { "content-type": "application/vnd.api+json" }, body: "{" }],
  ];
  for (const [path, init] of requests) {
    const [local, remote] = await Promise.all([
      inProcess(`${server.url}${path}`, init),
      fetch(`${server.url}${path}`, init),
    ]);
    expect(local.status, path).toBe(remote.status);
    expect(local.headers.get("content-type"), path).toBe(remote.headers.get("content-type"));
    expect(local.headers.get("content-security-policy"), path).toBe(remote.headers.get("content-security-policy"));
    expect(await local.json(), path).toEqual(await remote.json());
  }
});
