import { stringifySetCookie } from "cookie";
import { COOKIE } from "@termin/contracts/cookies";
import { readCookie } from "../lib/cookies.server.ts";
import { keptBasket, parseBasket, serializeBasket, type Basket, type BasketStore } from "./basket.ts";

/**
 * The basket's cookie lasts a week: a basket whose times have all passed is empty anyway. httpOnly: only the web
 * server reads and writes it (pages show it, actions change it), so page scripts never need it.
 */
const ONE_WEEK_SECONDS = 7 * 24 * 60 * 60;

export function readBasket(request: Request, now: Date = new Date()): Basket {
  return parseBasket(readCookie(request, COOKIE.basket), now);
}

/** Set-Cookie for a basket; an empty one removes the cookie. */
export function basketCookieHeader(request: Request, basket: Basket): string {
  const value = serializeBasket(basket);
  return stringifySetCookie({
    name: COOKIE.basket,
    value,
    path: "/",
    maxAge: value ? ONE_WEEK_SECONDS : 0,
    sameSite: "lax",
    httpOnly: true,
    secure: new URL(request.url).protocol === "https:",
  });
}

/** The page request's basket, kept in its cookie: the web's `env.basket`. */
export function basketInCookie(request: Request): BasketStore {
  return keptBasket(
    () => readCookie(request, COOKIE.basket),
    async (basket) => ({ "Set-Cookie": basketCookieHeader(request, basket) }),
  );
}
