import type { Page } from "@playwright/test";
import { COOKIE } from "@termin/contracts/cookies";
import { serializeBasket } from "../app/booking/basket.ts";

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
