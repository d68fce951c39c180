import { AxeBuilder } from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { parseSetCookie } from "cookie";
import ICAL from "ical.js";
import { COOKIE } from "@termin/contracts/cookies";
import type { ServiceResource } from "@termin/contracts/offer-resources";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import { DEMO_CLIENT } from "@termin/db/seed/demo/demo-client";
import type { AppointmentClientResource } from "@termin/contracts/booking-resources";
import { sessionFromTokens, setSessionHeader, type TokenResponse } from "../app/lib/session-cookie.server.ts";
import bg from "../app/i18n/locales/bg.json" with { type: "json" };
import { signUpAndSignIn } from "./account-fixtures.ts";
import {
  anotherClient,
  api,
  bookablePlace,
  bookThroughApi,
  freeDay,
  freeSlots,
  json,
  main,
  offGridPlace,
  placesBookingOnline,
  singlePriceServices,
  sofiaDate,
} from "./booking-fixtures.ts";
import { expect, expectHeadingFocused, expectNoAxeViolations, required, test, waitForStableApp } from "./fixtures.ts";

// Booking runs once, in the mobile-375 project only (playwright.config.ts), in Bulgarian: the journey is long and
// the picker differs between widths only by its grid.
const tabs = (page: Page) => page.getByRole("navigation", { name: bg.nav.tabsLabel });

/** Headings go down one level at a time (axe's heading-order, a best practice outside the WCAG tags). */
async function expectHeadingsInOrder(page: Page) {
  const results = await new AxeBuilder({ page }).withRules(["heading-order"]).setLegacyMode().analyze();
  expect(results.violations.map((violation) => violation.nodes.map((node) => node.html))).toEqual([]);
}

/** Opens the picker of a service (and employee) on the nth day with free times; answers that day. */
async function pickDay(page: Page, path: string, nth: number): Promise<string> {
  await page.goto(path);
  await waitForStableApp(page);
  const day = await freeDay(page, nth);
  const date = required(/date=([\d-]+)/.exec((await day.getAttribute("href")) ?? "")?.[1], "a free day");
  await day.click();
  await expect(main(page).locator(`.day-calendar__days a[href*="date=${date}"]`)).toHaveAttribute(
    "aria-current",
    "date",
  );
  return date;
}

/** Signs out through the menu and its confirmation, as a person on a phone does. */
async function signOut(page: Page) {
  await tabs(page).getByRole("button", { name: bg.nav.profile }).click();
  await page.getByRole("dialog", { name: bg.menu.title }).getByRole("button", { name: bg.menu.logout }).click();
  await page
    .getByRole("alertdialog", { name: bg.logout.title })
    .getByRole("button", { name: bg.logout.confirm })
    .click();
  await expect(page).toHaveURL(/\/bg\/home$/);
}

/** Picks the first free time of the day the picker shows and adds it to the basket. */
async function addFirstTime(page: Page) {
  await main(page).locator(".time-chip").first().click();
  // On the phone the chosen time's actions stay in sight above the tab bar, however long the list of times.
  const actions = required(await main(page).locator(".booking-form__actions").boundingBox(), "the actions");
  const tabBarTop = required(await tabs(page).boundingBox(), "the tab bar").y;
  expect(actions.y).toBeGreaterThanOrEqual(0);
  expect(actions.y + actions.height).toBeLessThanOrEqual(tabBarTop);
  await main(page).getByRole("button", { name: bg.booking.addToBasket }).click();
  await expect(page).toHaveURL(/\/bg\/basket$/);
}

test("a client books two services back to back with two employees, adds it to a calendar, moves and cancels it", async ({
  page,
  request,
  visit,
}) => {
  // The longest journey of the suite: two services, checkout, the calendar file, a move and a cancellation.
  test.setTimeout(90_000);
  const place = await bookablePlace(request);
  const { first, second } = place;
  await signUpAndSignIn(page, request, { language: "bg" });

  // From the place's page to the first service's times, with a chosen employee.
  await visit(`/bg/location/${place.slug}`);
  await main(page)
    .getByRole("link", { name: bg.location.bookService.replace("{{service}}", first.name) })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(bg.booking.title.replace("{{service}}", first.name));
  const person = main(page)
    .getByRole("region", { name: bg.booking.employee })
    .getByRole("link", { name: first.employee.name });
  await person.click();
  await expect(person).toHaveAttribute("aria-current", "true");
  await main(page).locator(`.day-calendar__days a[href*="date=${place.day}"]`).click();
  await expect(main(page).locator(`.day-calendar__days a[href*="date=${place.day}"]`)).toHaveAttribute(
    "aria-current",
    "date",
  );
  await waitForStableApp(page);
  await expectNoAxeViolations(page);
  await addFirstTime(page);

  // The Basket tab takes Appointments' place, with the count.
  await expect(tabs(page).getByRole("link", { name: "Количка, 1 услуга в количката" })).toBeVisible();
  await expect(tabs(page).getByRole("link", { name: bg.nav.appointments })).toHaveCount(0);

  // The second service right after the first, with another employee free then.
  await main(page)
    .getByRole("link", { name: /^Веднага след това, в / })
    .click();
  await main(page)
    .getByRole("link", { name: new RegExp(`^${second.name}`) })
    .click();
  await expect(main(page).getByRole("status")).toContainText("Веднага след последната ви услуга");
  await main(page)
    .getByRole("group", { name: bg.booking.employee })
    .getByRole("radio", { name: second.employee.name })
    .check();
  await main(page).getByRole("button", { name: bg.booking.addToBasket }).click();
  await expect(page).toHaveURL(/\/bg\/basket$/);
  await expect(tabs(page).getByRole("link", { name: "Количка, 2 услуги в количката" })).toBeVisible();
  const lines = main(page).locator(".basket-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(first.employee.name);
  await expect(lines.nth(1)).toContainText(second.employee.name);
  // Back to back: the second starts when the first ends ("… · 10:00–10:45" then "… · 10:45–11:30").
  const firstTimes = ((await lines.nth(0).locator(".basket-line__when").textContent()) ?? "").match(/\d+:\d\d/g);
  await expect(lines.nth(1).locator(".basket-line__when")).toContainText(`${firstTimes?.[1]}–`);
  await expectNoAxeViolations(page);

  // Checkout: the policy in words, a note, one booking.
  await main(page).getByRole("link", { name: bg.basket.checkout }).click();
  await expect(page).toHaveURL(/\/bg\/checkout$/);
  await expect(main(page).locator(".checkout-policy")).toContainText("Безплатно отказване");
  await waitForStableApp(page);
  await expectNoAxeViolations(page);
  await main(page).getByLabel(bg.checkout.note).fill("Моля, без парфюм.");
  await main(page).getByRole("button", { name: bg.checkout.confirm }).click();
  await expect(page).toHaveURL(/\/bg\/appointments\/\d+\?booked=1$/);
  await expect(main(page).getByRole("status")).toHaveText(bg.appointment.booked);
  await expect(main(page)).toContainText(first.employee.name);
  await expect(main(page)).toContainText(second.employee.name);
  await expect(main(page)).toContainText("Моля, без парфюм.");
  await expect(tabs(page).getByRole("link", { name: bg.nav.appointments })).toBeVisible();
  await expectNoAxeViolations(page);

  // The calendar file is a real iCalendar with the visit in it.
  const ics = await main(page).getByRole("link", { name: bg.appointment.addToCalendar }).getAttribute("href");
  const file = await request.get(required(ics, "the calendar link"));
  expect(file.status()).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await file.text()));
  const events = calendar.getAllSubcomponents("vevent");
  expect(events.length).toBeGreaterThan(0);
  expect(events[0]?.getFirstPropertyValue("uid")).toBeTruthy();
  expect(events[0]?.getFirstPropertyValue("dtstart")).toBeTruthy();

  // Moving both services to a later day with the same picker; the calendar file follows the move.
  const when = (await main(page).locator(".appointment-page__when time").textContent()) ?? "";
  await main(page).getByRole("link", { name: bg.appointment.reschedule }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(bg.reschedule.title);
  const days = main(page).locator(".day-calendar__days a");
  const hrefs = await days.evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const later = required(
    hrefs.find((href) => (/date=([\d-]+)/.exec(href)?.[1] ?? "") > place.day),
    "a day after the booked one when both services fit",
  );
  await main(page).locator(`.day-calendar__days a[href="${later}"]`).click();
  await expect(main(page).locator(`.day-calendar__days a[href="${later}"]`)).toHaveAttribute("aria-current", "date");
  await waitForStableApp(page);
  await expectNoAxeViolations(page);
  await main(page).locator(".time-chip").first().click();
  await main(page).getByRole("button", { name: bg.reschedule.confirm }).click();
  await expect(main(page).getByRole("status")).toHaveText(bg.appointment.rescheduled);
  await expect(main(page).locator(".appointment-page__when time")).not.toHaveText(when);
  await expect(main(page)).toContainText(first.employee.name);
  await expect(main(page)).toContainText(second.employee.name);
  const moved = new ICAL.Component(ICAL.parse(await (await request.get(required(ics, "the calendar link"))).text()));
  expect(moved.getFirstSubcomponent("vevent")?.getFirstPropertyValue("sequence")).toBe(1);

  // Cancelling, after a confirmation.
  await main(page).getByRole("button", { name: bg.appointment.cancel }).click();
  const dialog = page.getByRole("alertdialog", { name: bg.appointment.cancelTitle });
  await dialog.getByRole("button", { name: bg.appointment.cancelConfirm }).click();
  await expect(main(page).locator(".status-badge")).toHaveText(bg.appointments.status.cancelled);
  // Said in words, where focus now is (the button pressed is gone with the dialog).
  await expect(main(page).getByRole("status")).toHaveText(bg.appointment.cancelled);
  await expect(main(page).getByRole("status")).toBeFocused();
  await expect(main(page).getByRole("button", { name: bg.appointment.cancel })).toHaveCount(0);

  // The place is among My locations now, as one the client booked at.
  await visit("/bg/my-locations");
  await expect(main(page).getByText(place.name, { exact: true }).first()).toBeVisible();

  // The client was told of each change in the app (the job worker sends queued notices within seconds).
  await expect(async () => {
    await visit("/bg/notifications");
    for (const title of ["Часът е запазен", "Часът е преместен", "Часът е отменен"]) {
      await expect(main(page).getByText(title).first()).toBeVisible({ timeout: 1000 });
    }
  }).toPass({ timeout: 15_000 });
});

test("a second service is never offered at the time of the first: one person, one place at a time", async ({
  page,
  request,
  visit,
}) => {
  const place = await bookablePlace(request);
  const { first, second } = place;
  // Days of this test's own, past the other journeys' (which book and hold the first days' first times).
  const [booked] = (
    await freeSlots(request, {
      priceId: first.priceId,
      locationId: place.locationId,
      employeeId: first.employee.id,
      from: sofiaDate(16),
      to: sofiaDate(20),
    })
  ).data;
  const firstTime = required(booked, "the first service's first free time").attributes;
  const day = firstTime.starts_at.slice(0, 10);
  // Anyone may take the second service during the first one's time: only the basket keeps the client from it.
  const anyone = await freeSlots(request, {
    priceId: second.priceId,
    locationId: place.locationId,
    from: day,
    to: day,
  });
  const during = (startsAt: string, endsAt: string) =>
    Date.parse(startsAt) < Date.parse(firstTime.ends_at) && Date.parse(endsAt) > Date.parse(firstTime.starts_at);
  expect(
    anyone.data.filter((slot) => during(slot.attributes.starts_at, slot.attributes.ends_at)).length,
  ).toBeGreaterThan(0);

  // As a visitor, whose basket holds nothing yet: the page itself keeps the two apart.
  await visit(`/bg/book/${place.slug}?service=${first.id}&employee=${first.employee.id}&from=${day}&date=${day}`);
  await expect(main(page).locator(".time-chip input").first()).toHaveValue(firstTime.starts_at);
  await addFirstTime(page);
  await visit(`/bg/book/${place.slug}?service=${second.id}&from=${day}&date=${day}`);
  const offered = await main(page)
    .locator(".time-chip input")
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  expect(offered.length).toBeGreaterThan(0);
  const overlapping = anyone.data
    .filter((slot) => during(slot.attributes.starts_at, slot.attributes.ends_at))
    .map((slot) => slot.attributes.starts_at);
  expect(offered.filter((startsAt) => overlapping.includes(startsAt))).toEqual([]);
  await expectNoAxeViolations(page);
});

test("a client whose time is taken at checkout is told which service and offered the nearest free times", async ({
  page,
  request,
}) => {
  const place = await bookablePlace(request);
  const service = place.first;
  const racer = await signUpAndSignIn(page, request, { language: "bg" });
  await page.goto(`/bg/book/${place.slug}?service=${service.id}&employee=${service.employee.id}`);
  await waitForStableApp(page);
  // The last free day shown: the other journey books the first ones.
  await main(page).locator(".day-calendar__days a").last().click();
  await expect(main(page).locator(".day-calendar__days a").last()).toHaveAttribute("aria-current", "date");
  const startsAt = required(await main(page).locator(".time-chip input").first().getAttribute("value"), "a time");
  await addFirstTime(page);
  await main(page).getByRole("link", { name: bg.basket.checkout }).click();
  await expect(page).toHaveURL(/\/bg\/checkout$/);
  await waitForStableApp(page);
  await expect(main(page).getByRole("button", { name: bg.checkout.confirm })).toBeEnabled();

  // Meanwhile the hold lapses, and someone else books that very time.
  const holds = await api(request, "booking-holds", racer);
  if (holds.ok()) {
    for (const hold of (
      (await holds.json()) as CollectionDocument<{ type: "booking-holds"; id: string; attributes: object }>
    ).data) {
      await request.delete(`/v1c/booking-holds/${hold.id}`, { headers: { authorization: racer.authorization } });
    }
  }
  const booked = await bookThroughApi(request, await anotherClient(request), {
    locationId: place.locationId,
    priceId: service.priceId,
    employeeId: service.employee.id,
    startsAt,
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await main(page).getByRole("button", { name: bg.checkout.confirm }).click();
  const alert = main(page).locator(".checkout-taken");
  await expect(alert).toContainText(`Часът за ${service.name}`);
  await expect(alert).toContainText("току-що беше зает от друг клиент");
  const alternatives = alert.getByRole("button");
  await expect(alternatives.first()).toBeVisible();
  await alternatives.first().click();
  await expect(main(page).locator(".checkout-taken")).toHaveCount(0);
  await main(page).getByRole("button", { name: bg.checkout.confirm }).click();
  await expect(page).toHaveURL(/\/bg\/appointments\/\d+\?booked=1$/);
});

test("choosing a day takes the reader to its times, and choosing a professional keeps the day", async ({
  page,
  request,
}) => {
  const place = await bookablePlace(request);
  const date = await pickDay(page, `/bg/book/${place.slug}?service=${place.first.id}`, 1);
  const label = required(
    await main(page).locator(`.day-calendar__days a[href*="date=${date}"]`).getAttribute("aria-label"),
    "the day's name",
  );
  await expect(main(page).locator("#booking-time")).toBeFocused();
  await expect(main(page).locator("#booking-time")).toContainText(label);

  await main(page)
    .getByRole("region", { name: bg.booking.employee })
    .getByRole("link", { name: place.first.employee.name })
    .click();
  await expect(page).toHaveURL(new RegExp(`employee=${place.first.employee.id}`));
  expect(new URL(page.url()).searchParams.get("date")).toBe(date);
  await expect(main(page).locator("#booking-time")).toContainText(label);
});

/**
 * Chooses the first time of the `nth` free day of a place's second service and has another client book it through
 * the API. Tests running side by side take different days.
 */
async function chooseATimeAnotherClientTakes(page: Page, request: APIRequestContext, nth: number) {
  const place = await bookablePlace(request);
  const { second } = place;
  await pickDay(page, `/bg/book/${place.slug}?service=${second.id}&employee=${second.employee.id}`, nth);
  const chip = main(page).locator(".time-chip").first();
  const startsAt = required(await chip.locator("input").getAttribute("value"), "a time");
  await chip.click();
  const booked = await bookThroughApi(request, await anotherClient(request), {
    locationId: place.locationId,
    priceId: second.priceId,
    employeeId: second.employee.id,
    startsAt,
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return startsAt;
}

async function expectTimeGoneMessage(page: Page, startsAt: string) {
  const alert = main(page).getByRole("alert");
  await expect(alert).toHaveText(bg.booking.timeGone);
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport();
  await expect(main(page).locator(`.time-chip input[value="${startsAt}"]`)).toHaveCount(0);
}

test("a time taken while the client looks: the picker says so at once, takes focus there, and the time leaves the list", async ({
  page,
  request,
}) => {
  const startsAt = await chooseATimeAnotherClientTakes(page, request, 2);
  await expectTimeGoneMessage(page, startsAt);
});

test("with live changes cut off (a proxy that ends event streams at once), booking a time taken meanwhile says so", async ({
  page,
  request,
}) => {
  await page.route("**/v1c/free-time-changes**", (route) =>
    route.fulfill({ status: 200, contentType: "text/event-stream", body: "" }),
  );
  const startsAt = await chooseATimeAnotherClientTakes(page, request, 5);
  await main(page).getByRole("button", { name: bg.booking.addToBasket }).click();
  await expectTimeGoneMessage(page, startsAt);
});

test("removing the basket's last service leaves the reader at the basket's title, which says it is empty", async ({
  page,
  request,
}) => {
  const place = await bookablePlace(request);
  const { first } = place;
  await pickDay(page, `/bg/book/${place.slug}?service=${first.id}`, 4);
  await addFirstTime(page);
  await main(page)
    .getByRole("button", { name: bg.basket.removeService.replace("{{service}}", first.name) })
    .click();
  await expect(main(page).getByRole("heading", { name: bg.basket.emptyTitle })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: bg.basket.title })).toBeFocused();
});

test("a service with options starts at its first option, with its days and times shown", async ({
  page,
  request,
  visit,
}) => {
  let found: { slug: string; serviceId: string; firstOption: string } | null = null;
  for await (const { place } of placesBookingOnline(request)) {
    const services = await json<CollectionDocument<ServiceResource>>(
      api(request, `services?filter[location]=${place.id}&include=servicePrices&page[size]=100`),
    );
    const withOptions = services.data.find((service) => {
      const prices = service.relationships?.servicePrices?.data;
      return Array.isArray(prices) && prices.length > 1;
    });
    const prices = withOptions?.relationships?.servicePrices?.data;
    if (withOptions && Array.isArray(prices) && prices[0]) {
      found = { slug: place.attributes.slug, serviceId: withOptions.id, firstOption: prices[0].id };
      break;
    }
  }
  const offer = required(found, "a service with several options at a place booking online");
  await visit(`/bg/book/${offer.slug}?service=${offer.serviceId}`);
  const options = main(page).getByRole("region", { name: bg.booking.variant }).getByRole("link");
  expect(await options.count()).toBeGreaterThan(1);
  await expect(options.first()).toHaveAttribute("aria-current", "true");
  await expect(options.nth(1)).not.toHaveAttribute("aria-current", "true");
  await expect(main(page).locator(".day-calendar__days a").first()).toBeVisible();
  await expect(main(page).locator(".time-chip").first()).toBeVisible();
  await expect(main(page).locator("input[name=price]")).toHaveValue(offer.firstOption);
});

test("a time at another place asks before it replaces the basket, and keeping the basket is one key away", async ({
  page,
  request,
}) => {
  const place = await bookablePlace(request);
  let other: { slug: string; name: string; serviceId: string } | null = null;
  for await (const { place: candidate } of placesBookingOnline(request)) {
    const [service] = candidate.id === place.locationId ? [] : await singlePriceServices(request, candidate.id);
    if (service) {
      other = { slug: candidate.attributes.slug, name: candidate.attributes.name, serviceId: service.id };
      break;
    }
  }
  const elsewhere = required(other, "a second place booking online");
  await pickDay(page, `/bg/book/${place.slug}?service=${place.first.id}`, 0);
  await addFirstTime(page);

  const question = main(page).getByRole("region", { name: bg.booking.replaceTitle });
  const askToAdd = async () => {
    await pickDay(page, `/bg/book/${elsewhere.slug}?service=${elsewhere.serviceId}`, 0);
    await main(page).locator(".time-chip").first().click();
    await main(page).getByRole("button", { name: bg.booking.addToBasket }).click();
    await expect(question).toBeFocused();
    await expect(question).toContainText(bg.booking.replaceBody.replace("{{place}}", place.name));
  };
  await askToAdd();
  await expectNoAxeViolations(page);
  await question.getByRole("link", { name: bg.booking.replaceKeep }).click();
  await expect(page).toHaveURL(/\/bg\/basket$/);
  await expect(main(page).getByRole("link", { name: place.name })).toBeVisible();

  // From the keyboard: the question has focus, its first button is the next stop.
  await askToAdd();
  await page.keyboard.press("Tab");
  await expect(question.getByRole("button", { name: bg.booking.replaceConfirm })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/bg\/basket$/);
  await expect(main(page).getByRole("link", { name: elsewhere.name })).toBeVisible();
  await expect(main(page).getByRole("link", { name: place.name })).toHaveCount(0);
});

test("a basket follows its client to another browser, and signing out mid-booking hides it until they sign in again", async ({
  page,
  request,
}) => {
  const place = await bookablePlace(request);
  const { second } = place;
  const client = await signUpAndSignIn(page, request, { language: "bg" });
  const date = await pickDay(page, `/bg/book/${place.slug}?service=${second.id}&employee=${second.employee.id}`, 3);
  const startsAt = required(await main(page).locator(".time-chip input").first().getAttribute("value"), "a time");
  await addFirstTime(page);
  await expect(page.getByRole("heading", { level: 1, name: bg.basket.title })).toBeFocused();
  await expectHeadingsInOrder(page);

  // Another browser signed in as the same client: no basket cookie there, but the held time is theirs.
  await page.context().clearCookies({ name: "termin_basket" });
  await page.reload();
  const line = main(page).locator(".basket-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(second.name);
  await expect(line).toContainText(second.employee.name);
  await expect(tabs(page).getByRole("link", { name: "Количка, 1 услуга в количката" })).toBeVisible();

  // Signing out at checkout: the next person on this device sees no basket, and the time stays held.
  await main(page).getByRole("link", { name: bg.basket.checkout }).click();
  await expect(page).toHaveURL(/\/bg\/checkout$/);
  await signOut(page);
  await page.goto("/bg/basket");
  await expect(main(page).getByRole("heading", { name: bg.basket.emptyTitle })).toBeVisible();
  const free = await freeSlots(request, {
    priceId: second.priceId,
    locationId: place.locationId,
    employeeId: second.employee.id,
    from: date,
    to: date,
  });
  expect(free.data.map((slot) => Date.parse(slot.attributes.starts_at))).not.toContain(Date.parse(startsAt));

  // Signing in again, through the checkout's own link back: the held time is in the basket again.
  await page.goto("/bg/checkout");
  await page.getByLabel(bg.account.email).fill(client.email);
  await page.getByLabel(bg.account.password, { exact: true }).fill(client.password);
  await page.getByRole("button", { name: bg.signIn.submit }).click();
  await expect(page).toHaveURL(/\/bg\/checkout$/);
  await expect(main(page).locator(".basket-line")).toHaveCount(1);
  await expect(main(page).locator(".basket-line")).toContainText(second.name);
});

test("checkout takes focus, and Back after booking leaves checkout behind", async ({ page, request }) => {
  const place = await bookablePlace(request);
  const { first } = place;
  await signUpAndSignIn(page, request, { language: "bg" });
  await pickDay(page, `/bg/book/${place.slug}?service=${first.id}&employee=${first.employee.id}`, 4);
  await addFirstTime(page);
  await main(page).getByRole("link", { name: bg.basket.checkout }).click();
  await expect(page).toHaveURL(/\/bg\/checkout$/);
  await expect(page.getByRole("heading", { level: 1, name: bg.checkout.title })).toBeFocused();
  await expectHeadingsInOrder(page);
  await main(page).getByRole("button", { name: bg.checkout.confirm }).click();
  await expect(page).toHaveURL(/\/bg\/appointments\/\d+\?booked=1$/);
  await expect(main(page).getByRole("status")).toHaveText(bg.appointment.booked);
  await expect(main(page).getByRole("status")).toBeFocused();

  // Back: the (now empty) basket, then the place's picker; checkout is not in the way any more.
  await page.goBack();
  await expect(page).toHaveURL(/\/bg\/basket$/);
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/bg/book/${place.slug}\\?`));
});

test("each page a click leads to starts at its heading, with no focus box for the mouse", async ({ page, request }) => {
  const place = await bookablePlace(request);
  const { first } = place;
  await signUpAndSignIn(page, request, { language: "bg" });
  await page.goto("/bg/home");
  await waitForStableApp(page);
  await tabs(page).getByRole("link", { name: bg.nav.search }).click();
  await expect(page).toHaveURL(/\/bg\/search$/);
  await expectHeadingFocused(page, { ring: false });

  await page.goto(`/bg/search?q=${encodeURIComponent(place.name)}`);
  await waitForStableApp(page);
  await main(page).getByRole("link", { name: place.name, exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/bg/location/${place.slug}$`));
  await expectHeadingFocused(page, { ring: false });

  await main(page)
    .getByRole("link", { name: bg.location.bookService.replace("{{service}}", first.name) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/bg/book/${place.slug}\\?`));
  await expectHeadingFocused(page, { ring: false });

  // A day is the same page with other times: focus goes to the times (TimesHeading), not back to the top. A day
  // further out than the other journeys' (its hold would take their first times from them): the window's last free
  // day, since how many of its days are still ahead depends on the weekday the suite runs.
  await main(page).locator(".day-calendar__days a").last().click();
  await expect(main(page).locator(".day-calendar__days a[aria-current=date]")).toHaveCount(1);
  await addFirstTime(page);
  await expectHeadingFocused(page, { ring: false });

  await main(page).getByRole("link", { name: bg.basket.checkout }).click();
  await expect(page).toHaveURL(/\/bg\/checkout$/);
  await expectHeadingFocused(page, { ring: false });
});

test("a client's review is thanked and shown on the appointment's page", async ({ page, request }) => {
  const response = await request.post("/auth/token", {
    data: { grant_type: "password", username: DEMO_CLIENT.email, password: DEMO_CLIENT.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  const tokens = (await response.json()) as TokenResponse;
  const visits = await api(request, "appointment-clients?filter[when]=past&page[size]=50", {
    authorization: `${tokens.token_type} ${tokens.access_token}`,
  });
  const done = ((await visits.json()) as CollectionDocument<AppointmentClientResource>).data.find(
    (visit) =>
      (visit.relationships?.status?.data as { id: string } | null)?.id === "3" && !visit.relationships?.review?.data,
  );
  const visit = required(done, "a completed visit of the demo client without a review");
  const origin = new URL(response.url()).origin;
  const cookie = parseSetCookie(setSessionHeader(new Request(origin), sessionFromTokens(tokens)));
  await page.context().addCookies([{ name: COOKIE.session, value: cookie.value ?? "", url: origin, httpOnly: true }]);

  await page.goto(`/bg/appointments/${visit.id}`);
  await waitForStableApp(page);
  const form = main(page).getByRole("region", { name: bg.review.title });
  // Sent without the one required answer: the page's own message at the question, which takes focus in view (not a
  // browser bubble, and not under the header).
  await form.getByRole("button", { name: bg.review.send }).click();
  const overall = form.getByRole("group", { name: bg.review.overall });
  await expect(overall).toHaveAccessibleDescription(bg.forms.errors.required);
  await expect(overall.getByRole("radio").first()).toBeFocused();
  await expect(overall).toBeInViewport({ ratio: 1 });
  const headerBottom = await page.getByRole("banner").evaluate((header) => header.getBoundingClientRect().bottom);
  expect((await overall.boundingBox())?.y).toBeGreaterThanOrEqual(headerBottom);
  await overall.getByRole("radio", { name: bg.location.stars_other.replace("{{count}}", "5") }).check();
  await form.getByLabel(bg.review.text).fill("Точни и внимателни, ще дойда пак.");
  await form.getByRole("button", { name: bg.review.send }).click();

  const yours = main(page).getByRole("region", { name: bg.review.yours });
  await expect(yours.getByRole("status")).toHaveText(bg.review.thanks);
  await expect(yours.getByRole("status")).toBeFocused();
  await expect(yours).toContainText("Точни и внимателни, ще дойда пак.");
  await page.reload();
  await expect(main(page).getByRole("region", { name: bg.review.yours })).toContainText(
    "Точни и внимателни, ще дойда пак.",
  );
  await expect(main(page).getByRole("region", { name: bg.review.title })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("checkout and the confirmation say the place's time zone", async ({ page, request }) => {
    const place = await bookablePlace(request);
    const { first } = place;
    await signUpAndSignIn(page, request, { language: "bg" });
    await page.goto(`/bg/book/${place.slug}?service=${first.id}&employee=${first.employee.id}`);
    await (await freeDay(page, 5)).click();
    await main(page).locator(".time-chip").first().click();
    await main(page).getByRole("button", { name: bg.booking.bookNow }).click();
    await expect(page).toHaveURL(/\/bg\/checkout$/);
    const zone = bg.location.timeZone.replace("{{zone}}", "");
    await expect(main(page).getByText(zone)).toBeVisible();
    await main(page).getByRole("button", { name: bg.checkout.confirm }).click();
    await expect(page).toHaveURL(/\/bg\/appointments\/\d+\?booked=1$/);
    await expect(main(page).getByText(zone)).toBeVisible();
  });
});

test('"Right after" offers the exact start when the last service ends off the 15-minute grid', async ({
  page,
  request,
}) => {
  const place = await offGridPlace(request);
  const { first, second } = place;
  await page.goto(`/bg/book/${place.slug}?service=${first.id}&date=${first.startsAt.slice(0, 10)}`);
  await waitForStableApp(page);
  await main(page).locator(`.time-chip:has(input[value="${first.startsAt}"])`).click();
  await main(page).getByRole("button", { name: bg.booking.addToBasket }).click();
  await expect(page).toHaveURL(/\/bg\/basket$/);

  const prefix = (text: string) => text.slice(0, text.indexOf("{{time}}"));
  await main(page)
    .getByRole("link", { name: new RegExp(`^${prefix(bg.basket.rightAfter)}`) })
    .click();
  await main(page)
    .getByRole("link", { name: new RegExp(`^${second.name}`) })
    .click();
  await expect(main(page).getByRole("status")).toContainText(prefix(bg.booking.backToBackFound));
  // The one time offered (beside the people free then) is the instant the first service ends.
  const offered = main(page)
    .locator(".time-chip")
    .filter({ has: page.locator('input[name="startsAt"]') });
  await expect(offered.locator("input")).toHaveValue(first.endsAt);
  const end = (await offered.textContent()) ?? "";
  await main(page).getByRole("button", { name: bg.booking.addToBasket }).click();
  await expect(page).toHaveURL(/\/bg\/basket$/);
  const lines = main(page).locator(".basket-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(1).locator(".basket-line__when")).toContainText(`${end}–`);
  await expect(main(page).getByRole("alert")).toHaveCount(0);
});

test("my appointments need a signed-in client", async ({ page }) => {
  await page.goto("/bg/appointments");
  await expect(page).toHaveURL(`/bg/sign-in?redirectTo=${encodeURIComponent("/bg/appointments")}`);
});
