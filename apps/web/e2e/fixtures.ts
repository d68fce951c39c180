import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";

/** Rules of WCAG 2.x A and AA that axe can check. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** The element the page scrolls in, between the header and the tab bar (app/ui/page-scroller.ts). */
export const PAGE_SCROLLER = "#page-scroller";

/**
 * Scrolls the page's own row to `top` px, or to the middle of what it can scroll; answers where it was before, or
 * null on a page without the shell or with nothing to scroll.
 */
export async function scrollPage(page: Page, top: number | "middle"): Promise<number | null> {
  return page.evaluate(
    ({ selector, to }) => {
      const scroller = document.querySelector(selector);
      if (!scroller || scroller.scrollHeight <= scroller.clientHeight) return null;
      const before = scroller.scrollTop;
      const target = to === "middle" ? (scroller.scrollHeight - scroller.clientHeight) / 2 : to;
      scroller.scrollTo({ top: target, behavior: "instant" });
      return before;
    },
    { selector: PAGE_SCROLLER, to: top },
  );
}

/** How many pixels the page is wider than the screen (0 when nothing scrolls sideways, the document or its row). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate((selector) => {
    const root = document.documentElement;
    const scroller = document.querySelector(selector);
    return Math.max(root.scrollWidth - root.clientWidth, scroller ? scroller.scrollWidth - scroller.clientWidth : 0);
  }, PAGE_SCROLLER);
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Scanned as a person sees the page, with the header and tab bar in place: at the top, and scrolled halfway, where
  // whatever a bar could cover would straddle the page's edges. Only target-size depends on the scroll position (a
  // target cut by a bar); the second scan runs that rule alone, which keeps it cheap.
  const violations = await axeViolations(page);
  const before = await scrollPage(page, "middle");
  if (before !== null) {
    violations.push(...(await axeViolations(page, ["target-size"])).map((v) => `scrolled halfway: ${v}`));
    await scrollPage(page, before);
  }
  expect(violations, `accessibility violations on ${page.url()}`).toEqual([]);
}

/** Violations of the WCAG rules, or of `onlyRules`. */
async function axeViolations(page: Page, onlyRules?: string[]): Promise<string[]> {
  // Legacy mode runs axe in the page itself. The default opens a blank page per scan to merge results from
  // cross-origin frames, which the app never embeds; that page cost 1 to 3 s per scan on 2 shared cores.
  let builder = new AxeBuilder({ page }).setLegacyMode();
  builder = onlyRules ? builder.withRules(onlyRules) : builder.withTags(AXE_TAGS);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/**
 * The app is hydrated and idle, and what it does once idle has run: the splash loader has gone (2 s after it starts
 * to fade; tests that clicked as soon as it faded met menus and dialogs whose effects had not run yet).
 */
export async function waitForStableApp(page: Page): Promise<void> {
  await expect(page.getByTestId("splash")).toHaveCount(0);
}

/**
 * After a navigation the new page's main heading has focus (the shell's rule): with a ring for a keyboard user
 * (`ring: true`), and without the box a mouse user would otherwise see.
 */
export async function expectHeadingFocused(page: Page, { ring }: { ring: boolean }): Promise<void> {
  const heading = page.getByRole("main").getByRole("heading", { level: 1 });
  await expect(heading).toBeFocused();
  const shown = await heading.evaluate((element) => ({
    focusVisible: element.matches(":focus-visible"),
    outline: getComputedStyle(element).outlineStyle,
  }));
  expect(shown).toEqual(ring ? { focusVisible: true, outline: "solid" } : { focusVisible: false, outline: "none" });
}

/** Opens the side menu: the top bar's menu button on desktop, the Profile tab on phones. */
export async function openMenu(page: Page) {
  // A click before hydration opens nothing (the menu button works by script): a page just reached by a redirect
  // may still be hydrating.
  await waitForStableApp(page);
  const desktop = (page.viewportSize()?.width ?? 1280) >= 768;
  if (desktop) await page.getByRole("button", { name: "Open menu" }).click();
  else await page.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: "Profile" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  return menu;
}

/**
 * The toast saying `text`. Found in the toasts' region, where it stays for its whole delay; the status
 * announcement Radix makes for screen readers lasts only a second, too short to wait for under load.
 */
export function toast(page: Page, text: string) {
  return page
    .getByRole("region", { name: /\((F8)\)$/ })
    .getByRole("listitem")
    .filter({ hasText: text });
}

/** A horizontal swipe: real touch events on touch devices, a mouse drag elsewhere. */
export async function swipe(page: Page, from: { x: number; y: number }, toX: number, touch: boolean): Promise<void> {
  if (!touch) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(toX, from.y, { steps: 5 });
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number) => [{ x, y: from.y, id: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(from.x) });
  for (let step = 1; step <= 5; step++) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: point(from.x + ((toX - from.x) * step) / 5),
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** Waits for CSS animations (menus sliding in) to finish, so positions are final. */
export async function waitForAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
}

interface Fixtures {
  /** Browser-reported errors a test provokes on purpose (an aborted download, a 404 document). */
  allowConsoleErrors: RegExp[];
  /** Whether the visitor has already accepted the cookie notice (true unless a test is about it). */
  cookieConsent: boolean;
  /** Opens a page, waits until the app is stable and checks it with axe-core. */
  visit: (path: string) => Promise<void>;
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [[], { option: true }],
  cookieConsent: [true, { option: true }],
  page: async ({ page, allowConsoleErrors, cookieConsent, baseURL }, use) => {
    if (cookieConsent) {
      await page.context().addCookies([{ name: "cookie_consent_accepted", value: "true", url: baseURL ?? "" }]);
    }
    // Any console error or uncaught exception fails the test (house style).
    const errors: string[] = [];
    page.on("console", (message) => {
      const text = message.text();
      if (message.type() === "error" && !allowConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(page);
    expect(errors, "console errors").toEqual([]);
  },
  visit: async ({ page }, use) => {
    await use(async (path) => {
      await page.goto(path);
      await waitForStableApp(page);
      await expectNoAxeViolations(page);
    });
  },
});

/**
 * Where a journey runs: the test's own page, or (for the width that runs it without scripts) a page of a new
 * context with JavaScript off; either way with the cookie notice answered.
 */
export async function journeyTab(
  { browser, page, baseURL }: { browser: Browser; page: Page; baseURL: string | undefined },
  javaScript: boolean,
): Promise<{ context: BrowserContext; tab: Page }> {
  const origin = required(baseURL, "baseURL");
  const context = javaScript
    ? page.context()
    : await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize(), baseURL: origin });
  const tab = javaScript ? page : await context.newPage();
  await context.addCookies([{ name: "cookie_consent_accepted", value: "true", url: origin }]);
  return { context, tab };
}

/** A value the test data must hold: fails the test with a clear message instead of a non-null assertion. */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Missing in the test data: ${what}`);
  return value;
}

export { expect };
