import type { APIRequestContext, APIResponse, Page } from "@playwright/test";
import ICAL from "ical.js";
import type { LocationResource, SettingsResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument, ResourceObject, SingleDocument } from "@termin/contracts/jsonapi";
import type { EmployeeResource, ServiceResource } from "@termin/contracts/offer-resources";
import bg from "../app/i18n/locales/bg.json" with { type: "json" };
import { signUpAndSignIn, type SignedUpClient } from "./account-fixtures.ts";
import { expect, expectNoAxeViolations, required, test, waitForStableApp } from "./fixtures.ts";

// Booking runs once, in the mobile-375 project only (playwright.config.ts), in Bulgarian: the journey is long and
// the picker differs between widths only by its grid.
test.use({ allowConsoleErrors: [/status of 409/] });

interface Offer {
  id: string;
  name: string;
  priceId: string;
  employee: { id: string; name: string };
}

interface BookablePlace {
  slug: string;
  name: string;
  locationId: string;
  /**
   * A service and an employee, and a second service someone else can do right after the first's first free
   * time on `day`: far enough ahead to be moved and cancelled within the business's notice.
   */
  first: Offer;
  second: Offer;
  day: string;
}

/** A date in Sofia, some days from today. */
function sofiaDate(daysAhead: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Sofia" }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

const api = (request: APIRequestContext, path: string, client?: SignedUpClient) =>
  request.get(`/v1c/${path}`, { headers: client ? { authorization: client.authorization } : {} });

async function json<T>(response: Promise<APIResponse>): Promise<T> {
  const answer = await response;
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

type Slots = CollectionDocument<ResourceObject<"available-slots", { starts_at: string; ends_at: string }>>;

const employeeIdsOf = (slot: Slots["data"][number]) => {
  const data = slot.relationships?.employees?.data;
  return Array.isArray(data) ? data.map((employee) => employee.id) : [];
};

/**
 * A demo place in Sofia's zone that books online, with two one-price services where the second can follow the
 * first's first free time with another employee: found through the public API (what the page will show), so
 * the test follows the demo data rather than fixed ids.
 */
async function bookablePlace(request: APIRequestContext): Promise<BookablePlace> {
  const locations = await json<CollectionDocument<LocationResource>>(
    api(request, "locations?page[size]=100&sort=name"),
  );
  for (const location of locations.data.filter((each) => each.attributes.time_zone === "Europe/Sofia")) {
    const business = location.relationships?.business?.data;
    if (!business || Array.isArray(business)) continue;
    const settings = await json<SingleDocument<SettingsResource>>(api(request, `settings/${business.id}`));
    if (!settings.data.attributes.online_booking_enabled) continue;
    const services = await json<CollectionDocument<ServiceResource>>(
      api(request, `services?filter[location]=${location.id}&include=service_prices&page[size]=100`),
    );
    const offers: Array<Omit<Offer, "employee"> & { employees: Offer["employee"][] }> = [];
    for (const service of services.data) {
      const prices = service.relationships?.service_prices?.data;
      if (!Array.isArray(prices) || prices.length !== 1 || !prices[0]) continue;
      const employees = await json<CollectionDocument<EmployeeResource>>(
        api(request, `employees?filter[location]=${location.id}&filter[service]=${service.id}`),
      );
      if (employees.data.length < 2) continue;
      offers.push({
        id: service.id,
        name: service.attributes.name,
        priceId: prices[0].id,
        employees: employees.data.map(({ id, attributes: a }) => ({ id, name: `${a.first_name} ${a.last_name}` })),
      });
    }
    for (const first of offers) {
      const employee = required(first.employees[0], "an employee");
      const slots = await json<Slots>(
        api(
          request,
          `available-slots?filter[service_price_id]=${first.priceId}&filter[location_id]=${location.id}&filter[employee_id]=${employee.id}&filter[date_from]=${sofiaDate(3)}&filter[date_to]=${sofiaDate(6)}`,
        ),
      );
      const start = slots.data[0];
      if (!start) continue;
      for (const second of offers.filter((offer) => offer.id !== first.id)) {
        const day = start.attributes.starts_at.slice(0, 10);
        const next = await json<Slots>(
          api(
            request,
            `available-slots?filter[service_price_id]=${second.priceId}&filter[location_id]=${location.id}&filter[date_from]=${day}&filter[date_to]=${day}`,
          ),
        );
        const after = next.data.find(
          (slot) => Date.parse(slot.attributes.starts_at) === Date.parse(start.attributes.ends_at),
        );
        const other = second.employees.find(
          (each) => each.id !== employee.id && after && employeeIdsOf(after).includes(each.id),
        );
        if (other) {
          return {
            slug: location.attributes.slug,
            name: location.attributes.name,
            locationId: location.id,
            first: { ...first, employee },
            second: { ...second, employee: other },
            day: start.attributes.starts_at.slice(0, 10),
          };
        }
      }
    }
  }
  throw new Error("Missing in the demo data: a place in Sofia's zone with two services bookable back to back");
}

const main = (page: Page) => page.getByRole("main");
const tabs = (page: Page) => page.getByRole("navigation", { name: bg.nav.tabsLabel });

/** A client made through the API alone (no browser session), for what another person does meanwhile. */
async function anotherClient(request: APIRequestContext): Promise<string> {
  const response = await request.post("/auth/sign-up", {
    data: {
      email: `e2e-${crypto.randomUUID()}@example.test`,
      password: "lilac-harbour-42",
      first_name: "Ива",
      last_name: "Стоева",
      language: "bg",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const tokens = (await response.json()) as { token_type: string; access_token: string };
  return `${tokens.token_type} ${tokens.access_token}`;
}

/** Picks the first free time of the day the picker shows and adds it to the basket. */
async function addFirstTime(page: Page) {
  await main(page).locator(".time-chip").first().click();
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
  await expect(tabs(page).getByRole("link", { name: /Количка/ })).toContainText("1 услуга в количката");
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
  await expect(tabs(page).getByRole("link", { name: /Количка/ })).toContainText("2 услуги в количката");
  const lines = main(page).locator(".basket-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText(first.employee.name);
  await expect(lines.nth(1)).toContainText(second.employee.name);
  // Back to back: the second starts when the first ends ("… · 10:00–10:45" then "… · 10:45–11:30").
  const firstTimes = ((await lines.nth(0).locator(".basket-line__when").textContent()) ?? "").split("–");
  await expect(lines.nth(1).locator(".basket-line__when")).toContainText(`${firstTimes[1]?.trim()}–`);
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
  const booked = await request.post("/v1c/appointments", {
    headers: { authorization: await anotherClient(request), "content-type": "application/vnd.api+json" },
    data: {
      data: {
        type: "appointments",
        attributes: {
          location_id: place.locationId,
          services: [{ service_price_id: service.priceId, employee_id: service.employee.id, starts_at: startsAt }],
        },
      },
    },
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

test("my appointments need a signed-in client", async ({ page }) => {
  await page.goto("/bg/appointments");
  await expect(page).toHaveURL(`/bg/sign-in?redirectTo=${encodeURIComponent("/bg/appointments")}`);
});
