import { describe, expect, it } from "vitest";
import { groupByPartOfDay, partOfDay } from "./slot-times.ts";

const at = (time: string) => ({ startsAt: `2026-12-01T${time}:00+02:00` });

describe("partOfDay", () => {
  it("reads the location's clock from the time's own offset, not the machine's zone", () => {
    expect(partOfDay("2026-12-01T11:59:00+02:00")).toBe("morning");
    expect(partOfDay("2026-12-01T12:00:00+02:00")).toBe("afternoon");
    expect(partOfDay("2026-12-01T16:45:00+02:00")).toBe("afternoon");
    expect(partOfDay("2026-12-01T17:00:00+02:00")).toBe("evening");
    // 09:00 in New York is 14:00 UTC: still a morning there.
    expect(partOfDay("2026-12-01T09:00:00-05:00")).toBe("morning");
  });
});

describe("groupByPartOfDay", () => {
  it("groups in time order and leaves out empty parts", () => {
    const groups = groupByPartOfDay([at("17:30"), at("09:15"), at("09:00"), at("18:00")]);
    expect(groups.map((group) => [group.part, group.slots.map((slot) => slot.startsAt.slice(11, 16))])).toEqual([
      ["morning", ["09:00", "09:15"]],
      ["evening", ["17:30", "18:00"]],
    ]);
  });

  it("gives nothing for no times", () => {
    expect(groupByPartOfDay([])).toEqual([]);
  });
});
