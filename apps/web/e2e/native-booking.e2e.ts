import type { APIRequestContext, Page } from "@playwright/test";
import type { AppointmentClientResource } from "@termin/contracts/booking-resources";
import { COOKIE } from "@termin/contracts/cookies";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import { parseBasket } from "../app/booking/basket.ts";
import en from "../app/i18n/locales/en.json" with { type: "json" };
import { api, freeDay, json, main, placesBookingOnline, singlePriceServices } from "./booking-fixtures.ts";
import { expect, required, test, waitForStableApp } from "./fixtures.ts";
import { NATIVE_APP_ORIGIN, nativeApp, signedUpAppClient } from "./native-app.ts";

// The native app is a phone's: its shell at a phone's width, touch on.
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

// A booking takes over the client's hold of each time it books (the API's plan-booking), so checkout's letting go of
// the holds left over finds it gone: a 404 the app takes as done and Chromium logs. The test checks that it is the
// only thing missing.
test.use({ allowConsoleErrors: [/status of 404/] });

/** The names of the cookies the web view holds, of any site: the web keeps its basket in one of them. */
const cookieNames = async (page: Page) => (await page.context().cookies()).map((cookie) => cookie.name);

/** Where the app keeps the basket (app/native/start-up.ts's BASKET_PREFERENCE): the web's cookie value. */
const BASKET_PREFERENCE = "basket";

/** A place that books online at Sofia's clock, and one of its services with a single price (no option to choose). */
async function placeAndService(request: APIRequestContext) {
  for await (const { place } of placesBookingOnline(request)) {
    if (place.attributes.time_zone !== "Europe/Sofia") continue;
    const [service] = await singlePriceServices(request, place.id);
    if (service) return { place, service };
  }
  throw new Error("Missing in the demo data: a place at Sofia's clock that books a one-price service online");
}

test("a signed-in client books a service in the app from a place's page through checkout, the basket in its Preferences, and moves it", async ({
  page,
  baseURL,
  request,
}) => {
  // A whole booking journey and a move in a client-rendered app on a shared machine.
  test.setTimeout(120_000);
  const { place, service } = await placeAndService(request);
  const client = await signedUpAppClient(request);
  const app = await nativeApp(page, required(baseURL, "baseURL"), {
    preferences: { language: "en", cookie_consent_accepted: "true" },
    secureStorage: client.secureStorage,
  });
  const missing: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404) missing.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
  });

  // From the place's page to the service's times: "Any professional" is chosen until the client picks someone.
  await app.open(`/en/location/${place.attributes.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: place.attributes.name })).toBeVisible();
  await waitForStableApp(page);
  await main(page)
    .getByRole("link", { name: en.location.bookService.replace("{{service}}", service.name) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    en.booking.title.replace("{{service}}", service.name),
  );
  await expect(main(page).getByRole("link", { name: new RegExp(`^${en.booking.anyEmployee}`) })).toHaveAttribute(
    "aria-current",
    "true",
  );

  // A day some days ahead (movable within any business's notice), its last free time (the web's booking journeys
  // take the first ones), into the basket.
  const day = await freeDay(page, 3);
  await day.click();
  await expect(day).toHaveAttribute("aria-current", "date");
  const time = main(page).locator(".time-chip").last();
  const label = required(await time.textContent(), "a free time's label").trim();
  await time.click();
  await main(page).getByRole("button", { name: en.booking.addToBasket }).click();

  // The basket page with the service at that time; the Basket tab counts it.
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/en/basket`);
  await expect(page.getByRole("heading", { level: 1, name: en.basket.title })).toBeVisible();
  await expect(main(page)).toContainText(service.name);
  await expect(main(page)).toContainText(label);
  const basketTab = `${en.nav.basket}, ${en.nav.basketItems_one.replace("{{count}}", "1")}`;
  await expect(page.getByRole("link", { name: basketTab })).toBeVisible();

  // Kept by the app in its Preferences, as the web's cookie holds it (held for the signed-in client), and in no cookie.
  const kept = parseBasket(app.preferences.get(BASKET_PREFERENCE), new Date());
  expect(kept.locationId).toBe(place.id);
  expect(kept.items).toEqual([
    expect.objectContaining({ servicePriceId: service.priceId, employeeId: expect.stringMatching(/^\d+$/) }),
  ]);
  const holdId = kept.items[0]?.holdId;
  expect(holdId).toMatch(/^\d+$/);
  expect(await cookieNames(page)).not.toContain(COOKIE.basket);

  // Checkout, then the booking: its page says it is booked, and the basket is empty again.
  await main(page).getByRole("link", { name: en.basket.checkout }).click();
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/en/checkout`);
  await expect(page.getByRole("heading", { level: 1, name: en.checkout.title })).toBeVisible();
  await expect(main(page)).toContainText(service.name);
  await main(page).getByRole("button", { name: en.checkout.confirm }).click();
  await expect(page).toHaveURL(new RegExp(`^${NATIVE_APP_ORIGIN}/en/appointments/\\d+\\?booked=1$`));
  await expect(main(page).getByRole("status")).toHaveText(en.appointment.booked);
  await expect(page.getByRole("heading", { level: 1, name: service.name })).toBeVisible();
  expect(app.preferences.has(BASKET_PREFERENCE)).toBe(false);
  await expect(page.getByRole("link", { name: basketTab })).toHaveCount(0);

  // Moved in the app to another time of that day: the reschedule page's load and its write.
  await main(page).getByRole("link", { name: en.appointment.reschedule }).click();
  await expect(page.getByRole("heading", { level: 1, name: en.reschedule.title })).toBeVisible();
  const other = main(page).locator(".time-chip").filter({ hasNotText: label }).first();
  const otherLabel = required(await other.textContent(), "another free time's label").trim();
  await other.click();
  await main(page).getByRole("button", { name: en.reschedule.confirm }).click();
  await expect(page).toHaveURL(new RegExp(`^${NATIVE_APP_ORIGIN}/en/appointments/\\d+\\?rescheduled=1$`));
  await expect(main(page).getByRole("status")).toHaveText(en.appointment.rescheduled);
  await expect(main(page)).toContainText(otherLabel);

  // In My appointments, as the API keeps it for this client.
  await main(page).getByRole("link", { name: en.appointment.back }).click();
  await expect(page).toHaveURL(`${NATIVE_APP_ORIGIN}/en/appointments`);
  await expect(page.getByRole("heading", { level: 1, name: en.appointments.title })).toBeVisible();
  await expect(main(page)).toContainText(service.name);
  const booked = await json<CollectionDocument<AppointmentClientResource>>(api(request, "appointment-clients", client));
  expect(booked.data).toHaveLength(1);
  expect(await cookieNames(page)).not.toContain(COOKIE.basket);
  expect(missing).toEqual([`DELETE /v1c/booking-holds/${holdId}`]);
});
