import { stringifySetCookie } from "cookie";
import { readCookie } from "../lib/cookies.server.ts";
import { parseBasket, serializeBasket, type Basket } from "./basket.ts";

/**
 * The basket's cookie. httpOnly: only the web server reads and writes it (pages show it, actions change it),
 * so page scripts never need it. A week long: a basket whose times have all passed is empty anyway.
 */
export const BASKET_COOKIE = "termin_basket";
const ONE_WEEK_SECONDS = 7 * 24 * 60 * 60;

export function readBasket(request: Request, now: Date = new Date()): Basket {
  return parseBasket(readCookie(request, BASKET_COOKIE), now);
}

/** Set-Cookie for a basket; an empty one removes the cookie. */
export function basketCookieHeader(request: Request, basket: Basket): string {
  const value = serializeBasket(basket);
  return stringifySetCookie({
    name: BASKET_COOKIE,
    value,
    path: "/",
    maxAge: value ? ONE_WEEK_SECONDS : 0,
    sameSite: "lax",
    httpOnly: true,
    secure: new URL(request.url).protocol === "https:",
  });
}
