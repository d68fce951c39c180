import type { APIRequestContext } from "@playwright/test";
import de from "../app/i18n/locales/de.json" with { type: "json" };
import en from "../app/i18n/locales/en.json" with { type: "json" };
import { signUpAndSignIn } from "./account-fixtures.ts";
import { dateIn, freeDay, freeSlots, main, placesBookingOnline, singlePriceServices } from "./booking-fixtures.ts";
import { expect, expectNoAxeViolations, test, waitForStableApp } from "./fixtures.ts";

/** A demo service that asks for a percent deposit, with free times in the days ahead: found through the public API. */
async function depositOffer(request: APIRequestContext) {
  for await (const { place } of placesBookingOnline(request)) {
    for (const service of await singlePriceServices(request, place.id, "online")) {
      const details = await request.get(`/v1c/services/${service.id}`);
      type Policy = { payment_policy: string; deposit_type: string | null };
      const policy = ((await details.json()) as { data: { attributes: Policy } }).data.attributes;
      // A percent deposit is part of the price, whatever the price (a fixed one may be all of a cheap service's).
      if (policy.payment_policy !== "deposit" || policy.deposit_type !== "percent") continue;
      const zone = place.attributes.time_zone;
      const slots = await freeSlots(request, {
        priceId: service.priceId,
        locationId: place.id,
        from: dateIn(zone, 2),
        to: dateIn(zone, 6),
      });
      if (slots.data.length > 0) return { slug: place.attributes.slug, serviceId: service.id };
    }
  }
  throw new Error("Missing in the demo data: a service asking for a deposit with free times");
}

/** The demonstration page's words (apps/api/src/payments/pay-page-texts.ts). */
const journeys = [
  {
    language: "en",
    t: en,
    demo: "Demonstration: no money moves",
    pay: /^Pay \S/,
    paid: "Paid",
    back: "My appointments",
  },
  {
    language: "de",
    t: de,
    demo: "Demonstration: Es fließt kein Geld",
    pay: /\S bezahlen$/,
    paid: "Bezahlt",
    back: "Meine Termine",
  },
] as const;

for (const [index, { language, t, demo, pay, paid, back }] of journeys.entries()) {
  test(`[${language}] a client books a service asking for a deposit, pays it on the demonstration page and sees it paid`, async ({
    page,
    request,
    visit,
  }, testInfo) => {
    const offer = await depositOffer(request);
    // Each journey of each width its own day, so parallel runs never want the same time.
    const day = 1 + index * 2 + (testInfo.project.name === "desktop-1280" ? 0 : 1);
    await signUpAndSignIn(page, request, { language });
    await visit(`/${language}/book/${offer.slug}?service=${offer.serviceId}`);
    await waitForStableApp(page);
    const free = await freeDay(page, day);
    await free.click();
    await expect(free).toHaveAttribute("aria-current", "date");
    await main(page).locator(".time-chip").first().click();
    await main(page).getByRole("button", { name: t.booking.addToBasket }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/basket$`));
    await main(page).getByRole("link", { name: t.basket.checkout }).click();
    // Before committing, checkout says the deposit paid online when booking and the rest paid at the venue.
    await expect(main(page).locator(".basket-due-online")).toContainText(
      t.payment.depositAtBooking.split("{{amount}}")[0] ?? "",
    );
    await main(page).getByRole("button", { name: t.checkout.confirm }).click();

    // The confirmation: the time is held, the deposit due, and Pay now.
    await expect(page).toHaveURL(new RegExp(`/${language}/appointments/\\d+\\?booked=1$`));
    await expect(main(page).getByRole("status")).toHaveText(t.payment.bookedAwaitingPayment);
    const due = main(page).locator(".payment-summary__amount");
    await expect(due).toContainText(t.payment.depositDue.replace("{{amount}}", ""));
    await waitForStableApp(page);
    await expectNoAxeViolations(page);
    await expect(main(page).getByRole("link", { name: t.payment.payNow })).toBeVisible();

    // Pay now from My appointments: the card's own link must not swallow the click.
    await visit(`/${language}/appointments`);
    await main(page).locator(".appointment-card").first().getByRole("link", { name: t.payment.payNow }).click();

    // The demonstration provider's checkout, on our origin, in the visitor's language.
    await expect(page.getByText(demo)).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", language);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: pay }).click();
    await expect(page.getByRole("heading", { level: 1, name: paid })).toBeVisible();
    await expectNoAxeViolations(page);

    // Back in My appointments: paid, the deposit said with its amount.
    await page.getByRole("link", { name: back }).click();
    await expect(page).toHaveURL(new RegExp(`/${language}/appointments$`));
    await expect(main(page).locator(".appointment-card").first()).toContainText(
      t.payment.depositPaid.replace("{{amount}}", ""),
    );
    await expect(main(page).locator(".appointment-card").first()).toContainText(
      t.payment.restAtVenue.replace("{{amount}}", "").trim(),
    );
    await waitForStableApp(page);
    await expectNoAxeViolations(page);
  });
}
