import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../../test/chromium.ts";
import bg from "../app/i18n/locales/bg.json" with { type: "json" };
import de from "../app/i18n/locales/de.json" with { type: "json" };
import en from "../app/i18n/locales/en.json" with { type: "json" };
import mk from "../app/i18n/locales/mk.json" with { type: "json" };
import { expect, expectNoAxeViolations, required, test, waitForStableApp } from "./fixtures.ts";

/** The page is controlled by an activated service worker (registered once the app is stable). */
async function waitForWorker(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? "none")).toBe("activated");
}

/** The worker keeps the document at `address` (a path, or the page's own address when left out). */
async function expectKept(page: Page, address?: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        async (path) => (await caches.match(path ?? window.location.href, { ignoreVary: true })) !== undefined,
        address,
      ),
    )
    .toBe(true);
}

/** Opens a page, hydrated and controlled by the activated worker: where each offline journey starts. */
async function openUnderWorker(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForStableApp(page);
  await waitForWorker(page);
}

// The service worker is what these tests are about (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

test.describe("the installable web app", () => {
  // Offline, what the page asks the network for itself fails, as it would for a visitor: the API's answers, pictures.
  // React Router's route discovery does not: the worker answers it (a document navigation), so it logs no error.
  test.use({ allowConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

  test("Chromium finds it installable; the manifest speaks the page's language", async ({ page, baseURL }) => {
    // Chromium installs nothing from an incognito profile, which every test context is: this check needs a profile.
    const profile = await mkdtemp(join(tmpdir(), "termin-pwa-profile-"));
    const installable = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
      baseURL,
    });
    try {
      const tab = installable.pages()[0] ?? (await installable.newPage());
      await tab.goto("/de/home");
      await waitForStableApp(tab);
      const cdp = await installable.newCDPSession(tab);
      await expect.poll(async () => (await cdp.send("Page.getInstallabilityErrors")).installabilityErrors).toEqual([]);
    } finally {
      await installable.close();
      await rm(profile, { recursive: true, force: true });
    }

    await page.goto("/de/home");
    const href = required(await page.locator('link[rel="manifest"]').getAttribute("href"), "manifest link");
    const answer = await page.request.get(href);
    expect(answer.headers()["cache-control"]).toBe("private, no-cache");
    const manifest = (await answer.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      lang: "de",
      name: de.pwa.manifest.name.replace("{{appName}}", "Termin"),
      short_name: "Termin",
      description: de.pwa.manifest.description,
      start_url: "/de/home",
      scope: "/",
      display: "standalone",
      theme_color: "#0f5c4d",
    });
    const worker = await page.request.get("/sw.js");
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect(worker.headers()["content-security-policy"]).toContain("default-src 'self'");
  });

  test("pages seen before open offline; one never seen shows the offline page in the visitor's language", async ({
    page,
    context,
  }) => {
    await openUnderWorker(page, "/bg/home");
    // Seen under the worker too: the search page.
    await page.goto("/bg/search");
    await waitForStableApp(page);
    const searchHeading = await page.getByRole("heading", { level: 1 }).textContent();

    // The first page, loaded before the worker ran, is handed to it once it runs.
    await expectKept(page, "/bg/home");

    await context.setOffline(true);
    await page.goto("/bg/search");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(required(searchHeading, "search heading"));
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(required(searchHeading, "search heading"));
    await page.goto("/bg/home");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("offline-page")).toHaveCount(0);

    // A link followed inside the app to a page not kept says the same, not that something went wrong.
    await waitForStableApp(page);
    await page.getByRole("contentinfo").getByRole("link", { name: bg.menu.terms }).click();
    await expect(page.getByRole("heading", { level: 1, name: bg.pwa.offline.title })).toBeVisible();

    await page.goto("/bg/pages/terms");
    await expect(page.getByRole("heading", { level: 1, name: bg.pwa.offline.title })).toBeVisible();
    await expect(page.getByText(bg.pwa.offline.body)).toBeVisible();
    await expect(page.getByRole("link", { name: bg.pwa.offline.tryAgain })).toBeVisible();

    // A page that is not the marketplace's (the accounts pages, a client's own) is never kept, even once seen.
    await context.setOffline(false);
    await page.goto("/bg/sign-in");
    await waitForStableApp(page);
    await page.goto("/bg/home");
    await waitForStableApp(page);
    const kept = await page.evaluate(
      async () => (await caches.keys()).length > 0 && (await caches.match("/bg/sign-in", { ignoreVary: true })),
    );
    expect(kept).toBeFalsy();
    await expectKept(page, "/bg/home");
  });
  test("offline, a link followed inside the app opens the page kept, or the offline page, and Back works", async ({
    page,
    context,
  }) => {
    await openUnderWorker(page, "/en/home");
    const homeHeading = required(await page.getByRole("heading", { level: 1 }).textContent(), "home heading");
    // A place seen before, reached from a link on the home page.
    const placeHref = required(
      await page
        .getByRole("main")
        .locator('a[href^="/en/location/"]')
        .filter({ visible: true })
        .first()
        .getAttribute("href"),
      "a place on the home page",
    );
    await page.goto(placeHref);
    await waitForStableApp(page);
    const placeHeading = required(await page.getByRole("heading", { level: 1 }).textContent(), "place heading");
    await page.goto("/en/home");
    await waitForStableApp(page);

    // Loaded offline, the page could not discover the routes of its links: each link needs the worker.
    await context.setOffline(true);
    await page.reload();
    await waitForStableApp(page);
    await page.getByRole("main").locator(`a[href="${placeHref}"]`).filter({ visible: true }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(placeHeading);
    await expect(page).toHaveURL(placeHref);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(homeHeading);

    // A page never seen: the worker's offline page, whatever the browser believes about its connection.
    await waitForStableApp(page);
    await page.getByRole("contentinfo").getByRole("link", { name: en.menu.terms }).click();
    await expect(page.getByTestId("offline-page")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: en.pwa.offline.title })).toBeVisible();
    // A second link after the first document navigation: React Router's reload guard does not stop it.
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(homeHeading);
    await waitForStableApp(page);
    await page.getByRole("main").locator(`a[href="${placeHref}"]`).filter({ visible: true }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(placeHeading);
  });

  test("a search reached inside the app, with a query and a filter, opens offline after a reload", async ({
    page,
    context,
  }) => {
    await openUnderWorker(page, "/bg/home");
    // Only the page's data comes from the server on the way: the worker keeps the document too.
    const field = page.getByRole("main").getByRole("search").getByRole("combobox");
    await field.fill("маникюр");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/bg\/search\?q=/);
    await waitForStableApp(page);
    await page.locator('select[name="city"]').selectOption("sofia");
    await expect(page).toHaveURL(/\/bg\/search\?q=.+&city=sofia/);
    const searchHeading = required(await page.getByRole("heading", { level: 1 }).textContent(), "search heading");
    const address = page.url();
    await expectKept(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(searchHeading);
    await expect(page.getByTestId("offline-page")).toHaveCount(0);
    expect(page.url()).toBe(address);
    await expect(page.locator('select[name="city"]')).toHaveValue("sofia");
  });

  test("what was seen before the worker ran is handed to it: the first page, a search, and the page reached from it", async ({
    page,
    context,
  }) => {
    const first = "/en/search?q=manicure";
    await page.goto(first);
    // Before the worker runs (it waits for the page to settle), the visitor narrows the search: a navigation inside
    // the app, which fetches only the page's data.
    await page.locator('select[name="city"]').selectOption("sofia");
    await expect(page).toHaveURL(/\/en\/search\?q=manicure&city=sofia$/);
    await waitForStableApp(page);
    await waitForWorker(page);
    await expectKept(page, first);
    await expectKept(page);
    const heading = required(await page.getByRole("heading", { level: 1 }).textContent(), "search heading");

    await context.setOffline(true);
    await page.reload();
    await expect(page.locator('select[name="city"]')).toHaveValue("sofia");
    await page.goto(first);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.locator('select[name="city"]')).toHaveValue("");
    await expect(page.getByTestId("offline-page")).toHaveCount(0);
  });

  test("a page seen before in a language the browser lacks works offline: its Intl polyfills were kept", async ({
    page,
    context,
  }) => {
    // Chromium has no Macedonian: the page loads FormatJS polyfills and CLDR data, outside the precache.
    await openUnderWorker(page, "/mk/home");
    const polyfills = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => /\/assets\/.*polyfill.*\.js$/.test(path)),
    );
    expect(polyfills.length).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page.evaluate(async (paths) => {
          const kept = await Promise.all(paths.map(async (path) => (await caches.match(path)) !== undefined));
          return kept.every(Boolean);
        }, polyfills),
      )
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    // Hydrated offline: the menu opens, which only the page's scripts do.
    await waitForStableApp(page);
    await page.getByRole("button", { name: mk.menu.open }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });
});

/**
 * The product behind a proxy on its own origin (a fresh service worker registration) that serves /sw.js itself:
 * the build's worker first, then `deploy()` makes it answer a new version, as a deployment would.
 */
async function startDeployingProxy(upstream: string) {
  const target = new URL(upstream);
  const buildA = await (await fetch(new URL("/sw.js", upstream))).text();
  let worker = buildA;
  const server: Server = createServer((incoming, outgoing) => {
    if (incoming.url === "/sw.js") {
      outgoing.writeHead(200, {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": "no-cache",
        "content-security-policy": "default-src 'self'",
      });
      outgoing.end(worker);
      return;
    }
    const proxied = request(
      {
        host: "127.0.0.1",
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.on("error", () => outgoing.destroy());
    incoming.pipe(proxied);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Build B: other bytes, and a worker that says which build it is. */
    deploy() {
      worker = `${buildA}\nself.addEventListener("message", (event) => { if (event.data === "build?") event.ports[0].postMessage("B"); });\n`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test("a new version is announced, applied from the dialog, and the page reloads under it", async ({
  browser,
  baseURL,
}) => {
  const proxy = await startDeployingProxy(required(baseURL, "baseURL"));
  const context = await browser.newContext({ baseURL: proxy.url });
  try {
    await context.addCookies([{ name: "cookie_consent_accepted", value: "true", url: proxy.url }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));

    await openUnderWorker(page, "/en/home");

    proxy.deploy();
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    // Found by its text: once the dialog opens (a worker with nothing new to download installs at once), the rest
    // of the page, the toast included, is hidden from the accessibility tree.
    const toasts = page.getByLabel("Notifications (F8)");
    await expect(toasts.getByText(en.pwa.update.downloadingBody)).toBeVisible();
    await expect(toasts.getByText(en.pwa.update.downloadingTitle)).toBeVisible();

    const dialog = page.getByRole("alertdialog", { name: en.pwa.update.dialogTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(en.pwa.update.dialogBody);
    await expectNoAxeViolations(page);

    await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
    const reloaded = page.waitForEvent("load");
    await dialog.getByRole("button", { name: en.pwa.update.apply }).click();
    await reloaded;
    // A new document (the window's marks are gone), controlled by build B's worker.
    expect(await page.evaluate(() => "beforeUpdate" in window)).toBe(false);
    await waitForStableApp(page);
    const build = await page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(String(event.data));
          navigator.serviceWorker.controller?.postMessage("build?", [channel.port2]);
        }),
    );
    expect(build).toBe("B");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    await proxy.close();
  }
});
