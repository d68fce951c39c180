import type { APIRequestContext, Locator, Page } from "@playwright/test";
import type { LocationResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import { signInAsDemoClient, signUpAndSignIn } from "./account-fixtures.ts";
import { expect, expectNoAxeViolations, journeyTab, openMenu, required, test, waitForStableApp } from "./fixtures.ts";

/**
 * Notifications reach a client only from businesses and the app, and there is no API to send one: the demo
 * client is the one client with notifications, shared by the widths running at once. Each width opens
 * its own notification, and only the desktop marks them all read: opening only ever marks read, so no width's
 * assertion can be undone by another's. The narrowest width opens its one without JavaScript (a plain form
 * post, then the redirect).
 */
const NOTIFICATION_JOURNEYS: Record<string, { open: string; lands: RegExp; markAll: boolean; javaScript: boolean }> = {
  // The review it asks for is on the visit's own page.
  "desktop-1280": {
    open: "How was your visit?",
    lands: /\/en\/appointments\/\d+#review$/,
    markAll: true,
    javaScript: true,
  },
  // No action URL: opening it goes home, as a push click with a missing URL does.
  "mobile-320": { open: "Welcome to Termin", lands: /\/en\/home$/, markAll: false, javaScript: false },
};

const notification = (page: Page, title: string) =>
  page.getByRole("main").getByRole("listitem").getByRole("link").filter({ hasText: title });
const unreadMark = (item: Locator) => item.getByText("Unread:", { exact: true });
/** The menu button of the top bar: "Open menu", with the unread count in its name when there is one. */
const menuButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^Open menu/ });

test("the demo client reads notifications: the unread count, one opened at its page, all marked read", async ({
  browser,
  page,
  request,
  visit,
  baseURL,
}, testInfo) => {
  const journey = required(NOTIFICATION_JOURNEYS[testInfo.project.name], `a notification for ${testInfo.project.name}`);
  const { context, tab } = await journeyTab({ browser, page, baseURL }, journey.javaScript);
  await signInAsDemoClient(context, request);
  if (journey.javaScript) await visit("/en/notifications");
  else await tab.goto("/en/notifications");
  await expect(tab).toHaveTitle(/^Notifications · /);
  await expect(tab.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  // Newest first: the seeded welcome is the oldest.
  await expect(tab.getByRole("main").getByRole("listitem").last()).toContainText("Welcome to Termin");

  await notification(tab, journey.open).click();
  await expect(tab).toHaveURL(journey.lands);
  await tab.goto("/en/notifications");
  await expect(unreadMark(notification(tab, journey.open))).toHaveCount(0);

  if (!journey.markAll) {
    if (!journey.javaScript) await context.close();
    return;
  }
  // Each leads to what it is about: the visit's review form, the form itself, a place that books online.
  await notification(tab, "How was your visit?").click();
  await expect(tab.getByRole("heading", { name: "Leave a review" })).toBeInViewport();
  await tab.goBack();
  await notification(tab, "A form to fill in").click();
  await expect(tab).toHaveURL(/\/en\/forms\/[\w-]+$/);
  await expect(tab.getByRole("button", { name: "Send answers" })).toBeVisible();
  await tab.goBack();
  await notification(tab, "20% off this week").click();
  await expect(tab).toHaveURL(/\/en\/location\/[\w-]+$/);
  await expect(tab.getByRole("link", { name: /^Book / }).first()).toBeVisible();
  await expect(tab.getByRole("link", { name: "Call to book" })).toHaveCount(0);
  await tab.goto("/en/notifications");
  // Only this width marks all read, so the upcoming visit's notice is still unread here, and counted.
  await waitForStableApp(tab);
  await expect(unreadMark(notification(tab, "Appointment booked"))).toBeVisible();
  await expect(menuButton(tab)).toHaveAccessibleName(/^Open menu, \d unread notifications?$/);
  const menu = await openMenu(tab);
  await expect(menu.getByRole("link", { name: /^Notifications, \d unread notifications?$/ })).toBeVisible();
  await tab.keyboard.press("Escape");

  await tab.getByRole("button", { name: "Mark all as read" }).click();
  await expect(tab.getByText("Unread:", { exact: true })).toHaveCount(0);
  // The pressed button is gone: the result is announced and the focus lands on the page's heading.
  await expect(tab.getByRole("status").filter({ hasText: "All notifications are marked as read." })).toBeVisible();
  await expect(tab.getByRole("heading", { name: "Notifications", level: 1 })).toBeFocused();
  await expect(menuButton(tab)).toHaveAccessibleName("Open menu");
  await expect(tab.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
  await tab.reload();
  await expect(menuButton(tab)).toHaveAccessibleName("Open menu");
});

test("notifications are shown in the page's language, whatever the account's", async ({ page, request, visit }) => {
  // The demo client's account is English; a Bulgarian page writes every notice in Bulgarian, the business's
  // discount too.
  await signInAsDemoClient(page.context(), request);
  await visit("/bg/notifications");
  const list = page.getByRole("main").getByRole("list");
  await expect(list).toContainText("Часът е запазен");
  await expect(list).toContainText("Как мина посещението?");
  await expect(list).toContainText("Добре дошли в Termin");
  await expect(list).toContainText("20% отстъпка тази седмица");
  await expect(list).not.toContainText("Appointment booked");
  await expect(list).not.toContainText("20% off this week");
});

test("a new client has no notifications and nothing saved yet", async ({ page, request, visit }) => {
  await signUpAndSignIn(page, request);
  // A page past the last (a bookmark kept after items went) leads to the list itself.
  await page.goto("/en/notifications?page=2");
  await expect(page).toHaveURL(/\/en\/notifications$/);
  await visit("/en/notifications");
  await expect(page.getByRole("heading", { name: "No notifications yet" })).toBeVisible();
  await expect(menuButton(page)).toHaveAccessibleName("Open menu");
  // A notification that is not theirs (or gone) opens nothing: the list says it is not there.
  await page.goto("/en/notifications/00000000-0000-4000-8000-000000000001");
  await expect(page).toHaveURL(/\/en\/notifications\?gone=1$/);
  await expect(page.getByRole("alert")).toHaveText("This notification is no longer there.");
  await visit("/en/my-locations");
  await expect(page).toHaveTitle(/^My locations · /);
  await expect(page.getByRole("heading", { name: "No saved places yet" })).toBeVisible();
  await page.getByRole("link", { name: "Find a place" }).click();
  await expect(page).toHaveURL(/\/en\/search$/);
});

async function someLocation(request: APIRequestContext): Promise<{ slug: string; name: string }> {
  const response = await request.get("/v1c/locations?page[size]=1&sort=name");
  const [location] = ((await response.json()) as CollectionDocument<LocationResource>).data;
  return required(location, "a demo location").attributes;
}

test("a client saves a place from its page, finds it in My locations and unsaves it there", async ({
  page,
  request,
  visit,
}) => {
  const { slug, name } = await someLocation(request);
  // A visitor is asked to sign in first, and comes back here.
  await visit(`/en/location/${slug}`);
  await expect(page.getByRole("link", { name: `Sign in to save ${name}` }).first()).toHaveAttribute(
    "href",
    `/en/sign-in?redirectTo=${encodeURIComponent(`/en/location/${slug}`)}`,
  );

  await signUpAndSignIn(page, request);
  await visit(`/en/location/${slug}`);
  const save = page.getByRole("main").getByRole("button", { name: "Save", exact: true });
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await save.click();
  // Saved, the button says so in words as well as by its filled heart.
  const saved = page.getByRole("main").getByRole("button", { name: "Saved", exact: true });
  await expect(saved).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(saved).toHaveAttribute("aria-pressed", "true");

  const menu = await openMenu(page);
  await menu.getByRole("link", { name: "My locations" }).click();
  await expect(page.getByRole("heading", { name: "My locations", level: 1 })).toBeVisible();
  await waitForStableApp(page);
  const card = page.getByRole("article").filter({ hasText: name });
  await expect(card.getByRole("link", { name })).toHaveAttribute("href", `/en/location/${slug}`);
  const heart = card.getByRole("button", { name: `Save ${name}` });
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await heart.click();
  await expect(page.getByRole("heading", { name: "No saved places yet" })).toBeVisible();
  await visit(`/en/location/${slug}`);
  await expect(save).toHaveAttribute("aria-pressed", "false");
});

test("without JavaScript a heart is a plain form: saving posts, comes back to the page, and lands in My locations", async ({
  browser,
  request,
  baseURL,
}) => {
  const { slug, name } = await someLocation(request);
  const origin = required(baseURL, "baseURL");
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: origin });
  const tab = await context.newPage();
  await signUpAndSignIn(tab, request);
  await tab.goto(`/en/location/${slug}`);
  await tab.getByRole("main").getByRole("button", { name: "Save", exact: true }).click();
  await expect(tab).toHaveURL(new RegExp(`/en/location/${slug}$`));
  // The marketplace page is the one made for every signed-in client: which hearts are theirs, the browser's
  // script fills in (decision 0031). Without it, My locations (made for the client alone) shows what they saved.
  await expect(tab.getByRole("main").getByRole("button", { name: "Save", exact: true })).toBeVisible();
  await tab.goto("/en/my-locations");
  await expect(tab.getByRole("article").filter({ hasText: name })).toBeVisible();
  await context.close();
});

/** Each width likes its own picture: like counts are everyone's, and the widths run at once. */
const TILE_BY_PROJECT: Record<string, number> = {
  "desktop-1280": 0,
  "mobile-320": 1,
};
const countIn = (text: string | null) => Number((text ?? "").match(/([\d,.\s]+) likes?$/)?.[1]?.replace(/\D/g, ""));

test("a client likes a Look Book picture: one more like, kept after a reload, taken back in the viewer", async ({
  page,
  request,
  visit,
}, testInfo) => {
  const index = required(TILE_BY_PROJECT[testInfo.project.name], `a tile for ${testInfo.project.name}`);
  await visit("/en/inspiration");
  const visitorTile = page.locator(".inspiration-grid > li").nth(index);
  await expect(visitorTile.getByRole("link", { name: /^Sign in to like: / })).toBeVisible();

  await signUpAndSignIn(page, request);
  await visit("/en/inspiration");
  const tile = page.locator(".inspiration-grid > li").nth(index);
  const like = tile.getByRole("button", { name: /^Like: / });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  const before = countIn(await like.getAttribute("aria-label"));
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like).toHaveAccessibleName(new RegExp(`, ${(before + 1).toLocaleString("en")} likes?$`));
  await page.reload();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like).toHaveAccessibleName(new RegExp(`, ${(before + 1).toLocaleString("en")} likes?$`));

  await tile.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/en\/inspiration\/view\/\d+$/);
  await waitForStableApp(page);
  const viewerLike = page.getByRole("main").getByRole("button", { name: "Like", exact: true });
  await expect(viewerLike).toHaveAttribute("aria-pressed", "true");
  await viewerLike.click();
  await expect(viewerLike).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("main").getByText(new RegExp(`^${before.toLocaleString("en")} likes?$`))).toBeVisible();
  await page.reload();
  await expect(viewerLike).toHaveAttribute("aria-pressed", "false");
});

/** Other tiles than the like test's, whose like counts must not move under it. */
const LIKED_TILE_BY_PROJECT: Record<string, number> = {
  "desktop-1280": 2,
  "mobile-320": 3,
};

test("a client finds a liked picture in Liked pictures, from the menu, and unlikes it there", async ({
  page,
  request,
  visit,
}, testInfo) => {
  const index = required(LIKED_TILE_BY_PROJECT[testInfo.project.name], `a tile for ${testInfo.project.name}`);
  // A visitor is asked to sign in first, and comes back here.
  const visitor = await request.get("/en/liked-pictures", { maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
  expect(visitor.headers().location).toBe(`/en/sign-in?redirectTo=${encodeURIComponent("/en/liked-pictures")}`);

  await signUpAndSignIn(page, request);
  await visit("/en/liked-pictures");
  await expect(page).toHaveTitle(/^Liked pictures · /);
  await expect(page.getByRole("heading", { name: "No liked pictures yet" })).toBeVisible();
  await page.getByRole("link", { name: "Open the Look Book" }).click();
  await expect(page).toHaveURL(/\/en\/inspiration$/);
  await waitForStableApp(page);
  const tile = page.locator(".inspiration-grid > li").nth(index);
  const picture = tile.getByRole("link").first();
  const href = required(await picture.getAttribute("href"), "the picture's link");
  const label = required(await picture.getAttribute("aria-label"), "the picture's name");
  const like = tile.getByRole("button", { name: /^Like: / });
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");

  const menu = await openMenu(page);
  await menu.getByRole("link", { name: "Liked pictures" }).click();
  await expect(page.getByRole("heading", { name: "Liked pictures", level: 1 })).toBeVisible();
  await waitForStableApp(page);
  await expectNoAxeViolations(page);
  const liked = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: label, exact: true }) });
  await expect(liked).toHaveCount(1);
  await expect(liked.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  const heart = liked.getByRole("button", { name: /^Like: / });
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await heart.click();
  await expect(page.getByRole("heading", { name: "No liked pictures yet" })).toBeVisible();
});
