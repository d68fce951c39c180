import { describe, expect, it } from "vitest";
import { checkStart } from "./check-start.ts";
import { createTestLocation, everyDay, instant, onDate, type TestLocation } from "./testing/scenario.ts";

// 2026-12-01 is a Tuesday; Sofia is at +02:00 in December.
const at = (time: string, date = "2026-12-01") => instant(`${date}T${time}+02:00`);

const SALON: TestLocation = {
  hours: everyDay("09:00-17:00"),
  now: "2026-11-30T11:00+02:00",
  rules: { leadTimeMinutes: 120, horizonDays: 30 },
  exceptions: [onDate("2026-12-08")],
  service: { durationMinutes: 45, bufferAfterMinutes: 15, resourceNeeds: [{ kind: "room", quantity: 1 }] },
  employees: [
    { id: "1", breaks: everyDay("12:00-13:00"), busy: [{ start: at("10:00"), end: at("11:00") }] },
    { id: "2", shifts: everyDay("13:00-17:00") },
  ],
  resources: [{ id: "room-1", kind: "room", busy: [{ start: at("15:00"), end: at("16:00") }] }],
};
const input = createTestLocation(SALON);

describe("checkStart", () => {
  it("is free for the employees who can take the start", () => {
    expect(checkStart(input, at("09:00"), null)).toEqual({ kind: "free", employeeIds: ["1"] });
    expect(checkStart(input, at("13:00"), null)).toEqual({ kind: "free", employeeIds: ["1", "2"] });
    expect(checkStart(input, at("13:00"), "2")).toEqual({ kind: "free", employeeIds: ["2"] });
  });

  it("is taken when only busy time stands in the way", () => {
    // Employee 1's appointment (09:15's buffer would overlap it)...
    expect(checkStart(input, at("09:15"), null)).toEqual({ kind: "taken" });
    expect(checkStart(input, at("10:00"), "1")).toEqual({ kind: "taken" });
    // ...the only room, busy 15:00-16:00, for both employees.
    expect(checkStart(input, at("14:15"), null)).toEqual({ kind: "taken" });
    expect(checkStart(input, at("14:00"), null)).toEqual({ kind: "free", employeeIds: ["1", "2"] });
  });

  it("tells why a start can never be booked", () => {
    const reason = (start: number, employeeId: string | null = null) => {
      const result = checkStart(input, start, employeeId);
      return result.kind === "invalid" ? result.reason : result.kind;
    };
    expect(reason(at("09:00"), "3")).toBe("employee_does_not_perform");
    // Now is 30 November 11:00, with two hours' notice and 30 days ahead.
    expect(reason(at("10:45", "2026-11-30"))).toBe("past");
    expect(reason(at("12:45", "2026-11-30"))).toBe("lead_time");
    expect(reason(at("13:00", "2026-11-30"))).toBe("free");
    expect(reason(at("11:00", "2026-12-30"))).toBe("free");
    expect(reason(at("11:15", "2026-12-30"))).toBe("beyond_horizon");
    expect(reason(at("09:05"))).toBe("not_aligned");
    expect(reason(at("09:00") + 30_000)).toBe("not_aligned");
    // Employee 1's break, and before employee 2's shift.
    expect(reason(at("11:30"))).toBe("outside_hours");
    expect(reason(at("09:00"), "2")).toBe("outside_hours");
    expect(reason(at("16:30"))).toBe("outside_hours");
    // The location's holiday.
    expect(reason(at("10:00", "2026-12-08"))).toBe("outside_hours");
  });

  it("accepts a start off the grid where the client's own service ends (back to back)", () => {
    const backToBack = { ...input, backToBackStarts: [at("13:40")] };
    expect(checkStart(backToBack, at("13:40"), null)).toEqual({ kind: "free", employeeIds: ["1", "2"] });
    expect(checkStart(backToBack, at("13:50"), null)).toEqual({ kind: "invalid", reason: "not_aligned" });
    expect(checkStart(input, at("13:40"), null)).toEqual({ kind: "invalid", reason: "not_aligned" });
  });

  it("reports an employee list without the chosen one, or an empty one, as not performing", () => {
    const nobody = createTestLocation({ ...SALON, employees: [] });
    expect(checkStart(nobody, at("09:00"), null)).toEqual({ kind: "invalid", reason: "employee_does_not_perform" });
  });

  it("reports a location without enough units of a needed kind", () => {
    const noRooms = createTestLocation({ ...SALON, resources: [{ id: "chair-1", kind: "chair" }] });
    expect(checkStart(noRooms, at("09:00"), null)).toEqual({ kind: "invalid", reason: "missing_resources" });
  });

  it("accepts both instants of a repeated wall time and none of a skipped one", () => {
    const allDay = createTestLocation({ hours: everyDay("00:00-24:00"), now: "2026-01-01T00:00Z" });
    // Sofia, 2026-10-25: 03:30 happens at +03:00 and again at +02:00.
    expect(checkStart(allDay, instant("2026-10-25T03:30+03:00"), null).kind).toBe("free");
    expect(checkStart(allDay, instant("2026-10-25T03:30+02:00"), null).kind).toBe("free");
    // 2026-03-29: 02:45+02:00 and then 04:00+03:00, 15 minutes later; 03:07 (+03:00) is not aligned.
    expect(checkStart(allDay, instant("2026-03-29T02:45+02:00"), null).kind).toBe("free");
    expect(checkStart(allDay, instant("2026-03-29T04:00+03:00"), null).kind).toBe("free");
    expect(checkStart(allDay, instant("2026-03-29T04:07+03:00"), null)).toEqual({
      kind: "invalid",
      reason: "not_aligned",
    });
  });
});
