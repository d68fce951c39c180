import { describe, expect, it } from "vitest";
import { backToBackOffer, backToBackSlot, backToBackStart, openAt } from "./back-to-back.ts";
import type { BasketItem } from "./basket.ts";

const item = (startsAt: string, endsAt: string): BasketItem => ({
  key: startsAt,
  servicePriceId: "1",
  employeeId: null,
  startsAt,
  endsAt,
  holdId: null,
  holdExpiresAt: null,
});

describe("backToBackStart", () => {
  it("is when the basket's last service ends, whatever the order of entries", () => {
    expect(
      backToBackStart([
        item("2026-12-01T11:00:00+02:00", "2026-12-01T11:30:00+02:00"),
        item("2026-12-01T10:00:00+02:00", "2026-12-01T10:45:00+02:00"),
      ]),
    ).toBe("2026-12-01T11:30:00+02:00");
    expect(backToBackStart([])).toBeNull();
  });
});

describe("backToBackSlot", () => {
  const slots = [
    { startsAt: "2026-12-01T11:15:00+02:00", employeeIds: ["7"] },
    { startsAt: "2026-12-01T11:30:00+02:00", employeeIds: ["8", "9"] },
  ];

  it("finds the time starting at that instant, written at any offset", () => {
    expect(backToBackSlot(slots, "2026-12-01T09:30:00Z")).toEqual(slots[1]);
  });

  it("is null when nobody is free exactly then", () => {
    expect(backToBackSlot(slots, "2026-12-01T11:20:00+02:00")).toBeNull();
    expect(
      backToBackSlot([{ startsAt: "2026-12-01T11:30:00+02:00", employeeIds: [] }], "2026-12-01T11:30:00+02:00"),
    ).toBeNull();
  });
});

describe("backToBackOffer", () => {
  const slots = [
    { startsAt: "2026-12-01T10:40:00+02:00", employeeIds: [] },
    { startsAt: "2026-12-01T10:45:00+02:00", employeeIds: ["7"] },
  ];

  it("offers the exact start when someone is free then", () => {
    expect(backToBackOffer(slots, "2026-12-01T10:45:00+02:00")).toEqual({ time: slots[1], exact: true });
  });

  it("else the first free time after it, said to be later", () => {
    expect(backToBackOffer(slots, "2026-12-01T10:40:00+02:00")).toEqual({ time: slots[1], exact: false });
    expect(backToBackOffer(slots, "2026-12-01T10:50:00+02:00")).toBeNull();
  });
});

describe("openAt", () => {
  // A spa open 10:00-19:00 on Sundays, 09:00-21:00 on Mondays (ISO weekdays 7 and 1).
  const hours = [
    { weekday: 7, opensAt: "10:00", closesAt: "19:00" },
    { weekday: 1, opensAt: "09:00", closesAt: "21:00" },
  ];

  it("is open from the opening time up to, not at, the closing time, on that weekday at the place's clock", () => {
    expect(openAt(hours, "2026-11-29T18:45:00+01:00")).toBe(true);
    expect(openAt(hours, "2026-11-29T19:00:00+01:00")).toBe(false);
    expect(openAt(hours, "2026-11-29T09:30:00+01:00")).toBe(false);
    expect(openAt(hours, "2026-11-30T19:00:00+01:00")).toBe(true);
  });

  it("is closed on a day without hours", () => {
    expect(openAt(hours, "2026-12-01T12:00:00+01:00")).toBe(false);
  });
});
