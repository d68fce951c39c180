import type { APIRequestContext, Page } from "@playwright/test";
import { COOKIE } from "@termin/contracts/cookies";
import { serializeBasket } from "../app/booking/basket.ts";
import { freeSlots, placesBookingOnline, singlePriceServices, sofiaDate } from "./booking-fixtures.ts";

/**
 * One service in the browser's basket, a week ahead, written as the web server writes the cookie: the shell then
 * shows the Basket tab and the top bar's basket link with their count. The ids need not exist for the shell.
 */
export async function putOneServiceInBasket(page: Page, baseURL: string): Promise<void> {
  const start = new Date(Date.now() + 7 * 86_400_000);
  const basket = serializeBasket({
    locationId: "1",
    locationSlug: "somewhere",
    items: [
      {
        key: "one",
        servicePriceId: "1",
        employeeId: null,
        startsAt: start.toISOString(),
        endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
        holdId: null,
        holdExpiresAt: null,
      },
    ],
  });
  await page.context().addCookies([{ name: COOKIE.basket, value: basket, url: baseURL }]);
}

/**
 * A real free time in the browser's basket: the nth a demo place in Sofia's zone has two weeks ahead (days no other
 * journey books), for a service paid at the venue, with anyone free then. Pages then show it with its place, service
 * and times; a signed-in client's page holds it (tests running at once take different times).
 */
export async function putAFreeTimeInBasket(
  page: Page,
  request: APIRequestContext,
  { baseURL, nth }: { baseURL: string; nth: number },
): Promise<void> {
  for await (const { place } of placesBookingOnline(request)) {
    if (place.attributes.time_zone !== "Europe/Sofia") continue;
    for (const service of await singlePriceServices(request, place.id)) {
      const slots = await freeSlots(request, {
        priceId: service.priceId,
        locationId: place.id,
        from: sofiaDate(13),
        to: sofiaDate(15),
      });
      const slot = slots.data[nth];
      if (!slot) continue;
      const basket = serializeBasket({
        locationId: place.id,
        locationSlug: place.attributes.slug,
        items: [
          {
            key: "free-time",
            servicePriceId: service.priceId,
            employeeId: null,
            startsAt: slot.attributes.starts_at,
            endsAt: slot.attributes.ends_at,
            holdId: null,
            holdExpiresAt: null,
          },
        ],
      });
      await page.context().addCookies([{ name: COOKIE.basket, value: basket, url: baseURL }]);
      return;
    }
  }
  throw new Error("Missing in the demo data: a place in Sofia's zone with a free time two weeks ahead");
}
