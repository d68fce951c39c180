import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { signInAsDemoClient, signUpAndSignIn } from "./account-fixtures.ts";
import { putAFreeTimeInBasket, putOneServiceInBasket } from "./basket-fixtures.ts";
import { PAGE_SCROLLER, expect, test, waitForAnimations } from "./fixtures.ts";
import { findCoveredText, findLayoutProblems, type LayoutCheck } from "./layout-findings.ts";

/**
 * A sweep over the shell in every language at every width it changes at, and over every page in the languages with
 * the longest words and other scripts: no sideways scrolling, no cut label, no text in another language than the
 * page's. Each test lists all it finds at once. It runs in one browser project (playwright.config.ts).
 */
const LANGUAGES = ["bg", "en", "de", "es", "it", "fr", "tr", "ro", "el", "mk", "ru"];
const SHELL_WIDTHS = [320, 375, 768, 800, 860, 1024, 1280];
/** The side menu is a full-width sheet below 768 px and a panel of fixed width from there: both phones, one panel. */
const MENU_WIDTHS = [320, 375, 768];
const PAGE_LANGUAGES = ["bg", "de", "el", "ru"];
const PAGE_WIDTHS = [320, 1280];
const NON_LATIN = new Set(["bg", "el", "mk", "ru"]);

type Catalog = { [key: string]: string | Catalog };
const catalog = (language: string): Map<string, string> => {
  const flat = new Map<string, string>();
  const walk = (node: Catalog, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === "string") flat.set(`${prefix}${key}`, value);
      else walk(value, `${prefix}${key}.`);
    }
  };
  walk(JSON.parse(readFileSync(`apps/web/app/i18n/locales/${language}.json`, "utf8")) as Catalog, "");
  return flat;
};
const english = catalog("en");

/** The English texts the page's catalog says otherwise: whole texts without placeholders, as a page shows them. */
function englishOnly(language: string): string[] {
  if (language === "en") return [];
  const own = catalog(language);
  // A word both languages use ("Service" is German too) is the page's own where its catalog has it anywhere.
  const ownTexts = new Set(own.values());
  return [...english]
    .filter(([key, text]) => !text.includes("{{") && text.length > 2 && own.get(key) !== text && !ownTexts.has(text))
    .map(([, text]) => text);
}

/**
 * Latin words a Cyrillic or Greek page may show: names inside sentences, file formats, the cookie the cookies policy
 * names, loanwords of its catalog.
 */
const NAMES_IN_TEXT = ["Termin", "Google", "JPEG", "PNG", "WebP", "language"];
const LOANWORDS: Record<string, string[]> = {
  el: ["cookie", "cookies", "email", "Email", "online", "Online", "look"],
  ru: ["cookie"],
};

function checkFor(language: string, scopes: LayoutCheck["scopes"]): LayoutCheck {
  return {
    scopes,
    language,
    englishOnly: englishOnly(language),
    latinIsForeign: NON_LATIN.has(language),
    latinWordsInUse: [...NAMES_IN_TEXT, ...(LOANWORDS[language] ?? [])],
  };
}

/** Hydrated and idle: what the page shows after its scripts ran (the splash leaves its first phase). */
async function open(page: Page, path: string): Promise<void> {
  // Menus appear at once: the sweep looks at where things end, not at how they get there.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(path);
  await expect(page.locator("[data-testid=splash][data-phase=shown]")).toHaveCount(0);
  // Text is measured in the fonts it is drawn in (a placeholder's width is measured on a canvas).
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
}

/** The viewport at `width`, measured once the page has drawn a frame at it (its media queries' re-render done). */
async function resize(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 740 });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await waitForAnimations(page);
}

const BARS: LayoutCheck["scopes"] = [
  { selector: ".top-bar", name: "header" },
  { selector: ".tab-bar", name: "tab bar" },
];
const SEARCH_FIELD = { selector: ".search-box", name: "search field" };

/** What is wrong with the header and tab bar (and any more scopes) as they are now, each finding led by `where`. */
async function barFindings(page: Page, language: string, where: string, more: LayoutCheck["scopes"] = []) {
  const found = await page.evaluate(findLayoutProblems, checkFor(language, [...BARS, ...more]));
  return found.map((finding) => `${where} ${finding}`);
}

test.describe("the shell in every language", () => {
  for (const language of LANGUAGES) {
    test(`${language}: header, tabs and side menu at ${SHELL_WIDTHS.join(", ")} px`, async ({
      page,
      baseURL,
      context,
      request,
    }) => {
      const findings: string[] = [];
      await open(page, `/${language}/home`);
      for (const width of SHELL_WIDTHS) {
        await resize(page, width);
        // Home's search field too: its example words are the first thing a phone's visitor reads there.
        findings.push(...(await barFindings(page, language, `${width} px`, [SEARCH_FIELD])));
        if (!MENU_WIDTHS.includes(width)) continue;
        const opener =
          width >= 768 ? page.locator(".top-bar .icon-button[aria-haspopup]") : page.locator(".tab-profile");
        await opener.click();
        const menu = page.getByRole("dialog");
        await expect(menu).toBeVisible();
        await waitForAnimations(page);
        const inMenu = checkFor(language, [{ selector: "[role=dialog]", name: "side menu" }]);
        findings.push(...(await page.evaluate(findLayoutProblems, inMenu)).map((finding) => `${width} px ${finding}`));
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
      }
      // Signed in, with a service in the basket: My appointments and Basket join the top bar (the fullest it gets),
      // and Basket takes the Appointments tab's place.
      await signInAsDemoClient(context, request);
      await putOneServiceInBasket(page, baseURL ?? "");
      await open(page, `/${language}/home`);
      await expect(page.locator(".top-bar__link")).toHaveCount(1);
      for (const width of SHELL_WIDTHS) {
        await resize(page, width);
        findings.push(...(await barFindings(page, language, `${width} px, signed in, basket:`)));
      }
      expect(findings).toEqual([]);
    });
  }
});

/** Links on a page that lead to pages of one kind whose address the demo data decides, and what those lead to. */
interface Lead {
  kind: RegExp;
  leadsTo?: Lead[];
}
/** A page to look at. */
interface Stop {
  path: string;
  leadsTo?: Lead[];
}

/** Visits each stop and the first page found for each kind it leads to, at both widths; returns the findings. */
async function sweepPages(page: Page, language: string, stops: Stop[]): Promise<string[]> {
  const findings: string[] = [];
  const queue = stops.map((stop) => ({ ...stop, path: `/${language}/${stop.path}` }));
  const check = checkFor(language, [{ selector: "body", name: "page" }]);
  for (let index = 0; index < queue.length; index++) {
    const stop = queue[index];
    if (!stop) continue;
    await page.setViewportSize({ width: PAGE_WIDTHS[0] ?? 320, height: 740 });
    await open(page, stop.path);
    for (const width of PAGE_WIDTHS) {
      await resize(page, width);
      const found = await page.evaluate(findLayoutProblems, check);
      findings.push(...found.map((finding) => `${stop.path} at ${width} px: ${finding}`));
    }
    const hrefs = await page.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    for (const lead of stop.leadsTo ?? []) {
      const next = hrefs.find((href) => href !== null && lead.kind.test(href));
      if (next) queue.push({ path: next, leadsTo: lead.leadsTo });
      else findings.push(`${stop.path}: no link to ${lead.kind} to follow`);
    }
  }
  return findings;
}

const MARKETPLACE: Stop[] = [
  { path: "home" },
  { path: "search" },
  { path: "services" },
  { path: "locations" },
  {
    path: "locations?city=sofia",
    leadsTo: [
      {
        kind: /\/location\/[^/?#]+$/,
        leadsTo: [{ kind: /\/business\/[^/?#]+$/ }, { kind: /\/book\/[^/?#]+\?service=\d+$/ }],
      },
    ],
  },
  {
    path: "inspiration",
    leadsTo: [{ kind: /\/inspiration\/view\/\d+$/ }, { kind: /\/inspiration\/(?!view\/)[^/?#]+$/ }],
  },
  { path: "download-application" },
  { path: "memberships?city=sofia" },
  { path: "pages/privacy-policy" },
  { path: "pages/terms" },
  { path: "pages/cookies" },
  { path: "pages/contacts" },
  { path: "sign-in" },
  { path: "sign-up" },
  { path: "forgot-password" },
  { path: "nowhere" },
];

/** The demo client's own pages: they have appointments, forms and notifications to show. */
const CLIENT_AREA: Stop[] = [
  { path: "appointments", leadsTo: [{ kind: /\/appointments\/\d+$/ }] },
  { path: "forms", leadsTo: [{ kind: /\/forms\/[^/?#]+$/ }] },
  { path: "notifications" },
  { path: "my-locations" },
  { path: "my-memberships" },
  { path: "settings" },
  { path: "basket" },
];

test.describe("every page", () => {
  // The 404 page is one of them; Chromium reports its document as a failed load.
  test.use({ allowConsoleErrors: [/status of 404/] });

  for (const language of PAGE_LANGUAGES) {
    test(`${language}: the marketplace at ${PAGE_WIDTHS.join(" and ")} px`, async ({ page }) => {
      expect(await sweepPages(page, language, MARKETPLACE)).toEqual([]);
    });

    test(`${language}: the client's area at ${PAGE_WIDTHS.join(" and ")} px`, async ({ page, context, request }) => {
      await signInAsDemoClient(context, request);
      expect(await sweepPages(page, language, CLIENT_AREA)).toEqual([]);
    });

    test(`${language}: the basket and checkout with a time in them at ${PAGE_WIDTHS.join(" and ")} px`, async ({
      page,
      request,
      baseURL,
    }) => {
      // A new client of their own: the time their pages hold is no other test's.
      await signUpAndSignIn(page, request, { language });
      await putAFreeTimeInBasket(page, request, { baseURL: baseURL ?? "", nth: PAGE_LANGUAGES.indexOf(language) });
      const findings = await sweepPages(page, language, [{ path: "basket" }, { path: "checkout" }]);
      // The checkout shows the service's day and times, which a phone wraps where they stop fitting: at every width
      // of a phone the line ends somewhere else, and never inside the times.
      await expect(page.locator(".basket-line__when")).toHaveText(/\d:\d\d\S*–\S*\d{1,2}:\d\d/);
      const times = checkFor(language, [{ selector: ".basket-line__when", name: "the service's time" }]);
      for (let width = PAGE_WIDTHS[0] ?? 320; width <= 480; width += 8) {
        await resize(page, width);
        const found = await page.evaluate(findLayoutProblems, times);
        findings.push(...found.map((finding) => `checkout at ${width} px: ${finding}`));
      }
      expect(findings).toEqual([]);
    });
  }
});

/** A phone's browser, which the download banner offers the app to (DownloadBanner.tsx). */
const PHONE_BROWSER =
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36";

test.describe("the download banner in every language", () => {
  test.use({ userAgent: PHONE_BROWSER });

  for (const language of LANGUAGES) {
    test(`${language}: takes its own room under the header and covers nothing at ${SHELL_WIDTHS.join(", ")} px`, async ({
      page,
    }) => {
      await page.clock.install();
      await page.setViewportSize({ width: SHELL_WIDTHS[0] ?? 320, height: 740 });
      await open(page, `/${language}/home`);
      // The banner shows 7 s after load (DOWNLOAD_BANNER_DELAY_MS, spec section 9) to a phone's browser.
      await page.clock.fastForward(7_500);
      const banner = page.locator(".download-banner");
      await expect(banner).toBeVisible();
      const findings: string[] = [];
      const check = checkFor(language, [{ selector: ".download-banner", name: "download banner" }]);
      for (const width of SHELL_WIDTHS) {
        await resize(page, width);
        // What the visitor sees: the page's text (its heading first) with nothing over it, the banner's own whole.
        const covered = await page.evaluate(findCoveredText, [
          { selector: "main", name: "page" },
          { selector: ".top-bar", name: "header" },
        ]);
        const own = await page.evaluate(findLayoutProblems, check);
        findings.push(...[...covered, ...own].map((finding) => `${width} px: ${finding}`));
        const bannerBottom = await banner.evaluate((element) => element.getBoundingClientRect().bottom);
        const pageTop = await page.locator(PAGE_SCROLLER).evaluate((row) => row.getBoundingClientRect().top);
        if (pageTop < bannerBottom - 0.5) findings.push(`${width} px: the page starts under the banner`);
      }
      expect(findings).toEqual([]);
    });
  }
});
