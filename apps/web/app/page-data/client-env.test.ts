import { afterEach, describe, expect, it } from "vitest";
import en from "../i18n/locales/en.json";
import de from "../i18n/locales/de.json";
import type { Catalog } from "../i18n/i18n.ts";
import type { PublicConfig } from "../lib/config.server.ts";
import { clientPageEnv, provideClientRuntime, type AppSession } from "./client-env.ts";
import { homeOfSite, marketplaceOnly } from "./page-env.ts";
import { testClientRuntime } from "../../test/test-runtime.ts";
import { testViewer } from "../../test/test-viewer.ts";

const config: PublicConfig = {
  appName: "Termin",
  appVersion: "1.2.3",
  appBuild: "45",
  publicUrl: "https://termin.example/",
  businessPartnersUrl: "https://partners.termin.example/",
  storeLinks: { googlePlay: "https://play.example/termin" },
  defaultLanguage: "bg",
  botCheckSiteKey: null,
  socialLogin: null,
  googleClientIds: null,
  errorReporting: null,
};

const session: AppSession = {
  credentials: { token_type: "Bearer", access_token: "app-token" },
  viewer: testViewer("de"),
};

/** The app's runtime with a fetch that answers every API call with an empty collection and records it. */
function appRuntime(options: { session?: AppSession | null; preferred?: "de" | null } = {}) {
  const requests: Request[] = [];
  const runtime = testClientRuntime({
    config,
    session: options.session ?? null,
    preferredLanguage: () => options.preferred ?? null,
    catalog: async (language) => (language === "de" ? de : en) as Catalog,
    tracking: () => ({ referrer: "", landing_page: "/bg/home", unixtime: 1_800_000_000, platforms: ["android"] }),
    fetch: async (input, init) => {
      requests.push(new Request(input, init));
      return new Response(JSON.stringify({ data: [] }), { headers: { "content-type": "application/vnd.api+json" } });
    },
  });
  provideClientRuntime(runtime);
  return requests;
}

const args = (path: string, params: Record<string, string> = {}) => {
  const url = new URL(path, "https://termin.example");
  return { request: new Request(url), url, params };
};

afterEach(() => provideClientRuntime(null));

describe("the page data's environment in the native app", () => {
  it("refuses to load before the app provided its runtime", async () => {
    await expect(clientPageEnv(args("/en/home", { lang: "en" }))).rejects.toThrow(/runtime/);
  });

  it("takes the language from the address, else the app's choice, else the configured default", async () => {
    appRuntime({ preferred: "de" });
    expect((await clientPageEnv(args("/en/home", { lang: "en" }))).language).toBe("en");
    expect((await clientPageEnv(args("/home"))).language).toBe("de");
    appRuntime();
    expect((await clientPageEnv(args("/xx/home", { lang: "xx" }))).language).toBe("bg");
  });

  it("calls the API at the product's address with the app's headers and no token for public data", async () => {
    const requests = appRuntime({ session });
    const env = await clientPageEnv(args("/de/home", { lang: "de" }));
    await env.api.get("cities", { "page[size]": "12" });
    const [request] = requests;
    expect(request?.url).toBe("https://termin.example/v1c/cities?page%5Bsize%5D=12");
    expect(request?.headers.get("authorization")).toBeNull();
    expect(request?.headers.get("accept-language")).toMatch(/^de/);
    expect(request?.headers.get("app-version")).toBe("1.2.3");
    expect(request?.headers.get("app-render")).toBeNull();
    expect(JSON.parse(request?.headers.get("app-tracking") ?? "{}")).toMatchObject({ current_page: "/de/home" });
  });

  it("acts for the signed-in client with the bearer token the app keeps", async () => {
    const requests = appRuntime({ session });
    const env = await clientPageEnv(args("/en/forms", { lang: "en" }));
    expect(env.requireViewer().viewer.id).toBe("7");
    await env.viewerApi?.get("user-locations");
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer app-token");
  });

  it("has no client API for a visitor, and sends them to sign-in and back from a login-required page", async () => {
    appRuntime();
    const env = await clientPageEnv(args("/en/forms?page=2", { lang: "en" }));
    expect(env.viewerApi).toBeNull();
    let thrown: unknown;
    try {
      env.requireViewer();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe(
      `/en/sign-in?${new URLSearchParams({ redirectTo: "/en/forms?page=2" })}`,
    );
  });

  it("translates with the page language's catalog and is always the marketplace", async () => {
    appRuntime();
    const env = await clientPageEnv(args("/de/services", { lang: "de" }));
    expect(env.t("services.title")).toBe(de.services.title);
    expect(env.site).toEqual({ mode: "marketplace", origin: "https://termin.example" });
    expect(() => marketplaceOnly(env)).not.toThrow();
    expect(() => homeOfSite(env)).not.toThrow();
  });

  it("keeps a chosen language and forgets the sign-in through the app's runtime, with no headers to send", async () => {
    const kept: string[] = [];
    let ended = 0;
    provideClientRuntime(
      testClientRuntime({
        config,
        session,
        catalog: async () => en as Catalog,
        fetch: () => Promise.reject(new Error("no API call here")),
        keepLanguage: async (language) => void kept.push(language),
        endSession: async () => void ended++,
      }),
    );
    const env = await clientPageEnv(args("/en/settings", { lang: "en" }));
    expect(await env.keepLanguage("de")).toEqual({});
    expect(kept).toEqual(["de"]);
    expect(ended).toBe(0);
    expect(await env.forgetSignIn()).toEqual({});
    expect(ended).toBe(1);
    // The app's OAuth sign-in has no `account` scope: the password and deletion are the website's.
    expect(env.managesAccount).toBe(false);
  });
});

describe("site rules on any environment", () => {
  it("answers a marketplace-only page with 404 on a business's site, and sends its home to its places", async () => {
    appRuntime();
    const env = await clientPageEnv(args("/en/search", { lang: "en" }));
    const business = { id: 1, slug: "salon", name: "Salon", brandColor: null, soleLocation: "salon-centre" };
    const onBusinessSite = { ...env, site: { mode: "private", origin: "https://salon.example", business } } as const;
    let refused: unknown;
    try {
      marketplaceOnly(onBusinessSite);
    } catch (error) {
      refused = error;
    }
    // data(null, { status: 404 }): the route's error boundary gets a 404 answer.
    expect(refused).toMatchObject({ type: "DataWithResponseInit", init: { status: 404 } });
    let redirected: unknown;
    try {
      homeOfSite(onBusinessSite);
    } catch (error) {
      redirected = error;
    }
    expect((redirected as Response).headers.get("location")).toBe("/en/location/salon-centre");
  });
});
