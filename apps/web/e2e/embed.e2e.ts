import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, FrameLocator, Page } from "@playwright/test";
import type { BusinessResource, LocationResource } from "@termin/contracts/catalogue-resources";
import type { ClassSessionDocument } from "@termin/contracts/class-resources";
import { COOKIE } from "@termin/contracts/cookies";
import type { CollectionDocument, SingleDocument } from "@termin/contracts/jsonapi";
import de from "../app/i18n/locales/de.json" with { type: "json" };
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../../test/chromium.ts";
import { TEST_PASSWORD } from "./account-fixtures.ts";
import { api, json, placesBookingOnline, singlePriceServices } from "./booking-fixtures.ts";
import { expect, expectNoAxeViolations, required, test, waitForStableApp } from "./fixtures.ts";

/**
 * A business's own site embeds its booking (docs/embedding.md): a host page on another origin, served here on
 * 127.0.0.1 (the demo's allowed embed origins are http://localhost:* and http://127.0.0.1:*, the product runs on
 * localhost: another site to the browser), with the loader's one script tag or its JavaScript API.
 */

/** Events the host page heard from the widget, as DOM events. */
const RECORD_EVENTS = `<script>window.heard=[];for(const t of ["ready","booking-completed","booking-cancelled"])document.addEventListener("termin:"+t,e=>heard.push({type:t,detail:e.detail}));</script>`;

/** Serves `html(origin)` at every path of a new port on `host`; answers the site's origin. */
async function serveHostPage(
  host: string,
  html: (origin: string) => string,
): Promise<{ origin: string; server: Server }> {
  let origin = "";
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html(origin));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://${host}:${(server.address() as AddressInfo).port}`;
  return { origin, server };
}

const hostPage = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Salon</title></head><body><h1>Salon Aurora</h1>${RECORD_EVENTS}${body}</body></html>`;

/** The n-th (from 0) business with several places that books online, and a one-price service at its second place. */
async function businessOfSeveral(request: APIRequestContext, n = 0) {
  let skip = n;
  const seen = new Map<string, number>();
  for await (const { place, businessId } of placesBookingOnline(request)) {
    const count = (seen.get(businessId) ?? 0) + 1;
    seen.set(businessId, count);
    if (count !== 2) continue;
    const [service] = await singlePriceServices(request, place.id);
    if (!service || skip-- > 0) continue;
    const business = await json<SingleDocument<BusinessResource>>(api(request, `businesses/${businessId}`));
    return { business: business.data.attributes, place, service };
  }
  throw new Error("Missing in the demo data: a business with several places that books online");
}

/**
 * Waits until the iframe is exactly as tall as its page's content (rounded up to whole pixels) and nothing inside
 * scrolls; answers that height.
 */
async function expectSizedToContent(page: Page, frame: FrameLocator): Promise<number> {
  const iframe = page.locator("iframe");
  const measure = async () => {
    const outer = await iframe.evaluate((element) => element.getBoundingClientRect().height);
    const inner = await frame.locator(".embed-shell").evaluate((element) => ({
      height: Math.ceil(element.getBoundingClientRect().height),
      scrolls: document.documentElement.scrollHeight > document.documentElement.clientHeight,
    }));
    return { outer, ...inner };
  };
  await expect
    .poll(async () => {
      const { outer, height, scrolls } = await measure();
      return !scrolls && outer === height;
    })
    .toBe(true);
  return (await measure()).outer;
}

test("a business's site embeds its booking inline: the frame is as tall as its page, on every page", async ({
  page,
  request,
  baseURL,
}) => {
  const { business, place } = await businessOfSeveral(request);
  const { origin, server } = await serveHostPage("127.0.0.1", () =>
    hostPage(`<script src="${baseURL}/embed.js" data-business="${business.slug}" data-language="de" async></script>`),
  );
  try {
    await page.goto(origin);
    const frame = page.frameLocator("iframe");
    // The business's places (several), under its name; the iframe titled in the frame's language.
    await expect(frame.getByRole("heading", { level: 1, name: business.name })).toBeVisible();
    await expect(frame.getByRole("link", { name: place.attributes.name, exact: true })).toBeVisible();
    await expect(page.locator("iframe")).toHaveAttribute(
      "title",
      de.embed.frameTitle.replace("{{business}}", business.name),
    );
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heard: Array<{ type: string }> }).heard[0]?.type))
      .toBe("ready");
    const placesHeight = await expectSizedToContent(page, frame);
    // A place's menu is another height; the frame follows it, with no scrollbar either way.
    await frame.getByRole("link", { name: place.attributes.name, exact: true }).click();
    await expect(frame.getByRole("heading", { level: 1, name: place.attributes.name })).toBeVisible();
    const menuHeight = await expectSizedToContent(page, frame);
    expect(menuHeight).not.toBe(placesHeight);
    // Marketplace navigation is not in the frame.
    await expect(frame.getByRole("link", { name: de.nav.search })).toHaveCount(0);
    // Signing in, and the way to a new password, stay in the frame and lead back to where the visitor was.
    await frame.getByRole("banner").getByRole("link", { name: de.menu.signIn }).click();
    await expect(frame.getByRole("heading", { level: 1, name: de.signIn.title })).toBeVisible();
    await expect(frame.locator('input[name="redirectTo"]')).toHaveValue(/\/de\/embed\/location-services\//);
    await frame.getByRole("link", { name: de.signIn.forgotPassword }).click();
    await expect(frame.getByRole("heading", { level: 1, name: de.forgotPassword.title })).toBeVisible();
    await expectSizedToContent(page, frame);
  } finally {
    server.close();
  }
});

test.describe("an origin the business does not allow", () => {
  // Chromium says why it refused the frame, as a console error of the host page.
  test.use({ allowConsoleErrors: [/frame-ancestors/] });

  test("cannot frame its booking", async ({ page, request, baseURL }) => {
    const { business } = await businessOfSeveral(request);
    const { origin, server } = await serveHostPage("partner.localhost", () =>
      hostPage(`<iframe title="Booking" src="${baseURL}/de/embed/business/${business.slug}"></iframe>`),
    );
    try {
      const refused = page.waitForEvent("console", (message) => /frame-ancestors/.test(message.text()));
      await page.goto(origin);
      await refused;
      await expect(page.frameLocator("iframe").locator(".embed-shell")).toHaveCount(0);
    } finally {
      server.close();
    }
  });
});

/** A demo place with classes, and a session of it. */
async function placeWithClasses(request: APIRequestContext) {
  const places = await json<CollectionDocument<LocationResource>>(
    api(request, "locations?filter[marketplace_service]=yoga-class&page[size]=20"),
  );
  for (const place of places.data) {
    const sessions = await json<ClassSessionDocument>(api(request, `class-sessions?filter[location_id]=${place.id}`));
    const [session] = sessions.data;
    if (session) return { place, session };
  }
  throw new Error("Missing in the demo data: a place with class sessions");
}

test("the embed's views pass axe, with the business's colour", async ({ page, request }) => {
  const { business, place } = await businessOfSeveral(request);
  const classes = await placeWithClasses(request);
  const classesBusiness = required(
    classes.place.relationships?.business?.data as { id: string } | null,
    "its business",
  );
  const classesBusinessSlug = (
    await json<SingleDocument<BusinessResource>>(api(request, `businesses/${classesBusiness.id}`))
  ).data.attributes.slug;
  for (const path of [
    `/de/embed/business/${business.slug}`,
    `/de/embed/location-services/${place.attributes.slug}`,
    `/el/embed/location-services/${place.attributes.slug}`,
    `/ru/embed/location-classes/${classes.place.attributes.slug}`,
    `/en/embed/business/${classesBusinessSlug}/classes/${classes.session.id}`,
    `/bg/embed/business/${business.slug}/sign-in`,
    // Dark, as a host page may ask: the frame's later pages keep it (the tab's session).
    `/tr/embed/location-services/${place.attributes.slug}?theme=dark`,
  ]) {
    await page.goto(path);
    await waitForStableApp(page);
    await expect(page.locator(".embed-shell")).toHaveAttribute("data-theme", path.endsWith("dark") ? "dark" : "light");
    await expectNoAxeViolations(page);
  }
  // A category of the place's menu, by its slug: the one category, and the others to go to.
  const category = page.locator(".embed-shell nav .chip").nth(1);
  if ((await category.count()) > 0) {
    await category.click();
    await expect(page).toHaveURL(new RegExp(`/embed/location-services/${place.attributes.slug}/[a-z0-9-]+$`));
    await expect(page.locator(".service-category")).toHaveCount(1);
    await expectNoAxeViolations(page);
  }
});

test("a client signs in and books inside the widget's modal with third-party cookies blocked; the host page hears of it", async ({
  playwright,
  request,
  baseURL,
}, testInfo) => {
  // Each width books at its own business.
  const { place, service } = await businessOfSeveral(request, testInfo.project.name === "mobile-320" ? 1 : 0);
  const email = `e2e-${crypto.randomUUID()}@example.test`;
  const signUp = await request.post("/auth/sign-up", {
    data: { email, password: TEST_PASSWORD, first_name: "Lea", last_name: "Berger", language: "de" },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);

  // A browser that keeps no third-party cookie: only partitioned ones (CHIPS) reach the frame.
  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, "--test-third-party-cookie-phaseout"],
  });
  const { origin, server } = await serveHostPage("127.0.0.1", () =>
    hostPage(
      `<button id="book">Book</button><script src="${baseURL}/embed.js" async></script>` +
        `<script>window.Termin=window.Termin||function(){(Termin.q=Termin.q||[]).push(arguments)};` +
        `document.getElementById("book").onclick=()=>Termin("modal",{location:${JSON.stringify(place.attributes.slug)},language:"de"});</script>`,
    ),
  );
  try {
    const context = await browser.newContext({
      viewport: testInfo.project.use.viewport ?? { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto(origin);
    await page.getByRole("button", { name: "Book" }).click();
    const dialog = page.getByRole("dialog");
    const frame = page.frameLocator("dialog iframe");
    await expect(frame.getByRole("heading", { level: 1, name: place.attributes.name })).toBeVisible();
    // Third-party cookies are blocked here: an unpartitioned one is refused, a partitioned one kept.
    const kept = await frame.locator("body").evaluate(() => {
      document.cookie = "unpartitioned=1; SameSite=None; Secure; Path=/";
      return document.cookie.includes("unpartitioned=1");
    });
    expect(kept).toBe(false);

    await frame
      .getByRole("link", { name: de.location.bookService.replace("{{service}}", service.name) })
      .first()
      .click();
    // The last free day the picker shows first, and its last time: the other journeys take the first ones.
    const dayLink = frame.locator(".day-calendar__days a").last();
    const day = required(
      new URL(required(await dayLink.getAttribute("href"), "a day"), baseURL).searchParams.get("date"),
      "its date",
    );
    await dayLink.click();
    await expect(dayLink).toHaveAttribute("aria-current", "date");
    await frame.locator(".time-chip").last().click();
    await frame.getByRole("button", { name: de.booking.bookNow }).click();
    // Checkout asks for an account: the sign-in page, in the frame.
    await expect(frame.getByRole("heading", { level: 1, name: de.signIn.title })).toBeVisible();
    await frame.getByLabel(de.account.email).fill(email);
    await frame.getByLabel(de.account.password, { exact: true }).fill(TEST_PASSWORD);
    await frame.getByRole("button", { name: de.signIn.submit }).click();
    await frame.getByRole("button", { name: de.checkout.confirm }).click();
    await expect(frame.getByRole("status")).toHaveText(de.appointment.booked);

    const heard = await page.evaluate(
      () => (window as unknown as { heard: Array<{ type: string; detail: Record<string, unknown> }> }).heard,
    );
    const completed = required(
      heard.find((event) => event.type === "booking-completed"),
      "booking-completed",
    );
    expect(completed.detail).toMatchObject({ startsAt: expect.stringContaining(day), paymentPending: false });
    expect(String(completed.detail.appointmentId)).toMatch(/^\d+$/);
    await expect(dialog).toBeVisible();
    // The session lives in the host site's partition only.
    const session = (await context.cookies(baseURL)).find((cookie) => cookie.name === COOKIE.session);
    expect(required(session, "the session cookie").partitionKey).toBe("http://127.0.0.1");
  } finally {
    server.close();
    await browser.close();
  }
});
