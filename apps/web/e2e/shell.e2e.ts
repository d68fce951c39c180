import type { Locator, Page } from "@playwright/test";
import {
  PAGE_SCROLLER,
  expect,
  expectHeadingFocused,
  expectNoAxeViolations,
  openMenu,
  scrollPage,
  sidewaysOverflow,
  swipe,
  test,
  waitForAnimations,
  waitForStableApp,
} from "./fixtures.ts";
import { signInAsDemoClient, signUpAndSignIn } from "./account-fixtures.ts";
import { putOneServiceInBasket } from "./basket-fixtures.ts";

const width = (page: Page) => page.viewportSize()?.width ?? 1280;

/** Whether what the visitor sees at the middle of an element is that element, not a bar or banner over it. */
const isUncovered = (element: Locator) =>
  element.evaluate((target) => {
    const box = target.getBoundingClientRect();
    const onTop = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return onTop !== null && target.contains(onTop);
  });
const isDesktop = (page: Page) => width(page) >= 768;

test("home renders the shell for this width", async ({ page, visit }) => {
  await visit("/en/home");
  await expect(page).toHaveTitle(/Termin/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const topNav = page.getByRole("navigation", { name: "Main" });
  const tabs = page.getByRole("navigation", { name: "Sections" });
  if (isDesktop(page)) {
    await expect(topNav).toBeVisible();
    for (const label of ["Home", "Services", "Classes", "Locations", "Look Book"]) {
      await expect(topNav.getByRole("link", { name: label })).toBeVisible();
    }
    await expect(tabs).toBeHidden();
    return;
  }
  await expect(topNav).toBeHidden();
  await expect(tabs.getByRole("link", { name: "Home" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Appointments" })).toBeVisible();
  await expect(tabs.getByRole("button", { name: "Profile" })).toBeVisible();
  // Width rules: Look Book below 375 px, Search at 320 px or less.
  await expect(tabs.getByRole("link", { name: "Look Book" })).toBeVisible({ visible: width(page) >= 375 });
  await expect(tabs.getByRole("link", { name: "Search" })).toBeVisible({ visible: width(page) > 320 });
  // Nothing overflows sideways on a phone.
  expect(await sidewaysOverflow(page)).toBe(0);
});

test("the side menu lists every entry and leads to support", async ({ page, visit }) => {
  await visit("/en/home");
  const menu = await openMenu(page);
  await expect(menu.getByText("Your profile")).toBeVisible();
  for (const label of [
    "Services",
    "Classes",
    "Locations",
    "Look Book",
    "Settings",
    "My appointments",
    "My locations",
    "Liked pictures",
    "My memberships",
    "My forms",
    "Notifications",
    "Sign in",
    "Customer support",
    "Download application",
  ]) {
    await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole("link", { name: "Download application" })).toHaveAttribute(
    "href",
    "/en/download-application",
  );
  await expect(menu.getByRole("link", { name: /For business partners/ })).toHaveAttribute(
    "href",
    "https://partners.termin.test/join",
  );
  await expect(menu.getByText("Version 1.0.0-e2e (build e2e42)")).toBeVisible();
  await expectNoAxeViolations(page);

  await menu.getByRole("link", { name: "Customer support" }).click();
  await expect(page).toHaveURL(/\/en\/pages\/contacts$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Customer support" })).toBeVisible();
  await expectNoAxeViolations(page);
});

/** The control that opens the side menu at this width: the top bar's menu button, or the Profile tab on phones. */
const menuOpener = (page: Page) =>
  isDesktop(page)
    ? page.getByRole("banner").getByRole("button", { name: "Open menu" })
    : page.getByRole("navigation", { name: "Sections" }).getByRole("button", { name: "Profile" });

test("closing the side menu and the logout question gives focus back to what opened them", async ({
  page,
  request,
  visit,
}) => {
  await signUpAndSignIn(page, request);
  await visit("/en/home");
  const menu = await openMenu(page);
  const logout = menu.getByRole("button", { name: "Logout" });
  await logout.click();
  const question = page.getByRole("alertdialog", { name: "Logout" });
  await question.getByRole("button", { name: "Cancel" }).click();
  await expect(question).toBeHidden();
  await expect(logout).toBeFocused();
  await logout.click();
  await page.keyboard.press("Escape");
  await expect(question).toBeHidden();
  await expect(logout).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuOpener(page)).toBeFocused();
});

test("a horizontal swipe closes the side menu", async ({ page, visit, hasTouch }) => {
  await visit("/en/home");
  const menu = await openMenu(page);
  await waitForAnimations(page);
  // Start on the profile header, away from links (dragging a link starts a drag-and-drop instead).
  const box = await menu.getByText("Your profile").boundingBox();
  if (!box) throw new Error("the menu's profile header has no box");
  const start = { x: box.x + box.width / 2 - 50, y: box.y + box.height / 2 };
  await swipe(page, start, start.x + 100, hasTouch);
  await expect(menu).toBeHidden();
});

test("the language menu switches the current page's language", async ({ page, visit }) => {
  await visit("/en/pages/terms");
  const menu = isDesktop(page) ? page.getByRole("banner") : await openMenu(page);
  await menu.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitem", { name: "Български" }).click();
  await expect(page).toHaveURL(/\/bg\/pages\/terms$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "bg");
  await waitForStableApp(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Условия за ползване");
  await expectNoAxeViolations(page);
  // The choice is remembered for the next visit to /.
  await page.goto("/");
  await expect(page).toHaveURL(/\/bg\/home$/);
});

test.describe("before the cookie notice is accepted", () => {
  test.use({ cookieConsent: false });

  test("the cookie notice goes away once accepted, also after a reload", async ({ page, visit }) => {
    await visit("/en/home");
    const notice = page.getByRole("region", { name: "Cookie notice" });
    await expect(notice).toContainText("We use cookies to improve your experience and monitor website traffic.");
    await expect(notice.getByRole("link", { name: "Cookies policy" })).toHaveAttribute("href", "/en/pages/cookies");
    // Someone who goes straight on to search keeps typing there while the answer is saved (held back here until
    // they have begun, as on a slow network).
    let answerSaved = () => {};
    const typingBegun = new Promise<void>((resolve) => (answerSaved = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/cookie-consent"),
      async (route) => {
        await typingBegun;
        await route.continue();
      },
    );
    await notice.getByRole("button", { name: "Accept" }).click();
    const field = page.getByRole("combobox", { name: "Search for a service, place or city" });
    await field.click();
    await field.pressSequentially("ma");
    answerSaved();
    await expect(notice).toBeHidden();
    await field.pressSequentially("ss");
    await expect(field).toBeFocused();
    await expect(field).toHaveValue("mass");
    await page.reload();
    await waitForStableApp(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(notice).toBeHidden();
  });

  test("the cookie notice is reached first and never hides a focused control", async ({ page, visit }) => {
    await visit("/en/pages/contacts");
    const notice = page.getByRole("region", { name: "Cookie notice" });
    // Right after the skip link and the policy link: no need to Tab through the whole page to accept.
    for (const control of [
      page.getByRole("link", { name: "Skip to main content" }),
      notice.getByRole("link", { name: "Cookies policy" }),
      notice.getByRole("button", { name: "Accept" }),
    ]) {
      await page.keyboard.press("Tab");
      await expect(control).toBeFocused();
    }
    await expect(notice).toBeVisible();
    // The page's last controls, where a notice floating over the bottom of the screen covered them.
    const footerLinks = page.getByRole("contentinfo").getByRole("link");
    for (const link of await footerLinks.all()) {
      await link.focus();
      await expect.poll(() => isUncovered(link), await link.innerText()).toBe(true);
    }
  });
});

test.describe("not found", () => {
  // Chromium reports the 404 document itself as a failed resource load.
  test.use({ allowConsoleErrors: [/status of 404/] });

  test("the 404 page keeps the shell, in the page's language", async ({ page, visit }) => {
    const response = await page.goto("/el/nowhere");
    expect(response?.status()).toBe(404);
    await waitForStableApp(page);
    await expectNoAxeViolations(page);
    await expect(page.locator("html")).toHaveAttribute("lang", "el");
    await page.getByRole("main").getByRole("link").click();
    await expect(page).toHaveURL(/\/el\/home$/);
    await visit("/xx/home");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
  });
});

test("the back button appears on mobile after moving inside the app", async ({ page, visit }) => {
  await visit("/en/home");
  const back = page.getByRole("button", { name: "Back" });
  await expect(back).toHaveCount(0);
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
  await expect(page).toHaveURL(/\/en\/pages\/terms$/);
  if (isDesktop(page)) {
    // Desktop browsers show their own back button; the app's stays hidden.
    await expect(back).toBeHidden();
    return;
  }
  await back.click();
  await expect(page).toHaveURL(/\/en\/home$/);
});

test("a page navigation shows the progress bar while it loads", async ({ page, visit }) => {
  await visit("/en/home");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/pages/terms.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("contentinfo").getByRole("link", { name: "Terms" }).click();
  const bar = page.getByRole("progressbar");
  await expect(bar).toBeVisible();
  expect(await bar.evaluate((element) => element.getBoundingClientRect().height)).toBe(3);
  release();
  await expect(page).toHaveURL(/\/en\/pages\/terms$/);
  await expect(bar).toHaveCount(0);
});

test.describe("flaky network", () => {
  // The aborted first download is logged by Chromium itself; the app must not log anything.
  test.use({ allowConsoleErrors: [/net::ERR_FAILED/] });

  test("a failed translation download is retried once", async ({ page }) => {
    let attempts = 0;
    await page.route("**/assets/de-*.json", async (route) => {
      attempts += 1;
      if (attempts === 1) await route.abort("failed");
      else await route.continue();
    });
    await page.goto("/de/home");
    await waitForStableApp(page);
    await page
      .getByRole("button", { name: isDesktop(page) ? "Menü öffnen" : "Profil" })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(attempts).toBe(2);
  });
});

test("phones see the download-app banner 7 seconds after the cookie notice's answer, and can close it", async ({
  browser,
}) => {
  const context = await browser.newContext({
    userAgent:
      "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36",
    viewport: { width: 375, height: 740 },
  });
  const page = await context.newPage();
  await page.clock.install();
  // Time flows on its own as well: count from hydration (the splash leaves its first phase once the app is
  // hydrated and idle), not from the load event, which waits for pictures for a second or more on a busy machine.
  await page.goto("/en/home", { waitUntil: "domcontentloaded" });
  await expect(page.locator("[data-testid=splash][data-phase=shown]")).toHaveCount(0);
  const banner = page.getByRole("complementary", { name: "Termin app" });
  // One prompt at a time: while the cookie notice waits, the banner would cover its Accept button.
  await page.clock.fastForward(10_000);
  await expect(banner).toHaveCount(0);
  const notice = page.getByRole("region", { name: "Cookie notice" });
  const historyBefore = await page.evaluate(() => history.length);
  await notice.getByRole("button", { name: "Accept" }).click();
  await expect(notice).toHaveCount(0);
  // The answer stays on the page (Back does not lead to the same page again), and the reader goes on in it.
  expect(await page.evaluate(() => history.length)).toBe(historyBefore);
  await expect(page.locator("#main")).toBeFocused();
  // Up to two seconds pass between the answer and this step when the machine is busy: 5 + 2 is still under 7.
  await page.clock.fastForward(5_000);
  await expect(banner).toHaveCount(0);
  await page.clock.fastForward(2_500);
  await expect(banner).toBeVisible();
  // It takes its own room under the header: the page starts below it, its heading in full view.
  const bannerBottom = await banner.evaluate((element) => element.getBoundingClientRect().bottom);
  const pageTop = await page.locator(PAGE_SCROLLER).evaluate((row) => row.getBoundingClientRect().top);
  expect(pageTop).toBeGreaterThanOrEqual(bannerBottom - 0.5);
  expect(await isUncovered(page.getByRole("heading", { level: 1 }))).toBe(true);
  await banner.getByRole("button", { name: "Close" }).click();
  await expect(banner).toHaveCount(0);
  // The button went with the banner: the reader goes on in the page.
  await expect(page.locator("#main")).toBeFocused();
  // Closed stays closed: not back after a reload.
  await page.reload({ waitUntil: "domcontentloaded" });
  await expect(page.locator("[data-testid=splash][data-phase=shown]")).toHaveCount(0);
  await page.clock.fastForward(10_000);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await context.close();
});

test("scroll position is restored on back and on reload, and new pages start at the top", async ({ page, visit }) => {
  const scrollTop = () => page.locator(PAGE_SCROLLER).evaluate((row) => Math.round(row.scrollTop));
  await visit("/en/pages/privacy-policy");
  const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Terms" });
  await footerLink.scrollIntoViewIfNeeded();
  const scrolled = await scrollTop();
  expect(scrolled).toBeGreaterThan(0);
  await footerLink.click();
  await expect(page).toHaveURL(/\/en\/pages\/terms$/);
  await expect.poll(scrollTop).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/en\/pages\/privacy-policy$/);
  await expect.poll(scrollTop).toBe(scrolled);
  await page.reload();
  await expect.poll(scrollTop).toBe(scrolled);
});

test("the page scrolls between the bars: the document never does, and no bar covers any part of it", async ({
  page,
  visit,
}) => {
  await visit("/en/search");
  const rects = () =>
    page.evaluate((selector) => {
      const bottomOf = (element: Element | null) => element?.getBoundingClientRect().bottom ?? 0;
      const row = document.querySelector(selector)?.getBoundingClientRect();
      const tabBar = document.querySelector(".tab-bar")?.getBoundingClientRect();
      return {
        documentScrolls: document.documentElement.scrollHeight > innerHeight,
        rowTop: row?.top,
        rowBottom: row?.bottom,
        headerBottom: bottomOf(document.querySelector(".top-bar")),
        tabBarTop: tabBar && tabBar.height > 0 ? tabBar.top : innerHeight,
      };
    }, PAGE_SCROLLER);
  for (const top of [0, "middle", 1e6] as const) {
    await scrollPage(page, top);
    const at = await rects();
    expect(at.documentScrolls, `scrolled to ${top}`).toBe(false);
    expect(at.rowTop, `scrolled to ${top}`).toBeGreaterThanOrEqual(at.headerBottom);
    expect(at.rowBottom, `scrolled to ${top}`).toBeLessThanOrEqual(at.tabBarTop);
  }
  // Tab reaches the last control of the page and the first of the tab bar: each wholly in view, under no bar.
  const lastLink = page.getByRole("contentinfo").getByRole("link").last();
  await lastLink.focus();
  await expect(lastLink).toBeInViewport({ ratio: 1 });
  await expect.poll(() => isUncovered(lastLink)).toBe(true);
});

test("the skip link stays out of sight until focused, also when its words take two lines", async ({ page, visit }) => {
  // Russian's words take two lines on the narrowest phone.
  await page.setViewportSize({ width: 320, height: 740 });
  await visit("/ru/home");
  const skip = page.getByRole("link", { name: "Перейти к основному содержимому" });
  const box = async () => (await skip.boundingBox()) ?? { y: 0, height: 0 };
  expect(await box().then(({ y, height }) => y + height)).toBeLessThanOrEqual(0);
  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport({ ratio: 1 });
});

test("screen readers hear each count once, after a comma", async ({ page, request, visit, baseURL }) => {
  await signUpAndSignIn(page, request);
  // Seventeen unread notifications (no API sends one) and one service in the basket.
  await page.route("**/de/personal*", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), unreadNotifications: 17 } });
  });
  await putOneServiceInBasket(page, baseURL ?? "");
  await visit("/de/home");
  const scope = isDesktop(page) ? page.getByRole("banner") : page.getByRole("navigation", { name: "Bereiche" });
  await expect(scope.getByRole("link", { name: "Warenkorb, 1 Leistung im Warenkorb", exact: true })).toBeVisible();
  const opener = isDesktop(page)
    ? scope.getByRole("button", { name: "Menü öffnen, 17 ungelesene Benachrichtigungen", exact: true })
    : scope.getByRole("button", { name: "Profil, 17 ungelesene Benachrichtigungen", exact: true });
  await expect(opener).toBeVisible();
  // Nothing besides the name: the badge's digits are for the eyes only.
  expect((await opener.ariaSnapshot()).match(/17/g)).toHaveLength(1);
  await opener.click();
  const menu = page.getByRole("dialog", { name: "Menü" });
  await expect(
    menu.getByRole("link", { name: "Benachrichtigungen, 17 ungelesene Benachrichtigungen", exact: true }),
  ).toBeVisible();
  await expect(menu.getByRole("button", { name: "Deutsch, Sprache", exact: true })).toBeVisible();
});

test("a new page starts at its heading: a ring after Enter, no box after a click", async ({ page, visit }) => {
  await visit("/en/pages/contacts");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Terms" }).click();
  await expect(page).toHaveURL(/\/en\/pages\/terms$/);
  await expectHeadingFocused(page, { ring: false });
  await footer.getByRole("link", { name: "Privacy policy" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/en\/pages\/privacy-policy$/);
  await expectHeadingFocused(page, { ring: true });
});

test("signed-in clients reach My appointments from the desktop header", async ({ page, request, visit }) => {
  await visit("/en/home");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "My appointments" })).toHaveCount(0);
  await signUpAndSignIn(page, request);
  await visit("/en/home");
  const link = header.getByRole("link", { name: "My appointments" });
  if (!isDesktop(page)) {
    // Phones have the Appointments tab instead.
    await expect(link).toBeHidden();
    await expect(
      page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Appointments" }),
    ).toBeVisible();
    return;
  }
  await link.click();
  await expect(page).toHaveURL(/\/en\/appointments$/);
  await expect(link).toHaveAttribute("aria-current", "page");
  await expectHeadingFocused(page, { ring: false });
});

test("the pages people scroll through pass axe with the bars in place, at the top and halfway down", async ({
  page,
  context,
  request,
  visit,
}) => {
  test.setTimeout(120_000);
  // The demo client has appointments, notifications and settings to show; the marketplace pages are long lists.
  await signInAsDemoClient(context, request);
  const linksUnder24px = (scope: Locator) =>
    scope.evaluateAll((links) =>
      links.filter((link) => link.getBoundingClientRect().height < 24).map((link) => link.textContent),
    );
  for (const path of [
    "search",
    "services",
    "locations",
    "inspiration",
    "download-application",
    "appointments",
    "notifications",
    "settings",
  ]) {
    await visit(`/en/${path}`);
    // The cards' title links, 20 px tall before: each is a target of its own.
    expect(await linksUnder24px(page.locator(".location-card__name a")), path).toEqual([]);
  }
  // A business's page and an appointment's, found through the pages that lead there.
  await visit("/en/locations?city=sofia");
  await page.getByRole("main").locator("a[href*='/location/']").first().click();
  await expect(page).toHaveURL(/\/en\/location\//);
  const business = await page.getByRole("main").locator("a[href*='/business/']").first().getAttribute("href");
  await visit(business ?? "/en/business/missing");
  await visit("/en/appointments");
  const appointment = await page.getByRole("main").locator("a[href*='/appointments/']").first().getAttribute("href");
  await visit(appointment ?? "/en/appointments/missing");
  // "All appointments", the place and its map stand alone: 19 px tall before.
  expect(await linksUnder24px(page.getByRole("main").locator("p > a, section > a"))).toEqual([]);
});
