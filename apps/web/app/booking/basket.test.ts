import { describe, expect, it } from "vitest";
import {
  BASKET_LIMIT,
  EMPTY_BASKET,
  addToBasket,
  basketClash,
  basketFromHolds,
  isHeld,
  parseBasket,
  removeFromBasket,
  serializeBasket,
  updateItem,
  type Basket,
} from "./basket.ts";

const NOW = new Date("2026-12-01T06:00:00Z");
const place = { id: "3", slug: "salon-lozenets" };
const entry = (time: string, servicePriceId = "12", employeeId: string | null = "7") => ({
  servicePriceId,
  employeeId,
  startsAt: `2026-12-01T${time}:00+02:00`,
  endsAt: `2026-12-01T${time.slice(0, 2)}:45:00+02:00`,
});

function basketOf(...times: string[]): Basket {
  let basket = EMPTY_BASKET;
  times.forEach((time, index) => {
    const result = addToBasket(basket, place, entry(time, String(12 + index)), `k${index}`);
    if ("full" in result) throw new Error("full");
    basket = result.basket;
  });
  return basket;
}

describe("the basket cookie", () => {
  it("reads back what it wrote, holds included", () => {
    const basket = updateItem(basketOf("10:00", "11:00"), "k0", {
      holdId: "55",
      holdExpiresAt: "2026-12-01T08:10:00Z",
    });
    expect(parseBasket(serializeBasket(basket), NOW)).toEqual(basket);
  });

  it("keeps non-Latin slugs", () => {
    const basket = { ...basketOf("10:00"), locationSlug: "салон-лозенец" };
    expect(parseBasket(serializeBasket(basket), NOW).locationSlug).toBe("салон-лозенец");
  });

  it("is empty for anything unreadable", () => {
    for (const value of [
      undefined,
      "",
      "not base64!",
      btoa("{}"),
      btoa('{"v":2,"l":"3","g":"x","i":[]}'),
      "x".repeat(5000),
    ]) {
      expect(parseBasket(value, NOW)).toEqual(EMPTY_BASKET);
    }
  });

  it("drops entries that are malformed, duplicated, begun or over the limit", () => {
    const good = { k: "a", p: "12", e: null, s: "2026-12-01T10:00:00+02:00", n: "2026-12-01T10:45:00+02:00" };
    const stored = {
      v: 1,
      l: "3",
      g: "salon",
      i: [
        good,
        good,
        { ...good, k: "b", p: "12; drop table" },
        { ...good, k: "c", s: "yesterday" },
        { ...good, k: "d", n: good.s },
        { ...good, k: "e", s: "2026-12-01T07:00:00+02:00", n: "2026-12-01T07:45:00+02:00" },
        ...Array.from({ length: 12 }, (_, index) => ({ ...good, k: `m${index}` })),
      ],
    };
    const basket = parseBasket(btoa(JSON.stringify(stored)), NOW);
    expect(basket.items.map((item) => item.key)).toEqual([
      "a",
      ...Array.from({ length: BASKET_LIMIT - 1 }, (_, i) => `m${i}`),
    ]);
  });

  it("forgets a hold without its expiry", () => {
    const stored = {
      v: 1,
      l: "3",
      g: "salon",
      i: [{ k: "a", p: "12", e: "7", s: "2026-12-01T10:00:00+02:00", n: "2026-12-01T10:45:00+02:00", h: "9" }],
    };
    expect(parseBasket(btoa(JSON.stringify(stored)), NOW).items[0]?.holdId).toBeNull();
  });

  it("writes nothing for an empty basket", () => {
    expect(serializeBasket(EMPTY_BASKET)).toBe("");
  });
});

describe("addToBasket", () => {
  it("keeps entries in time order", () => {
    expect(basketOf("11:00", "09:00").items.map((item) => item.startsAt.slice(11, 16))).toEqual(["09:00", "11:00"]);
  });

  it("does not add the same service at the same instant twice", () => {
    const basket = basketOf("10:00");
    const again = addToBasket(basket, place, { ...entry("10:00"), startsAt: "2026-12-01T08:00:00Z" }, "other");
    expect("full" in again ? null : again.basket.items).toHaveLength(1);
  });

  it("starts over for another place, and says so", () => {
    const result = addToBasket(basketOf("10:00"), { id: "4", slug: "elsewhere" }, entry("12:00"), "new");
    if ("full" in result) throw new Error("full");
    expect(result.replacedBasket).toBe(true);
    expect(result.basket).toMatchObject({ locationId: "4", locationSlug: "elsewhere" });
    expect(result.basket.items.map((item) => item.key)).toEqual(["new"]);
  });

  it("books a class's seats alone: they replace other services, and a service replaces them", () => {
    const seats = { ...entry("18:00", "40", null), seats: 2 };
    expect(basketClash(basketOf("10:00"), place.id, seats)).toBe("classAlone");
    const withClass = addToBasket(basketOf("10:00"), place, seats, "yoga");
    if ("full" in withClass) throw new Error("full");
    expect(withClass.replacedBasket).toBe(true);
    expect(withClass.basket.items.map((item) => [item.key, item.seats])).toEqual([["yoga", 2]]);
    // The same session again is the entry already there, not a clash.
    expect(basketClash(withClass.basket, place.id, { ...seats, seats: 3 })).toBeNull();
    expect(basketClash(withClass.basket, place.id, entry("10:00"))).toBe("holdsClass");
    expect(basketClash(withClass.basket, "4", entry("10:00"))).toBe("otherPlace");
    expect(basketClash(basketOf("10:00"), place.id, entry("12:00", "13"))).toBeNull();
  });

  it("is one visit: another day's service starts a new basket", () => {
    const nextDay = {
      ...entry("10:00", "13"),
      startsAt: "2026-12-02T10:00:00+02:00",
      endsAt: "2026-12-02T10:45:00+02:00",
    };
    expect(basketClash(basketOf("10:00"), place.id, nextDay)).toBe("otherDay");
    const moved = addToBasket(basketOf("10:00", "11:00"), place, nextDay, "tomorrow");
    if ("full" in moved) throw new Error("full");
    expect(moved.replacedBasket).toBe(true);
    expect(moved.basket.items.map((item) => item.key)).toEqual(["tomorrow"]);
    // The same day at the place's clock, whatever the instant's UTC date (00:30 in Sofia is the day before in UTC).
    const justAfterMidnight = { ...entry("00:30", "14"), endsAt: "2026-12-01T01:15:00+02:00" };
    expect(basketClash(basketOf("10:00"), place.id, justAfterMidnight)).toBeNull();
  });

  it("refuses more than the limit", () => {
    const full = basketOf(...Array.from({ length: BASKET_LIMIT }, (_, index) => `${10 + index}:00`));
    expect(addToBasket(full, place, entry("20:00", "99"), "more")).toEqual({ full: true });
  });
});

describe("removeFromBasket and isHeld", () => {
  it("empties the basket with its last entry", () => {
    expect(removeFromBasket(basketOf("10:00"), "k0")).toEqual(EMPTY_BASKET);
  });

  it("counts a hold only until it expires", () => {
    const [item] = updateItem(basketOf("10:00"), "k0", { holdId: "5", holdExpiresAt: "2026-12-01T06:10:00Z" }).items;
    if (!item) throw new Error("no item");
    expect(isHeld(item, NOW)).toBe(true);
    expect(isHeld(item, new Date("2026-12-01T06:10:00Z"))).toBe(false);
  });
});

describe("basketFromHolds", () => {
  const hold = (id: string, time: string) => ({
    id,
    servicePriceId: "12",
    employeeId: "7",
    startsAt: `2026-12-01T${time}:00+02:00`,
    endsAt: `2026-12-01T${time.slice(0, 2)}:45:00+02:00`,
    expiresAt: "2026-12-01T06:10:00Z",
  });

  it("holds each held time as an entry, by start, that the cookie carries", () => {
    const basket = basketFromHolds(place, [hold("8", "11:00"), hold("5", "10:00")]);
    expect(basket.locationId).toBe("3");
    expect(basket.items.map((item) => [item.startsAt, item.holdId, isHeld(item, NOW)])).toEqual([
      ["2026-12-01T10:00:00+02:00", "5", true],
      ["2026-12-01T11:00:00+02:00", "8", true],
    ]);
    expect(parseBasket(serializeBasket(basket), NOW)).toEqual(basket);
  });

  it("is empty without holds", () => {
    expect(basketFromHolds(place, [])).toEqual(EMPTY_BASKET);
  });
});
