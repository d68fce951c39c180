import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** Rules of WCAG 2.x A and AA that axe can check. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export async function expectNoAxeViolations(page: Page): Promise<void> {
  // The sticky top bar and bottom tabs cover part of whatever straddles the viewport's edges at that scroll
  // position, and axe's target-size rule would count that against the link underneath. People scroll; so
  // the bars leave the flow for the scan and come back after it. The bars themselves are still checked.
  const unstick = await page.addStyleTag({ content: ".top-bar, .tab-bar { position: static !important; }" });
  // Legacy mode runs axe in the page itself. The default opens a blank page per scan to merge results from
  // cross-origin frames, which the app never embeds; that page cost 1 to 3 s per scan on 2 shared cores.
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
  await unstick.evaluate((style) => style.parentNode?.removeChild(style));
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * The app is hydrated and idle, and what it does once idle has run: the splash loader has gone (2 s after it starts
 * to fade; tests that clicked as soon as it faded met menus and dialogs whose effects had not run yet).
 */
export async function waitForStableApp(page: Page): Promise<void> {
  await expect(page.getByTestId("splash")).toHaveCount(0);
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

/** A value the test data must hold: fails the test with a clear message instead of a non-null assertion. */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Missing in the test data: ${what}`);
  return value;
}

export { expect };
