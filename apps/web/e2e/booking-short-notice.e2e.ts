import type { APIRequestContext } from "@playwright/test";
import en from "../app/i18n/locales/en.json" with { type: "json" };
import { signUpAndSignIn } from "./account-fixtures.ts";
import { dateIn, freeSlots, placesBookingOnline, singlePriceServices } from "./booking-fixtures.ts";
import { expect, expectNoAxeViolations, test, waitForStableApp } from "./fixtures.ts";

/**
 * A time inside the business's cancellation notice (today or tomorrow at a place that asks 12 hours or more): checkout must not promise free cancellation, and the booked visit says to call, with the number.
 */

/** A free time (any professional) that starts within the notice, at the n-th place that has one (from 0). */
async function timeInsideNotice(request: APIRequestContext, n: number) {
  let skip = n;
  for await (const { place, rules } of placesBookingOnline(request)) {
    if (rules.cancellation_notice_hours < 12) continue;
    const [service] = await singlePriceServices(request, place.id);
    if (!service) continue;
    // Today and tomorrow on the place's clock: with a notice of a day or more, tomorrow's times are inside it at
    // any hour this runs.
    const zone = place.attributes.time_zone;
    const slots = await freeSlots(request, {
      priceId: service.priceId,
      locationId: place.id,
      from: dateIn(zone, 0),
      to: dateIn(zone, 1),
    });
    const deadline = Date.now() + rules.cancellation_notice_hours * 3_600_000;
    const inside = slots.data
      .map((slot) => slot.attributes.starts_at)
      .filter((startsAt) => Date.parse(startsAt) < deadline - 600_000);
    const startsAt = inside[0];
    if (startsAt && skip-- === 0) return { place, service, day: startsAt.slice(0, 10), startsAt };
  }
  throw new Error("Missing in the demo data: a place with free times inside a notice of 12 hours or more");
}

test("a time inside the notice is booked without a promise of free cancellation, and the visit says whom to call", async ({
  page,
  request,
  visit,
}, testInfo) => {
  // Each width books at its own place: the two projects run at once, and two times of one place may overlap.
  const found = await timeInsideNotice(request, testInfo.project.name === "mobile-320" ? 1 : 0);
  const { startsAt } = found;
  await signUpAndSignIn(page, request, { language: "en" });
  await visit(`/en/book/${found.place.attributes.slug}?service=${found.service.id}&date=${found.day}`);
  const main = page.getByRole("main");
  await waitForStableApp(page);
  await main
    .locator(".time-chip")
    .filter({ has: page.locator(`input[value="${startsAt}"]`) })
    .click();
  await main.getByRole("button", { name: en.booking.bookNow }).click();

  await expect(page).toHaveURL(/\/en\/checkout$/);
  await expect(main.locator(".checkout-policy")).toHaveText(en.checkout.noOnlineCancellation);
  // A caution, not good news: not in the brand's green (#0f5c4d) that says "free cancellation".
  await expect(main.locator(".checkout-policy")).not.toHaveCSS("color", "rgb(15, 92, 77)");
  await expectNoAxeViolations(page);
  await main.getByRole("button", { name: en.checkout.confirm }).click();
  await expect(page).toHaveURL(/\/en\/appointments\/\d+\?booked=1$/);
  await expect(main).toContainText(en.appointment.notCancellable);
  const phone = found.place.attributes.phone;
  await expect(main.getByRole("link", { name: phone })).toHaveAttribute("href", `tel:${phone.replace(/[^+\d]/g, "")}`);
});
