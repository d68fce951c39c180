import type { APIRequestContext } from "@playwright/test";
import type { LocationResource } from "@termin/contracts/catalogue-resources";
import de from "../app/i18n/locales/de.json" with { type: "json" };
import { signUpAndSignIn } from "./account-fixtures.ts";
import { dateIn, freeSlots, placesBookingOnline, singlePriceServices } from "./booking-fixtures.ts";
import { expect, expectNoAxeViolations, required, test, waitForStableApp } from "./fixtures.ts";

/**
 * The default path: "Any professional" (the picker's first choice) at a place of a business with several
 * places, in a zone whose clock differs from Sofia's, in German. Nothing but the place says where such a booking goes; the other
 * booking journeys name an employee, which tells the API the place by itself.
 */

/** The zone's offset from UTC now, e.g. "GMT+01:00". */
const offsetOf = (timeZone: string) =>
  new Intl.DateTimeFormat("en", { timeZone, timeZoneName: "longOffset" }).formatToParts(new Date()).at(-1)?.value;

/**
 * A one-price service at the second place of the n-th (from 0) business with several places, in a zone whose
 * clock differs from Sofia's (the other journeys' zone), that books online.
 */
async function placeOfSeveral(request: APIRequestContext, n: number) {
  let skip = n;
  const placesSeen = new Map<string, number>();
  for await (const { place, businessId } of placesBookingOnline(request)) {
    const seen = (placesSeen.get(businessId) ?? 0) + 1;
    placesSeen.set(businessId, seen);
    if (seen !== 2 || offsetOf(place.attributes.time_zone) === offsetOf("Europe/Sofia")) continue;
    const [service] = await singlePriceServices(request, place.id);
    if (service && skip-- === 0) return { place, service };
  }
  throw new Error("Missing in the demo data: a business with several places off Sofia's clock that books online");
}

/** The first day from tomorrow with a free time for anyone (times are written in the place's offset). */
async function firstFreeDay(request: APIRequestContext, place: LocationResource, priceId: string): Promise<string> {
  const zone = place.attributes.time_zone;
  const slots = await freeSlots(request, { priceId, locationId: place.id, from: dateIn(zone, 1), to: dateIn(zone, 7) });
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
  // Booking without a service chosen asks for one, under one heading (the title says it; no second one repeats it).
  await visit(`/de/book/${place.attributes.slug}`);
  await expect(page.getByRole("heading", { name: de.booking.chooseService })).toHaveCount(1);
  await expect(page.getByRole("region", { name: de.booking.chooseService })).toContainText(service.name);
  await visit(`/de/location/${place.attributes.slug}`);
  await page
    .getByRole("main")
    .getByRole("link", { name: de.location.bookService.replace("{{service}}", service.name) })
    .first()
    .click();
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: new RegExp(`^${de.booking.anyEmployee}`) })).toHaveAttribute(
    "aria-current",
    "true",
  );
  const day = await firstFreeDay(request, place, service.priceId);
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
  await expect(main).toContainText(service.name);
  await expectNoAxeViolations(page);
  await main.getByRole("button", { name: de.checkout.confirm }).click();
  await expect(page).toHaveURL(/\/de\/appointments\/\d+\?booked=1$/);
  await expect(main.getByRole("status")).toHaveText(de.appointment.booked);
  await expect(main).toContainText(required(place.attributes.name, "the place's name"));
});
