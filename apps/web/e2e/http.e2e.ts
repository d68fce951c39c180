import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";

// HTTP-level checks of the server: statuses, redirects, headers and server rendering, no browser.
const noRedirect = { maxRedirects: 0 };
const catalog = (language: string) =>
  JSON.parse(readFileSync(new URL(`../app/i18n/locales/${language}.json`, import.meta.url), "utf8")) as {
    home: { title: string };
    nav: { home: string };
  };

test.describe("locale routing", () => {
  test("/ redirects to the default language home", async ({ request }) => {
    const response = await request.get("/", { ...noRedirect, headers: { "accept-language": "" } });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/en/home");
  });

  test("/ follows Accept-Language, and the language cookie over it", async ({ request }) => {
    const byHeader = await request.get("/", {
      ...noRedirect,
      headers: { "accept-language": "el-GR,el;q=0.9,en;q=0.5" },
    });
    expect(byHeader.headers().location).toBe("/el/home");
    const byCookie = await request.get("/", {
      ...noRedirect,
      headers: { "accept-language": "el", cookie: "language=tr" },
    });
    expect(byCookie.headers().location).toBe("/tr/home");
  });

  test("/{lang} and /{lang}/ redirect to /{lang}/home", async ({ request }) => {
    for (const path of ["/bg", "/bg/"]) {
      const response = await request.get(path, noRedirect);
      expect(response.status()).toBe(302);
      expect(response.headers().location).toBe("/bg/home");
    }
  });

  test("a known route without a language gets the visitor's language prefix", async ({ request }) => {
    const search = await request.get("/search?q=nails", { ...noRedirect, headers: { "accept-language": "de" } });
    expect(search.status()).toBe(302);
    expect(search.headers().location).toBe("/de/search?q=nails");
    const home = await request.get("/home", { ...noRedirect, headers: { "accept-language": "" } });
    expect(home.headers().location).toBe("/en/home");
  });

  test("unsupported locales and unknown paths render the 404 page with status 404", async ({ request }) => {
    for (const path of ["/xx/home", "/en/nowhere", "/en/a/b/c", "/en/404", "/en/pages/unknown", "/nowhere"]) {
      const response = await request.get(path, noRedirect);
      expect(response.status(), path).toBe(404);
      expect(await response.text(), path).toContain("404");
    }
    const inGreek = await request.get("/el/nowhere");
    expect(await inGreek.text()).toContain('lang="el"');
  });

  test("?language= switches the session language and lands on the same page in it", async ({ request }) => {
    const response = await request.get("/en/pages/terms?language=mk", noRedirect);
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/mk/pages/terms");
    expect(response.headers()["set-cookie"]).toMatch(/^language=mk;.*Path=\/.*HttpOnly.*SameSite=Lax/i);
    const home = await request.get("/", { ...noRedirect, headers: { cookie: "language=mk" } });
    expect(home.headers().location).toBe("/mk/home");
  });
});

test.describe("server rendering", () => {
  test("/bg/home is rendered in Bulgarian on the server, with alternates for every language", async ({ request }) => {
    const response = await request.get("/bg/home");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="bg"');
    expect(html).toContain(catalog("bg").home.title);
    for (const language of SUPPORTED_LANGUAGES) {
      expect(html).toContain(
        `<link rel="alternate" hrefLang="${language}" href="http://localhost:3100/${language}/home"/>`,
      );
    }
    expect(html).toContain('hrefLang="x-default"');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3100/bg/home"/>');
  });

  test("concurrent renders in different languages never mix", async ({ request }) => {
    const requests = Array.from(
      { length: 66 },
      (_, index) => SUPPORTED_LANGUAGES[index % SUPPORTED_LANGUAGES.length] as string,
    );
    const pages = await Promise.all(
      requests.map(async (language) => ({ language, html: await (await request.get(`/${language}/home`)).text() })),
    );
    for (const { language, html } of pages) {
      expect(html).toContain(`<html lang="${language}"`);
      expect(html).toContain(catalog(language).home.title);
    }
  });

  test("content pages come from the API in the page's language", async ({ request }) => {
    const greek = await (await request.get("/el/pages/privacy-policy")).text();
    const apiPage = await (
      await request.get("/v1c/pages/privacy-policy", { headers: { "accept-language": "el" } })
    ).json();
    expect(greek).toContain(apiPage.data.attributes.title);
    expect(apiPage.data.attributes.language).toBe("el");
  });

  test("marketplace pages carry their styles: no stylesheet request stands between the HTML and the first paint", async ({
    request,
  }) => {
    for (const path of ["/en/home", "/en/search", "/en/services", "/en/pages/terms"]) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, path).toMatch(/<style id="page-styles">:root\{--color-brand:/);
      expect(head, path).not.toContain('rel="stylesheet"');
    }
  });

  test("a visit from another site is recorded for the app-tracking header", async ({ request }) => {
    const response = await request.get("/en/home?utm_source=newsletter", {
      headers: { referer: "https://news.example.org/" },
    });
    const cookie = response.headers()["set-cookie"] ?? "";
    expect(cookie).toMatch(/^custom-tracking=/);
    const record = JSON.parse(decodeURIComponent(cookie.split(";")[0]?.split("=").slice(1).join("=") ?? ""));
    expect(record).toMatchObject({
      referrer: "https://news.example.org/",
      landing_page: "/en/home?utm_source=newsletter",
    });
    expect(record.unixtime).toBeGreaterThan(1_700_000_000);
    expect(record.unixtime).toBeLessThan(10_000_000_000);
  });
});

test.describe("security headers", () => {
  test("pages carry a hash-based CSP (no nonce: a page may go to many visitors) that forbids plugins and framing", async ({
    request,
  }) => {
    const response = await request.get("/en/home");
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("nonce-");
    const inline = [...(await response.text()).matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, text = ""] of inline) {
      expect(csp).toContain(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
    }
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });

  test("static files, API answers and 404s carry them too; HSTS only over HTTPS", async ({ request }) => {
    for (const path of ["/favicon.svg", "/v1c/appointment-statuses", "/en/nowhere", "/healthz"]) {
      const headers = (await request.get(path)).headers();
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
    const https = await request.get("/en/home", { headers: { "x-forwarded-proto": "https" } });
    expect(https.headers()["strict-transport-security"]).toContain("max-age=31536000");
  });
});

test.describe("API on the same port", () => {
  test("/v1c/appointment-statuses answers JSON:API", async ({ request }) => {
    const response = await request.get("/v1c/appointment-statuses");
    expect(response.headers()["content-type"]).toMatch(/^application\/vnd\.api\+json/);
    const body = await response.json();
    expect(body.data).toHaveLength(6);
    expect(body.meta.total).toBe(6);
  });

  test("/v1c/openapi.json, /docs/api, /livez and /readyz answer", async ({ request }) => {
    expect((await (await request.get("/v1c/openapi.json")).json()).openapi).toBe("3.1.0");
    expect(await (await request.get("/docs/api")).text()).toContain("Termin client API");
    expect(await (await request.get("/livez")).json()).toEqual({ status: "ok" });
    // The product's server runs a job worker, which readiness asks after too.
    const ready = {
      status: "ok",
      database: "pglite",
      checks: { database: "ok", migrations: "ok", job_worker: "ok" },
    };
    expect(await (await request.get("/readyz")).json()).toEqual(ready);
    expect(await (await request.get("/healthz")).json()).toEqual(ready);
  });
});

test.describe("compression", () => {
  test("pages, page data and API documents are brotli-compressed for clients that accept it", async ({ request }) => {
    const headers = { "accept-encoding": "br, gzip" };
    for (const path of ["/en/home", "/en/home.data", "/v1c/locations"]) {
      const response = await request.get(path, { headers });
      expect(response.headers()["content-encoding"], path).toBe("br");
      expect(response.headers().vary, path).toMatch(/accept-encoding/i);
    }
    const gzip = await request.get("/en/home", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers()["content-encoding"]).toBe("gzip");
    // The client still gets the page itself.
    expect(await gzip.text()).toContain("<html");
  });

  test("fingerprinted assets come pre-compressed, and unknown API paths stay JSON:API 404s", async ({ request }) => {
    const html = await (await request.get("/en/home")).text();
    const script = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0] ?? "";
    const compressed = await request.get(script, { headers: { "accept-encoding": "br" } });
    expect(compressed.headers()["content-encoding"]).toBe("br");
    expect(compressed.headers()["cache-control"]).toContain("immutable");
    const unknown = await request.get("/v1c/no-such-thing");
    expect(unknown.status()).toBe(404);
    expect(unknown.headers()["content-type"]).toMatch(/^application\/vnd\.api\+json/);
  });
});

test.describe("the widget's pages (embed)", () => {
  /** A demo business, by the API. */
  const someBusiness = async (request: APIRequestContext) =>
    (
      (await (await request.get("/v1c/businesses?page[size]=1")).json()) as {
        data: Array<{ attributes: { slug: string } }>;
      }
    ).data[0]?.attributes.slug ?? "";

  test("may be framed by the business's allowed origins only, and set their cookies partitioned in the frame", async ({
    request,
  }) => {
    const response = await request.get(`/en/embed/business/${await someBusiness(request)}?language=de`, {
      maxRedirects: 0,
    });
    expect(response.headers()["set-cookie"]).toMatch(/language=de;.*SameSite=None; Secure; Partitioned/);
    const page = await request.get(`/de/embed/business/${await someBusiness(request)}`);
    const headers = page.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors http://127.0.0.1:* http://localhost:*");
    expect(headers["x-frame-options"]).toBeUndefined();
    // Every other page keeps refusing frames, in both headers.
    const home = (await request.get("/de/home")).headers();
    expect(home["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(home["x-frame-options"]).toBe("DENY");
  });

  test("a page write forged by another site is refused; the same from our own origin goes through", async ({
    request,
    baseURL,
  }) => {
    const forged = await request.post("/cookie-consent", {
      headers: { origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(403);
    expect(forged.headers()["set-cookie"]).toBeUndefined();
    const crossSite = await request.post("/en/sign-out", {
      headers: { "sec-fetch-site": "cross-site" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
    const own = await request.post("/cookie-consent", { headers: { origin: baseURL ?? "" }, maxRedirects: 0 });
    expect(own.status()).toBe(302);
  });
});

test("a bare POST to cookie-consent records the choice instead of failing", async ({ request }) => {
  const response = await request.post("/cookie-consent", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["set-cookie"]).toContain("cookie_consent_accepted=true");
});
