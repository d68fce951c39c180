import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterContextProvider } from "react-router";
import { serverCatalog } from "../i18n/catalogs.server.ts";
import { createI18n } from "../i18n/i18n.ts";
import { publicConfig } from "../lib/config.server.ts";
import { i18nContext, startUpContext } from "../lib/request-context.ts";
import * as home from "../routes/home.tsx";
import * as services from "../routes/services.tsx";
import { provideClientRuntime } from "./client-env.ts";

// A route's loader (web server) and clientLoader (native app) are one load(env): for the same API answers they give
// the same page data.

const SERVICES = [
  { slug: "haircut", name: "Haarschnitt", category: "hair" },
  { slug: "manicure", name: "Maniküre", category: "nails" },
  { slug: "colouring", name: "Färben", category: "hair" },
];
const CITIES = [
  { slug: "sofia", name: "Sofia", location_count: 12 },
  { slug: "varna", name: "Varna", location_count: 0 },
];

/** The API's answers by collection, whoever asks: empty for anything else. */
async function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const collection = new URL(request.url).pathname.replace("/v1c/", "");
  const rows =
    collection === "marketplace-services"
      ? SERVICES.map((attributes, index) => ({ type: collection, id: String(index + 1), attributes }))
      : collection === "cities"
        ? CITIES.map((attributes, index) => ({ type: collection, id: String(index + 1), attributes }))
        : [];
  return Response.json({ data: rows, meta: { total: rows.length, pageCount: 1 } });
}

function serverArgs(path: string, params: { lang: string }) {
  const url = new URL(path, "http://localhost:3000");
  const context = new RouterContextProvider();
  context.set(startUpContext, { loaded: false, viewer: null, credentials: null, setCookie: null });
  context.set(i18nContext, createI18n("de", serverCatalog("de")));
  return { request: new Request(url), params, url, context, pattern: `/:lang/${path.split("/")[2] ?? ""}` };
}

function clientArgs(path: string, params: { lang: string }) {
  provideClientRuntime({
    config: publicConfig,
    apiOrigin: "https://termin.example",
    session: async () => null,
    preferredLanguage: () => null,
    catalog: async (language) => serverCatalog(language),
    cookieConsent: { accepted: () => true, accept: async () => undefined },
    fetch: answer,
  });
  const url = new URL(path, "https://termin.example");
  const serverLoader = () => Promise.reject(new Error("the native app has no server"));
  return { ...serverArgs(path, params), url, request: new Request(url), serverLoader };
}

afterEach(() => {
  vi.unstubAllGlobals();
  provideClientRuntime(null);
});

describe.each([
  ["services", services, "/de/services"],
  ["home", home, "/de/home"],
] as const)("the %s page's data", (_, route, path) => {
  it("is the same from the web server's loader and the native app's client loader", async () => {
    vi.stubGlobal("fetch", answer);
    const params = { lang: "de" };
    const fromServer = await route.loader(serverArgs(path, params));
    const fromApp = await route.clientLoader(clientArgs(path, params));
    expect(fromApp).toEqual(fromServer);
    expect(fromServer).toMatchObject({ title: expect.stringContaining(publicConfig.appName) });
    expect(JSON.stringify(fromServer)).toContain("Haarschnitt");
  });
});
