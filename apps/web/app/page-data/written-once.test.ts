import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterContextProvider } from "react-router";
import { parseSetCookie } from "cookie";
import { COOKIE } from "@termin/contracts/cookies";
import { parseBasket, serializeBasket, type Basket } from "../booking/basket.ts";
import { serverCatalog } from "../i18n/catalogs.server.ts";
import { createI18n } from "../i18n/i18n.ts";
import { publicConfig } from "../lib/config.server.ts";
import { i18nContext, startUpContext } from "../lib/request-context.ts";
import * as forms from "../routes/forms.tsx";
import * as formsDetail from "../routes/forms-detail.tsx";
import * as appointment from "../routes/appointment.tsx";
import * as basketPage from "../routes/basket.tsx";
import * as home from "../routes/home.tsx";
import * as memberships from "../routes/memberships.tsx";
import * as notifications from "../routes/notifications.tsx";
import * as services from "../routes/services.tsx";
import * as settings from "../routes/settings.tsx";
import { clientRuntime, provideClientRuntime, type AppSession, type ClientRuntime } from "./client-env.ts";
import { testClientRuntime } from "../../test/test-runtime.ts";
import { testViewer } from "../../test/test-viewer.ts";

// A route's loader (web server) and clientLoader (native app) are one load(env): for the same API answers they give
// the same page data. Its action and clientAction are one act(env, form): for the same form they send the API the
// same write, for the same client.

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
  viewer: testViewer("de"),
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

function serverArgs<P extends { lang: string }>(path: string, params: P, session: AppSession | null = null) {
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

function clientArgs<P extends { lang: string }>(
  path: string,
  params: P,
  session: AppSession | null = null,
  device: Pick<Partial<ClientRuntime>, "keepLanguage" | "endSession"> = {},
) {
  provideClientRuntime(
    testClientRuntime({
      config: publicConfig,
      session,
      catalog: async (language) => serverCatalog(language),
      // The API answers the test gave the page (the global fetch it stubbed), as the server's client has them.
      fetch: (input, init) => globalThis.fetch(input, init),
      ...device,
    }),
  );
  const url = new URL(path, "https://termin.example");
  const noServer = () => Promise.reject(new Error("the native app has no server"));
  return {
    ...serverArgs(path, params),
    url,
    request: new Request(url),
    serverLoader: noServer,
    serverAction: noServer,
  };
}

/** A form's submission to the page the args are for, with the request's headers (its cookies). */
function posting<A extends { request: Request; url: URL }>(args: A, fields: Record<string, string>): A {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  return { ...args, request: new Request(args.url, { method: "POST", body, headers: args.request.headers }) };
}

/** The API writes (anything but GET) the page sent, as method, address and the token it was sent with. */
function recordWrites(): { method: string; path: string; authorization: string | null }[] {
  const writes: { method: string; path: string; authorization: string | null }[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.method === "GET") return answer(request);
    const { pathname } = new URL(request.url);
    writes.push({ method: request.method, path: pathname, authorization: request.headers.get("authorization") });
    // What the API makes (a purchase: membership-instances) comes back as its document.
    if (pathname.endsWith("/membership-instances")) {
      return Response.json({ data: { type: "membership-instances", id: "55", attributes: {} } }, { status: 201 });
    }
    return new Response(null, { status: 204 });
  });
  return writes;
}

/** The answer a loader or action threw (a redirect), else null. */
async function thrownResponse(loading: Promise<unknown>): Promise<Response | null> {
  const thrown = await loading.then(
    () => null,
    (error: unknown) => error,
  );
  return thrown instanceof Response ? thrown : null;
}

/** The redirect an action answered with, returned or thrown (React Router takes both). */
async function thrownOrAnswered(acting: Promise<unknown>): Promise<Response | null> {
  const answered = await acting.catch((error: unknown) => error);
  return answered instanceof Response ? answered : null;
}

/** An action's answer for the page itself, not a redirect (which fails the test). */
function pageAnswer<T>(answer: T | Response): T {
  if (answer instanceof Response)
    throw new Error(`A redirect to ${answer.headers.get("location")}, not the page's answer`);
  return answer;
}

/** Where a loader sent the page instead of giving its data (a thrown redirect). */
async function redirectedTo(loading: Promise<unknown>): Promise<string | null> {
  return (await thrownResponse(loading))?.headers.get("location") ?? null;
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

describe("a form's write (notifications: mark all as read)", () => {
  const params = { lang: "de" };
  const form = { intent: "read-all" };

  it("is the same API write from both actions, with the client's token, and the same answer", async () => {
    const writes = recordWrites();
    const fromServer = await notifications.action(posting(serverArgs("/de/notifications", params, SESSION), form));
    const fromApp = await notifications.clientAction(posting(clientArgs("/de/notifications", params, SESSION), form));
    expect(fromApp).toEqual(fromServer);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toEqual(writes[0]);
    expect(writes[0]).toEqual({
      method: "POST",
      path: "/v1c/notifications/read-all",
      authorization: "Bearer client-token",
    });
  });

  it("sends a visitor to sign-in from both actions, and writes nothing", async () => {
    const writes = recordWrites();
    const back = `/de/sign-in?${new URLSearchParams({ redirectTo: "/de/notifications" })}`;
    expect(await redirectedTo(notifications.action(posting(serverArgs("/de/notifications", params), form)))).toBe(back);
    expect(await redirectedTo(notifications.clientAction(posting(clientArgs("/de/notifications", params), form)))).toBe(
      back,
    );
    expect(writes).toEqual([]);
  });
});

describe("a form's answers (forms-detail): the same write from both actions, then thanks once", () => {
  const params = { lang: "de", formId: "31" };
  const path = "/de/forms/31";
  const QUESTION = { key: "allergies", type: "text", label: "Allergies", required: true };

  /** The form with its question, and its answer once one was posted; the posted answers as the API got them. */
  function formApi() {
    const writes: { body: unknown; authorization: string | null }[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.method === "POST") {
        writes.push({ body: await request.json(), authorization: request.headers.get("authorization") });
        return Response.json({ data: { type: "form-answers", id: "90" } }, { status: 201 });
      }
      const answered = writes.length > 0;
      const form = {
        ...FORM,
        attributes: { ...FORM.attributes, fields: [QUESTION] },
        relationships: {
          ...FORM.relationships,
          formAnswer: { data: answered ? { type: "form-answers", id: "90" } : null },
        },
      };
      const answer = {
        type: "form-answers",
        id: "90",
        attributes: { values: { allergies: "none" }, submitted_at: "2026-12-01T10:00:00Z" },
      };
      const business = { ...BUSINESS, attributes: { ...BUSINESS.attributes, slug: "salon-ana" } };
      return Response.json({ data: form, included: answered ? [business, answer] : [business] });
    });
    return writes;
  }

  it("sends the answers with the client's token from both actions and thanks once on the next load", async () => {
    const writes = formApi();
    const answers = { allergies: "none" };

    const fromServer = await thrownResponse(formsDetail.action(posting(serverArgs(path, params, SESSION), answers)));
    expect(fromServer?.headers.get("location")).toBe(path);
    // The web leaves the thanks in a cookie the redirect sets, read by the load it leads to.
    const cookie = (fromServer?.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const afterRedirect = serverArgs(path, params, SESSION);
    const thanked = await formsDetail.loader({
      ...afterRedirect,
      request: new Request(afterRedirect.url, { headers: { cookie } }),
    });
    expect(thanked.data.justSent).toBe(true);
    expect(thanked.init?.headers).toEqual({ "Set-Cookie": expect.stringContaining("Max-Age=0") });

    // Made first: each provides the app's runtime afresh, which starts with nothing left.
    const [nextLoad, loadAfter] = [clientArgs(path, params, SESSION), clientArgs(path, params, SESSION)];
    const fromApp = await thrownResponse(formsDetail.clientAction(posting(clientArgs(path, params, SESSION), answers)));
    expect(fromApp?.headers.get("location")).toBe(path);
    // The app keeps it itself: the next load thanks, the one after does not.
    expect((await formsDetail.clientLoader(nextLoad)).data.justSent).toBe(true);
    expect((await formsDetail.clientLoader(loadAfter)).data.justSent).toBe(false);

    expect(writes).toHaveLength(2);
    expect(writes[1]).toEqual(writes[0]);
    expect(writes[0]).toEqual({
      authorization: "Bearer client-token",
      body: {
        data: {
          type: "form-answers",
          attributes: { values: { allergies: "none" } },
          relationships: { form: { data: { type: "forms", id: "31" } } },
        },
      },
    });
  });
});

describe("a membership bought (memberships): the same offers, the same purchase from both", () => {
  const params = { lang: "de" };
  const path = "/de/memberships?city=sofia";

  it("shows the same offers from both loaders", async () => {
    vi.stubGlobal("fetch", answer);
    const fromServer = await memberships.loader(serverArgs(path, params));
    expect(await memberships.clientLoader(clientArgs(path, params))).toEqual(fromServer);
    expect(fromServer.scope).toMatchObject({ kind: "city", slug: "sofia" });
  });

  it("buys with the client's token from both actions and goes to My memberships", async () => {
    const writes = recordWrites();
    const form = { membership: "12" };
    const fromServer = await thrownOrAnswered(memberships.action(posting(serverArgs(path, params, SESSION), form)));
    const fromApp = await thrownOrAnswered(memberships.clientAction(posting(clientArgs(path, params, SESSION), form)));
    expect(fromServer?.headers.get("location")).toBe("/de/my-memberships?bought=55");
    expect(fromApp?.headers.get("location")).toBe(fromServer?.headers.get("location"));
    expect(writes).toEqual([
      { method: "POST", path: "/v1c/membership-instances", authorization: "Bearer client-token" },
      { method: "POST", path: "/v1c/membership-instances", authorization: "Bearer client-token" },
    ]);
  });
});

describe("an appointment cancelled (appointment): the same write from both actions", () => {
  it("cancels with the client's token from both actions, with the same answer", async () => {
    const writes = recordWrites();
    const params = { lang: "de", id: "77" };
    const form = { intent: "cancel" };
    const fromServer = await appointment.action(posting(serverArgs("/de/appointments/77", params, SESSION), form));
    const fromApp = await appointment.clientAction(posting(clientArgs("/de/appointments/77", params, SESSION), form));
    expect(fromApp).toEqual(fromServer);
    expect(fromServer).toEqual({ error: null, done: "cancel" });
    expect(writes).toEqual([
      { method: "PATCH", path: "/v1c/appointment-clients/77", authorization: "Bearer client-token" },
      { method: "PATCH", path: "/v1c/appointment-clients/77", authorization: "Bearer client-token" },
    ]);
  });
});

describe("a basket entry removed (basket): the same hold let go, the same basket kept in a cookie or the app", () => {
  const params = { lang: "de" };
  const path = "/de/basket";
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
  const BASKET: Basket = {
    locationId: "5",
    locationSlug: "salon-ana",
    items: [
      {
        key: "held",
        servicePriceId: "11",
        employeeId: "3",
        startsAt: inHours(24),
        endsAt: inHours(25),
        holdId: "9",
        holdExpiresAt: inHours(1),
      },
      {
        key: "other",
        servicePriceId: "12",
        employeeId: null,
        startsAt: inHours(25),
        endsAt: inHours(26),
        holdId: null,
        holdExpiresAt: null,
      },
    ],
  };

  it("lets the hold go with the client's token from both actions and keeps what is left where each keeps it", async () => {
    const writes = recordWrites();
    const kept = serializeBasket(BASKET);
    const form = { intent: "remove", key: "held" };

    // The web reads the basket from its cookie and writes it back with the answer's Set-Cookie.
    const server = serverArgs(path, params, SESSION);
    const request = new Request(server.url, { headers: { cookie: `${COOKIE.basket}=${kept}` } });
    const fromServer = await basketPage.action(posting({ ...server, request }, form));
    const setCookie = parseSetCookie(new Headers(fromServer.init?.headers).get("set-cookie") ?? "");
    expect(setCookie).toMatchObject({ name: COOKIE.basket, httpOnly: true });

    // The app reads it from its storage and writes it there: no header.
    const app = clientArgs(path, params, SESSION);
    await clientRuntime().basket.keep(kept);
    const fromApp = await basketPage.clientAction(posting(app, form));
    expect(fromApp.init?.headers).toEqual({});

    expect(fromApp.data).toEqual(fromServer.data);
    expect(fromServer.data).toEqual({ error: null });
    expect(clientRuntime().basket.kept()).toBe(setCookie.value);
    expect(parseBasket(setCookie.value, new Date()).items.map((item) => item.key)).toEqual(["other"]);
    expect(writes).toEqual([
      { method: "DELETE", path: "/v1c/booking-holds/9", authorization: "Bearer client-token" },
      { method: "DELETE", path: "/v1c/booking-holds/9", authorization: "Bearer client-token" },
    ]);
  });
});

describe("settings: a write that keeps more than the API, the same from both actions", () => {
  const params = { lang: "de" };
  const path = "/de/settings";

  /** The API writes with their body; every write succeeds. */
  function settingsApi() {
    const writes: { method: string; path: string; authorization: string | null; body: string }[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const { pathname } = new URL(request.url);
      writes.push({
        method: request.method,
        path: pathname,
        authorization: request.headers.get("authorization"),
        body: await request.text(),
      });
      return new Response(null, { status: 204 });
    });
    return writes;
  }

  it("saves the profile in a new language: the same PATCH, the language kept, the page again in it", async () => {
    const writes = settingsApi();
    const form = { intent: "profile", first_name: "Ana", last_name: "Petrova", language: "en" };
    const kept: string[] = [];
    const fromServer = await thrownOrAnswered(settings.action(posting(serverArgs(path, params, SESSION), form)));
    const app = clientArgs(path, params, SESSION, { keepLanguage: async (language) => void kept.push(language) });
    const fromApp = await thrownOrAnswered(settings.clientAction(posting(app, form)));

    expect(writes).toHaveLength(2);
    expect(writes[1]).toEqual(writes[0]);
    expect(writes[0]).toMatchObject({ method: "PATCH", path: "/v1c/clients/7", authorization: "Bearer client-token" });
    expect(JSON.parse(writes[0]?.body ?? "")).toMatchObject({
      data: {
        attributes: { first_name: "Ana", last_name: "Petrova" },
        relationships: { language: { data: { id: "en" } } },
      },
    });
    // Both load the page in it as a new document; the web keeps it in the cookie, the app in its stored choice.
    for (const answer of [fromServer, fromApp]) {
      expect(answer?.headers.get("location")).toBe("/en/settings?saved=1");
      expect(answer?.headers.get("x-remix-reload-document")).toBe("true");
    }
    expect(fromServer?.headers.get("set-cookie")).toMatch(/^language=en;/);
    expect(fromApp?.headers.get("set-cookie")).toBeNull();
    expect(kept).toEqual(["en"]);
  });

  it("deletes the account: the same DELETE, then this device signed out (the cookie cleared, the kept token ended)", async () => {
    const writes = settingsApi();
    const form = { intent: "delete-account" };
    let ended = 0;
    const fromServer = pageAnswer(await settings.action(posting(serverArgs(path, params, SESSION), form)));
    const app = clientArgs(path, params, SESSION, { endSession: async () => void ended++ });
    const fromApp = pageAnswer(await settings.clientAction(posting(app, form)));

    expect(writes).toEqual([
      { method: "DELETE", path: "/v1c/clients/7", authorization: "Bearer client-token", body: "" },
      { method: "DELETE", path: "/v1c/clients/7", authorization: "Bearer client-token", body: "" },
    ]);
    expect(fromApp.data).toEqual(fromServer.data);
    expect(fromServer.data).toEqual({ intent: "delete-account", ok: true });
    expect(new Headers(fromServer.init?.headers).get("set-cookie")).toMatch(/^termin_session=;/);
    expect(new Headers(fromApp.init?.headers).get("set-cookie")).toBeNull();
    expect(ended).toBe(1);
  });
});
