import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterContextProvider } from "react-router";
import { serverCatalog } from "../i18n/catalogs.server.ts";
import { createI18n } from "../i18n/i18n.ts";
import { publicConfig } from "../lib/config.server.ts";
import { i18nContext, startUpContext } from "../lib/request-context.ts";
import * as forms from "../routes/forms.tsx";
import * as home from "../routes/home.tsx";
import * as services from "../routes/services.tsx";
import { provideClientRuntime, type AppSession } from "./client-env.ts";

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

const SESSION: AppSession = {
  credentials: { token_type: "Bearer", access_token: "client-token" },
  viewer: {
    id: "7",
    displayName: "Ana P.",
    firstName: "Ana",
    email: "ana@example.com",
    avatarUrl: null,
    language: "de",
  },
};
const FORM = {
  type: "forms",
  id: "31",
  attributes: { name: "Anamnese", delivery_type: "email", sent_at: "2026-11-30T09:00:00Z", status: "sent" },
  relationships: { business: { data: { type: "businesses", id: "4" } } },
};
const BUSINESS = { type: "businesses", id: "4", attributes: { name: "Salon Ana" } };

/** The API's answers by collection: the client's forms only with their token, empty for anything else. */
async function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = new Request(input, init);
  const collection = new URL(request.url).pathname.replace("/v1c/", "");
  if (collection === "forms") {
    if (request.headers.get("authorization") !== "Bearer client-token") return new Response(null, { status: 401 });
    return Response.json({ data: [FORM], included: [BUSINESS], meta: { total: 1, pageCount: 1 } });
  }
  const rows =
    collection === "marketplace-services"
      ? SERVICES.map((attributes, index) => ({ type: collection, id: String(index + 1), attributes }))
      : collection === "cities"
        ? CITIES.map((attributes, index) => ({ type: collection, id: String(index + 1), attributes }))
        : [];
  return Response.json({ data: rows, meta: { total: rows.length, pageCount: 1 } });
}

function serverArgs(path: string, params: { lang: string }, session: AppSession | null = null) {
  const url = new URL(path, "http://localhost:3000");
  const context = new RouterContextProvider();
  context.set(startUpContext, {
    loaded: session !== null,
    viewer: session?.viewer ?? null,
    credentials: session?.credentials ?? null,
    setCookie: null,
  });
  context.set(i18nContext, createI18n("de", serverCatalog("de")));
  return { request: new Request(url), params, url, context, pattern: `/:lang/${path.split("/")[2] ?? ""}` };
}

function clientArgs(path: string, params: { lang: string }, session: AppSession | null = null) {
  provideClientRuntime({
    config: publicConfig,
    apiOrigin: "https://termin.example",
    session: async () => session,
    preferredLanguage: () => null,
    catalog: async (language) => serverCatalog(language),
    cookieConsent: { accepted: () => true, accept: async () => undefined },
    fetch: answer,
  });
  const url = new URL(path, "https://termin.example");
  const serverLoader = () => Promise.reject(new Error("the native app has no server"));
  return { ...serverArgs(path, params), url, request: new Request(url), serverLoader };
}

/** Where a loader sent the page instead of giving its data (a thrown redirect). */
async function redirectedTo(loading: Promise<unknown>): Promise<string | null> {
  const thrown = await loading.then(
    () => null,
    (error: unknown) => error,
  );
  return thrown instanceof Response ? thrown.headers.get("location") : null;
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

describe("a login-required page's data (forms)", () => {
  const params = { lang: "de" };

  it("is the same from both loaders for the signed-in client, asked with their token", async () => {
    vi.stubGlobal("fetch", answer);
    const fromServer = await forms.loader(serverArgs("/de/forms", params, SESSION));
    const fromApp = await forms.clientLoader(clientArgs("/de/forms", params, SESSION));
    expect(fromApp).toEqual(fromServer);
    expect(fromServer.forms).toEqual([expect.objectContaining({ name: "Anamnese", business: "Salon Ana" })]);
  });

  it("sends a visitor to sign-in and back to the same page from both loaders", async () => {
    vi.stubGlobal("fetch", answer);
    const path = "/de/forms?page=2";
    const back = `/de/sign-in?${new URLSearchParams({ redirectTo: path })}`;
    expect(await redirectedTo(forms.loader(serverArgs(path, params)))).toBe(back);
    expect(await redirectedTo(forms.clientLoader(clientArgs(path, params)))).toBe(back);
  });
});
