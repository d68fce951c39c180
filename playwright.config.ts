import { rmSync } from "node:fs";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./test/chromium.ts";
import { PARTNER_ORIGIN } from "./apps/web/e2e/partner-site.ts";
import { E2E_OIDC_ISSUER, TEST_CLIENT } from "./test/oidc-test-provider.ts";

// Other ports only to run a second checkout's tests beside this one (a few tests expect 3100 in links).
const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = "test-results/e2e-data";

// The server under test starts on an empty embedded database every run (workers only read this file).
if (!process.env.TEST_WORKER_INDEX) rmSync(DATA_DIR, { recursive: true, force: true });

/** Tests that speak HTTP or run processes (and the page cache's two-browser test): once, not per width. */
const serverOnly = [
  "**/http.e2e.ts",
  "**/server-lifecycle.e2e.ts",
  "**/seo.e2e.ts",
  "**/page-cache.e2e.ts",
  "**/cross-origin.e2e.ts",
  "**/api-reference.e2e.ts",
];
const mobile = (width: number) => ({ viewport: { width, height: 740 }, hasTouch: true });
/**
 * The shell changes at 375 and 320 px (spec: Look Book, then Search leave the tab bar), so its tests run on both
 * sides of each (1280, 375, 320 px; 360 px for the tab bar alone). Journeys run at the two extremes, desktop and the narrowest phone: in between, pages differ
 * only by the shell. This halves the suite's time on two cores.
 */
const everyWidth = ["**/shell.e2e.ts"];
/**
 * The search journey runs in English at both widths and in each other script at one width: the languages differ in
 * words and formats, which the layout sweep checks at every width.
 */
const desktopJourneyLanguages = /\[mk\] find a manicure/;
const phoneJourneyLanguages = /\[el\] find a manicure/;
/** Tests about one side of a page's phone/wide fold carry a tag (`@phone`, `@wide`) and run only at those widths. */
const phoneSideOnly = /@phone/;
const wideSideOnly = /@wide/;
/** Long phone journeys run once, on a 375 px phone (booking: its picker differs between widths only by its grid). */
const phoneOnly = ["**/booking.e2e.ts"];
/** The search page folds its filters on a phone: both phones' widths see the first results on their first screen. */
const bothPhones = ["**/search-filters.e2e.ts"];
/**
 * The layout sweep sets each width itself, and the service worker, push and error reports do not depend on the
 * width: they run in one project, desktop-1280's.
 */
const desktopOnly = [
  "**/layout-sweep.e2e.ts",
  "**/pwa.e2e.ts",
  "**/push.e2e.ts",
  "**/error-reporting.e2e.ts",
  // The native app sets its phone width itself.
  "**/native-app.e2e.ts",
  "**/native-behaviours.e2e.ts",
  "**/native-sign-in.e2e.ts",
  "**/native-booking.e2e.ts",
  "**/native-settings.e2e.ts",
];

/** Browser tests in Debian's Chromium at the widths the shell is specified for; HTTP checks once. */
export default defineConfig({
  testDir: "apps/web/e2e",
  testMatch: "**/*.e2e.ts",
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A whole journey with several axe scans takes some 20 s alone on 2 cores, and up to three times that while the
  // other worker's browser shares them (seen on a slow day: the layout sweep of 20 pages in one language, 23 s alone
  // and 62 s beside another journey).
  timeout: 90_000,
  // A step that waits on the server and a hydration (a toast after a save, a page back in a new language) was
  // seen to take over 7 s on CI's 2 cores while the other worker ran axe; what never happens still fails.
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    trace: "retain-on-failure",
    // No service worker outside the tests about it (pwa.e2e.ts, push.e2e.ts allow it): each would download the
    // app's precache (about 600 KB) in every test's fresh browser, and answer page data that page.route holds back.
    serviceWorkers: "block",
  },
  projects: [
    { name: "http", testMatch: serverOnly },
    {
      name: "desktop-1280",
      testIgnore: [...serverOnly, ...phoneOnly],
      grepInvert: [desktopJourneyLanguages, phoneSideOnly],
      use: { viewport: { width: 1280, height: 800 } },
    },
    {
      name: "mobile-375",
      testMatch: [...everyWidth, ...phoneOnly, ...bothPhones],
      grepInvert: wideSideOnly,
      use: mobile(375),
    },
    // 360 px is the one width with Search in the tab bar and the Look Book out of it; the rest of the shell's
    // tests behave there as at 320 and 375.
    { name: "mobile-360", testMatch: everyWidth, grep: /home renders the shell/, use: mobile(360) },
    {
      name: "mobile-320",
      testIgnore: [...serverOnly, ...phoneOnly, ...desktopOnly],
      grepInvert: [phoneJourneyLanguages, wideSideOnly],
      use: mobile(320),
    },
  ],
  webServer: [
    {
      // A real OpenID Connect provider standing in for Google (social-login.e2e.ts).
      command: "node test/oidc-test-provider-main.ts",
      url: `${E2E_OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: { PORT: new URL(E2E_OIDC_ISSUER).port, REDIRECT_URIS: `http://localhost:${PORT}/auth/google/callback` },
    },
    {
      command: "node apps/web/server/main.ts",
      url: `http://localhost:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: "production",
        // No money moves in the tests: the demonstration payment provider, allowed explicitly in production.
        DEMO_PAYMENTS: "true",
        PORT: String(PORT),
        DATA_DIR,
        LOG_LEVEL: "warn",
        PUBLIC_URL: `http://localhost:${PORT}`,
        BUSINESS_PARTNERS_URL: "https://partners.termin.test/join",
        APP_VERSION: "1.0.0-e2e",
        APP_BUILD: "e2e42",
        // Every test browser signs in from 127.0.0.1: one address for the whole suite, like a big office NAT.
        SIGN_IN_ATTEMPTS_PER_IP_PER_MINUTE: "1000",
        GOOGLE_CLIENT_ID: TEST_CLIENT.clientId,
        GOOGLE_CLIENT_SECRET: TEST_CLIENT.clientSecret,
        GOOGLE_ISSUER_URL: E2E_OIDC_ISSUER,
        CORS_ORIGINS: PARTNER_ORIGIN,
        // The push journey's subscription is at a local push service (push.e2e.ts).
        PUSH_LOCAL_ENDPOINTS: "true",
      },
    },
  ],
});
