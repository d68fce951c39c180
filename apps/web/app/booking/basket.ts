import { localDateOf, sameInstant } from "./local-dates.ts";

/**
 * The basket: services chosen at one location, each at a time, before checkout. On the web it lives in a cookie the
 * web server reads and writes (basket.server.ts), so it is on the first paint of every page (the tab bar's
 * count), survives reloads and signing in, and works without JavaScript; the native app keeps the same text in its
 * Preferences (`BasketStore`). It holds only ids and times: names
 * and prices are read from the API when shown, in the page's language and as they are now.
 */
export interface BasketItem {
  /** Stable id of the entry (a removal or a new time names it). */
  key: string;
  servicePriceId: string;
  /** null: any employee (the business assigns one). */
  employeeId: string | null;
  startsAt: string;
  endsAt: string;
  /** The booking hold keeping the time for a signed-in client, and when it lapses. */
  holdId: string | null;
  holdExpiresAt: string | null;
  /** Seats in a class session (absent for an appointment of one's own): booked and held as that many places. */
  seats?: number;
}

/** The most seats one basket entry may hold, whatever a business allows. */
export const MAX_ENTRY_SEATS = 20;

export interface Basket {
  locationId: string;
  locationSlug: string;
  items: BasketItem[];
}

/** More would make the cookie large, and no one books ten services in one visit. */
export const BASKET_LIMIT = 8;

export const EMPTY_BASKET: Basket = { locationId: "", locationSlug: "", items: [] };

const ID = /^\d{1,18}$/;
const KEY = /^[\w-]{1,40}$/;
const SLUG = /^[\p{L}\p{N}-]{1,200}$/u;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const isId = (value: unknown): value is string => typeof value === "string" && ID.test(value);
const isIso = (value: unknown): value is string =>
  typeof value === "string" && ISO.test(value) && !Number.isNaN(Date.parse(value));

/** The cookie's compact record: short names keep it small. */
interface StoredItem {
  k: string;
  p: string;
  e: string | null;
  s: string;
  n: string;
  h?: string | null;
  x?: string | null;
  c?: number;
}
interface StoredBasket {
  v: 1;
  l: string;
  g: string;
  i: StoredItem[];
}

function toItem(value: unknown): BasketItem | null {
  if (typeof value !== "object" || value === null) return null;
  const item = value as Partial<StoredItem>;
  if (typeof item.k !== "string" || !KEY.test(item.k) || !isId(item.p)) return null;
  if (item.e !== null && !isId(item.e)) return null;
  if (!isIso(item.s) || !isIso(item.n) || Date.parse(item.n) <= Date.parse(item.s)) return null;
  const held = isId(item.h) && isIso(item.x);
  const seats = Number.isInteger(item.c) && (item.c ?? 0) >= 1 && (item.c ?? 0) <= MAX_ENTRY_SEATS ? item.c : undefined;
  return {
    ...(seats === undefined ? {} : { seats }),
    key: item.k,
    servicePriceId: item.p,
    employeeId: item.e,
    startsAt: item.s,
    endsAt: item.n,
    holdId: held ? (item.h as string) : null,
    holdExpiresAt: held ? (item.x as string) : null,
  };
}

function decodeBase64Url(value: string): string {
  const base64 = value.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

function encodeBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The basket in a cookie value. Anything unreadable (an old format, an edited cookie) is an empty basket;
 * entries whose time has begun are dropped, as are duplicates and entries beyond the limit.
 */
export function parseBasket(value: string | undefined, now: Date): Basket {
  if (!value || value.length > 4096) return EMPTY_BASKET;
  let stored: Partial<StoredBasket>;
  try {
    stored = JSON.parse(decodeBase64Url(value)) as Partial<StoredBasket>;
  } catch {
    return EMPTY_BASKET;
  }
  if (stored?.v !== 1 || !isId(stored.l) || typeof stored.g !== "string" || !SLUG.test(stored.g)) return EMPTY_BASKET;
  if (!Array.isArray(stored.i)) return EMPTY_BASKET;
  const items: BasketItem[] = [];
  for (const raw of stored.i) {
    const item = toItem(raw);
    if (!item || Date.parse(item.startsAt) <= now.getTime()) continue;
    if (items.some((other) => other.key === item.key)) continue;
    if (items.length < BASKET_LIMIT) items.push(item);
  }
  return items.length > 0 ? { locationId: stored.l, locationSlug: stored.g, items } : EMPTY_BASKET;
}

/** The cookie value of a basket (empty string for an empty basket: the cookie is then removed). */
export function serializeBasket(basket: Basket): string {
  if (basket.items.length === 0) return "";
  const stored: StoredBasket = {
    v: 1,
    l: basket.locationId,
    g: basket.locationSlug,
    i: basket.items.map((item) => ({
      k: item.key,
      p: item.servicePriceId,
      e: item.employeeId,
      s: item.startsAt,
      n: item.endsAt,
      ...(item.holdId ? { h: item.holdId, x: item.holdExpiresAt } : {}),
      ...(item.seats === undefined ? {} : { c: item.seats }),
    })),
  };
  return encodeBase64Url(JSON.stringify(stored));
}

/**
 * The basket where it is kept (a page's `env.basket`, decision 0052): the web in its httpOnly cookie (read from the
 * request, written by the answer's Set-Cookie, basket.server.ts), the app in its Preferences (written at once, no
 * headers). Both keep the same text (`serializeBasket`), read back with `parseBasket`.
 */
export interface BasketStore {
  /** The basket as kept when the page was asked for, without the entries whose time has begun. */
  read(): Basket;
  /** Keeps `basket` for the next pages: the headers the answer carries. */
  keep(basket: Basket): Promise<Record<string, string>>;
  /**
   * Keeps `basket` only if it is not what is kept (a load that held its times, or dropped passed ones or a place
   * gone): the headers the answer carries, none when nothing changed.
   */
  keepIfChanged(basket: Basket): Promise<Record<string, string>>;
}

/** A basket store over the kept text (`kept`, undefined for none) and how a new one is kept (`write`). */
export function keptBasket(
  kept: () => string | undefined,
  write: (basket: Basket) => Promise<Record<string, string>>,
): BasketStore {
  return {
    read: () => parseBasket(kept(), new Date()),
    keep: write,
    // Compared with the kept text: reading it already dropped entries whose time has begun.
    keepIfChanged: async (basket) => (serializeBasket(basket) === (kept() ?? "") ? {} : write(basket)),
  };
}

/** Why a new entry cannot join the basket as it is (basketClash). */
export type BasketClash = "otherPlace" | "otherDay" | "classAlone" | "holdsClass";

/**
 * Why the basket must be emptied before `entry` joins it: it holds another place's services or another day's (a
 * basket is one visit: one place, one day), or a class session's seats meet anything else (a class is booked on its
 * own: `classAlone` when the entry is the class, `holdsClass` when the basket holds one); null when the entry may
 * join (or is there already).
 */
export function basketClash(
  basket: Basket,
  locationId: string,
  entry: Pick<BasketItem, "servicePriceId" | "startsAt" | "seats">,
): BasketClash | null {
  if (basket.items.length === 0) return null;
  if (basket.locationId !== locationId) return "otherPlace";
  if (basket.items.some((item) => isSameEntry(item, entry))) return null;
  if (entry.seats !== undefined) return "classAlone";
  if (basket.items.some((item) => item.seats !== undefined)) return "holdsClass";
  return basket.items.some((item) => localDateOf(item.startsAt) !== localDateOf(entry.startsAt)) ? "otherDay" : null;
}

const isSameEntry = (item: BasketItem, entry: Pick<BasketItem, "servicePriceId" | "startsAt">) =>
  item.servicePriceId === entry.servicePriceId && sameInstant(item.startsAt, entry.startsAt);

export type AddResult = { basket: Basket; added: BasketItem; replacedBasket: boolean } | { full: true };

/**
 * A basket with one more entry. A basket holds one location's services (one visit, one checkout): an entry
 * from another place starts a new basket. The same service at the same time is not added twice.
 */
export function addToBasket(
  basket: Basket,
  location: { id: string; slug: string },
  entry: Omit<BasketItem, "key" | "holdId" | "holdExpiresAt">,
  key: string,
): AddResult {
  const replaced = basketClash(basket, location.id, entry) !== null;
  const items = replaced ? [] : basket.items;
  const existing = items.find((item) => isSameEntry(item, entry));
  if (existing) {
    return { basket: { ...basket, items }, added: existing, replacedBasket: false };
  }
  if (items.length >= BASKET_LIMIT) return { full: true };
  const added: BasketItem = { ...entry, key, holdId: null, holdExpiresAt: null };
  return {
    basket: { locationId: location.id, locationSlug: location.slug, items: sortByStart([...items, added]) },
    added,
    replacedBasket: replaced,
  };
}

export function removeFromBasket(basket: Basket, key: string): Basket {
  const items = basket.items.filter((item) => item.key !== key);
  return items.length > 0 ? { ...basket, items } : EMPTY_BASKET;
}

/** The basket with one entry changed (a new time, a hold taken or lost). */
export function updateItem(basket: Basket, key: string, change: Partial<Omit<BasketItem, "key">>): Basket {
  return {
    ...basket,
    items: sortByStart(basket.items.map((item) => (item.key === key ? { ...item, ...change } : item))),
  };
}

function sortByStart(items: BasketItem[]): BasketItem[] {
  return [...items].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/** Whether an entry's hold still keeps its time at `now`. */
export function isHeld(item: BasketItem, now: Date): boolean {
  return item.holdId !== null && item.holdExpiresAt !== null && Date.parse(item.holdExpiresAt) > now.getTime();
}

/**
 * The basket made again from the client's live holds at one place (signed in on another browser, or the cookie
 * lost): what they hold is what they chose. Each entry keeps its hold; its key comes from the hold's id.
 */
export function basketFromHolds(
  location: { id: string; slug: string },
  holds: ReadonlyArray<{
    id: string;
    servicePriceId: string;
    employeeId: string | null;
    startsAt: string;
    endsAt: string;
    expiresAt: string;
    /** Seats held in a class session, when more than one. */
    seats?: number | undefined;
  }>,
): Basket {
  const items = sortByStart(
    holds.map((hold) => ({
      key: `h${hold.id}`,
      servicePriceId: hold.servicePriceId,
      employeeId: hold.employeeId,
      startsAt: hold.startsAt,
      endsAt: hold.endsAt,
      holdId: hold.id,
      holdExpiresAt: hold.expiresAt,
      ...(hold.seats !== undefined && hold.seats > 1 ? { seats: hold.seats } : {}),
    })),
  ).slice(0, BASKET_LIMIT);
  return items.length > 0 ? { locationId: location.id, locationSlug: location.slug, items } : EMPTY_BASKET;
}
