import { afterEach, describe, expect, it, vi } from "vitest";
import { RouterContextProvider } from "react-router";
import { serverCatalog } from "../i18n/catalogs.server.ts";
import { createI18n } from "../i18n/i18n.ts";
import { publicConfig } from "../lib/config.server.ts";
import { i18nContext, startUpContext } from "../lib/request-context.ts";
import type { StartUpResult } from "../lib/start-up.server.ts";
import { serverPageEnv } from "./server-env.server.ts";
import { testViewer } from "../../test/test-viewer.ts";

const visitor: StartUpResult = { loaded: false, viewer: null, credentials: null, setCookie: null };
const signedIn: StartUpResult = {
  loaded: true,
  viewer: testViewer("en"),
  credentials: { token_type: "Bearer", access_token: "session-token" },
  setCookie: null,
};

/** A page request as the root middleware leaves it: its translator and start-up result in the context. */
function pageArgs(path: string, params: Record<string, string>, startUp: StartUpResult, cookie?: string) {
  const url = new URL(path, "http://localhost:3000");
  const request = new Request(url, { headers: cookie ? { cookie } : {} });
  const context = new RouterContextProvider();
  context.set(startUpContext, startUp);
  context.set(i18nContext, createI18n("de", serverCatalog("de")));
  return { request, params, url, context };
}

/** Records the API calls the env's clients make. */
function recordApiCalls(): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push(new Request(input, init));
    return new Response(JSON.stringify({ data: [] }), { headers: { "content-type": "application/vnd.api+json" } });
  });
  return requests;
}

afterEach(() => vi.unstubAllGlobals());

describe("the page data's environment on the web server", () => {
  it("takes the language from the address, else the visitor's language cookie", () => {
    expect(serverPageEnv(pageArgs("/de/home", { lang: "de" }, visitor)).language).toBe("de");
    expect(serverPageEnv(pageArgs("/search", {}, visitor, "language=ru")).language).toBe("ru");
  });

  it("asks the API for the page without the session, marked as a server render", async () => {
    const requests = recordApiCalls();
    const env = serverPageEnv(pageArgs("/de/home", { lang: "de" }, signedIn));
    await env.api.get("cities");
    expect(requests[0]?.headers.get("authorization")).toBeNull();
    expect(requests[0]?.headers.get("app-render")).toBe("ssr");
    expect(requests[0]?.headers.get("accept-language")).toMatch(/^de/);
  });

  it("acts for the signed-in client only through viewerApi and requireViewer", async () => {
    const requests = recordApiCalls();
    const env = serverPageEnv(pageArgs("/en/forms", { lang: "en" }, signedIn));
    await env.viewerApi?.get("user-locations");
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer session-token");
    expect(env.requireViewer().viewer.id).toBe("7");
  });

  it("has no client API for a visitor and sends them to sign-in from a login-required page", () => {
    const env = serverPageEnv(pageArgs("/en/forms", { lang: "en" }, visitor));
    expect(env.viewerApi).toBeNull();
    let thrown: unknown;
    try {
      env.requireViewer();
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Response).headers.get("location")).toBe(
      `/en/sign-in?${new URLSearchParams({ redirectTo: "/en/forms" })}`,
    );
  });

  it("gives the request's translator, the public configuration and the request's site", () => {
    const env = serverPageEnv(pageArgs("/de/services", { lang: "de" }, visitor));
    expect(env.t("services.title")).toBe(serverCatalog("de").services.title);
    expect(env.config).toBe(publicConfig);
    expect(env.site.mode).toBe("marketplace");
  });

  it("keeps a chosen language in the language cookie the answer sets, and lets this sign-in manage the account", async () => {
    const env = serverPageEnv(pageArgs("/en/settings", { lang: "en" }, signedIn));
    const headers = await env.keepLanguage("de");
    expect(Object.keys(headers)).toEqual(["set-cookie"]);
    expect(headers["set-cookie"]).toMatch(/^language=de;/);
    expect(headers["set-cookie"]).toMatch(/Path=\//);
    expect(env.managesAccount).toBe(true);
  });

  it("forgets the sign-in by clearing the session cookie in the answer", async () => {
    const env = serverPageEnv(pageArgs("/en/settings", { lang: "en" }, signedIn, "termin_session=sealed"));
    const { "set-cookie": cleared } = await env.forgetSignIn();
    expect(cleared).toMatch(/^termin_session=;/);
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });
});
