import type { APIRequestContext, Page } from "@playwright/test";
import en from "../app/i18n/locales/en.json" with { type: "json" };
import { signUpAndSignIn } from "./account-fixtures.ts";
import { dateIn, employeeIdsOf, freeSlots, placesBookingOnline, singlePriceServices } from "./booking-fixtures.ts";
import { expect, test, waitForStableApp } from "./fixtures.ts";

/**
 * Free times update live (decision 0048): two browsers show the same picker; a time one of them takes leaves the
 * other's within a second, without a reload. On the default path ("Any professional") at a place of a business with
 * several places.
 */

/**
 * A place of a business with several places, a one-price service there, and a free time a few days ahead that only
 * one professional has: taking it for "Any professional" leaves nobody free then.
 */
async function timeOnlyOneHas(request: APIRequestContext) {
  const placesSeen = new Map<string, number>();
  for await (const { place, businessId } of placesBookingOnline(request)) {
    const seen = (placesSeen.get(businessId) ?? 0) + 1;
    placesSeen.set(businessId, seen);
    // The first place of each business is the other journeys'; a later one only counts once its business has two.
    if (seen < 2) continue;
    const zone = place.attributes.time_zone;
    for (const service of await singlePriceServices(request, place.id)) {
      const from = dateIn(zone, 3);
      const slots = await freeSlots(request, {
        priceId: service.priceId,
        locationId: place.id,
        from,
        to: dateIn(zone, 6),
      });
      const lone = slots.data.find((slot) => employeeIdsOf(slot).length === 1);
      if (lone)
        return { place, service, startsAt: lone.attributes.starts_at, day: lone.attributes.starts_at.slice(0, 10) };
    }
  }
  throw new Error("Missing in the demo data: a time only one professional has, at a business with several places");
}

/** Opens the picker and waits until it hears changes (its event stream answered). */
async function openPicker(page: Page, path: string): Promise<void> {
  const listening = page.waitForResponse((answer) => answer.url().includes("/v1c/free-time-changes"));
  await page.goto(path);
  await waitForStableApp(page);
  expect((await listening).headers()["content-type"]).toBe("text/event-stream");
}

test("a time booked in one browser leaves another's picker within a second, without a reload", async ({
  browser,
  request,
}) => {
  const { place, service, startsAt, day } = await timeOnlyOneHas(request);
  const path = `/en/book/${place.attributes.slug}?service=${service.id}&from=${day}&date=${day}`;
  const booker = await browser.newContext();
  const watcher = await browser.newContext();
  try {
    const bookerPage = await booker.newPage();
    await signUpAndSignIn(bookerPage, request);
    const watcherPage = await watcher.newPage();
    let reloads = 0;
    watcherPage.on("framenavigated", (frame) => {
      if (frame === watcherPage.mainFrame()) reloads += 1;
    });
    await openPicker(watcherPage, path);
    await openPicker(bookerPage, path);
    const watched = watcherPage.getByRole("main").locator(`.time-chip input[value="${startsAt}"]`);
    await expect(watched).toHaveCount(1);
    await expect(
      watcherPage.getByRole("main").getByRole("link", { name: new RegExp(`^${en.booking.anyEmployee}`) }),
    ).toHaveAttribute("aria-current", "true");
    const navigations = reloads;

    // Book now holds the time for the booker before checkout: from then on nobody else is offered it.
    const bookerMain = bookerPage.getByRole("main");
    await bookerMain.locator(`.time-chip:has(input[value="${startsAt}"])`).click();
    await bookerMain.getByRole("button", { name: en.booking.bookNow }).click();
    await expect(bookerPage).toHaveURL(/\/en\/checkout$/);
    await expect(watched).toHaveCount(0, { timeout: 1_000 });

    // Confirmed, it stays gone; the watcher's page was never reloaded.
    await bookerMain.getByRole("button", { name: en.checkout.confirm }).click();
    await expect(bookerPage).toHaveURL(/\/en\/appointments\/\d+\?booked=1$/);
    await expect(watched).toHaveCount(0);
    expect(reloads).toBe(navigations);
  } finally {
    await booker.close();
    await watcher.close();
  }
});
