import type { APIRequestContext } from "@playwright/test";
import type { LocationResource, SettingsResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument, ResourceIdentifier, ResourceObject, SingleDocument } from "@termin/contracts/jsonapi";
import type { ServiceResource } from "@termin/contracts/offer-resources";
import de from "../app/i18n/locales/de.json" with { type: "json" };
import { signUpAndSignIn } from "./account-fixtures.ts";
import { expect, expectNoAxeViolations, required, test, waitForStableApp } from "./fixtures.ts";

/**
 * The default path: "Any professional" (the picker's first choice) at a place of a business with several
 * places, in a zone whose clock differs from Sofia's, in German. Nothing but the place says where such a booking goes; the other
 * booking journeys name an employee, which tells the API the place by itself.
 */

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  const answer = await request.get(`/v1c/${path}`);
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as T;
}

const businessOf = (location: LocationResource) =>
  (location.relationships?.business?.data as ResourceIdentifier | null)?.id ?? "";

/** The zone's offset from UTC now, e.g. "GMT+01:00". */
const offsetOf = (timeZone: string) =>
  new Intl.DateTimeFormat("en", { timeZone, timeZoneName: "longOffset" }).formatToParts(new Date()).at(-1)?.value;

/**
 * A one-price service at the second place of the n-th (from 0) business with several places, in a zone whose
 * clock differs from Sofia's (the other journeys' zone), that books online.
 */
async function placeOfSeveral(request: APIRequestContext, n: number) {
  let skip = n;
  const locations = await json<CollectionDocument<LocationResource>>(request, "locations?page[size]=100&sort=name");
  const byBusiness = Map.groupBy(locations.data, businessOf);
  for (const [businessId, places] of byBusiness) {
    const place = places[1];
    if (!place || offsetOf(place.attributes.time_zone) === offsetOf("Europe/Sofia")) continue;
    const settings = await json<SingleDocument<SettingsResource>>(request, `settings/${businessId}`);
    if (!settings.data.attributes.online_booking_enabled) continue;
    const services = await json<CollectionDocument<ServiceResource>>(
      request,
      `services?filter[location]=${place.id}&include=service_prices&page[size]=100`,
    );
    const service = services.data.find((each) => (each.relationships?.service_prices?.data as unknown[]).length === 1);
    if (service && skip-- === 0) return { place, service };
  }
  throw new Error("Missing in the demo data: a business with several places off Sofia's clock that books online");
}

/** A date in the place's zone, some days from today. */
function dateIn(timeZone: string, daysAhead: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** The first day from tomorrow with a free time for anyone (times are written in the place's offset). */
async function firstFreeDay(request: APIRequestContext, place: LocationResource, priceId: string): Promise<string> {
  const zone = place.attributes.time_zone;
  const slots = await json<CollectionDocument<ResourceObject<"available-slots", { starts_at: string }>>>(
    request,
    `available-slots?filter[service_price_id]=${priceId}&filter[location_id]=${place.id}&filter[date_from]=${dateIn(zone, 1)}&filter[date_to]=${dateIn(zone, 7)}`,
  );
  return required(slots.data[0], "a free time in the coming week").attributes.starts_at.slice(0, 10);
}

test("a client books with Any professional at one of a business's several places", async ({
  page,
  request,
  visit,
}, testInfo) => {
  // Each width books at its own business: the two projects run at once, and two times of one place may overlap.
  const { place, service } = await placeOfSeveral(request, testInfo.project.name === "mobile-320" ? 1 : 0);
  await signUpAndSignIn(page, request, { language: "de" });
  await visit(`/de/location/${place.attributes.slug}`);
  await page
    .getByRole("main")
    .getByRole("link", { name: de.location.bookService.replace("{{service}}", service.attributes.name) })
    .first()
    .click();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: new RegExp(`^${de.booking.anyEmployee}`) })).toHaveAttribute(
    "aria-current",
    "true",
  );
  const priceId = required((service.relationships?.service_prices?.data as ResourceIdentifier[])[0], "a price").id;
  const day = await firstFreeDay(request, place, priceId);
  const dayLink = main.locator(`.day-calendar__days a[href*="date=${day}"]`);
  await dayLink.click();
  await expect(dayLink).toHaveAttribute("aria-current", "date");
  await waitForStableApp(page);
  // Each width books its own time: the two projects run at once and would otherwise race for the first.
  await main
    .locator(".time-chip")
    .nth(testInfo.project.name === "mobile-320" ? 1 : 0)
    .click();
  await main.getByRole("button", { name: de.booking.bookNow }).click();

  await expect(page).toHaveURL(/\/de\/checkout$/);
  await expect(main).toContainText(service.attributes.name);
  await expectNoAxeViolations(page);
  await main.getByRole("button", { name: de.checkout.confirm }).click();
  await expect(page).toHaveURL(/\/de\/appointments\/\d+\?booked=1$/);
  await expect(main.getByRole("status")).toHaveText(de.appointment.booked);
  await expect(main).toContainText(required(place.attributes.name, "the place's name"));
});
