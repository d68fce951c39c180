import { describe, expect, it } from "vitest";
import { compareEmployeeIds } from "./employee-order.ts";
import { measureWorkload, pickEmployee, type EmployeeWorkload } from "./pick-employee.ts";
import { createTestLocation, everyDay, queryFor, range } from "./testing/scenario.ts";

const loads = (entries: Record<string, [number, number]>) =>
  new Map<string, EmployeeWorkload>(
    Object.entries(entries).map(([id, [dayMinutes, rangeMinutes]]) => [id, { dayMinutes, rangeMinutes }]),
  );

describe("pickEmployee", () => {
  it("picks the fewest booked minutes that day, then in the range, then the lowest id", () => {
    expect(pickEmployee(["a", "b", "c"], loads({ a: [120, 200], b: [60, 900], c: [90, 0] }))).toBe("b");
    expect(pickEmployee(["a", "b", "c"], loads({ a: [60, 200], b: [60, 100], c: [60, 150] }))).toBe("b");
    expect(pickEmployee(["c", "b", "a"], loads({ a: [60, 100], b: [60, 100], c: [60, 100] }))).toBe("a");
  });

  it("counts an employee without workload as free all day, and compares numeric ids by value", () => {
    expect(pickEmployee(["1", "2"], loads({ "1": [30, 30] }))).toBe("2");
    expect(pickEmployee(["10", "9"], new Map())).toBe("9");
    expect(pickEmployee([], new Map())).toBeUndefined();
  });
});

describe("compareEmployeeIds", () => {
  it("orders numeric ids by value before other ids by code units", () => {
    const ids = ["b", "10", "a", "9", "007", "7", "1a", "B", "12345678901234567890", "2"];
    expect(ids.sort(compareEmployeeIds)).toEqual([
      "2",
      "007",
      "7",
      "9",
      "10",
      "12345678901234567890",
      "1a",
      "B",
      "a",
      "b",
    ]);
  });
});

describe("measureWorkload", () => {
  it("counts busy minutes on the start's local day and over the range, overlaps once", () => {
    const input = createTestLocation({
      hours: everyDay("09:00-17:00"),
      employees: [
        {
          id: "1",
          busy: [
            range("2026-12-01T09:00+02:00", "2026-12-01T10:00+02:00"),
            range("2026-12-01T09:30+02:00", "2026-12-01T10:30+02:00"),
            range("2026-12-02T23:30+02:00", "2026-12-03T00:30+02:00"),
            range("2026-12-05T09:00+02:00", "2026-12-05T10:00+02:00"),
          ],
        },
        { id: "2" },
      ],
    });
    const workload = measureWorkload(queryFor(input, "2026-12-01", "2026-12-03"), Date.parse("2026-12-02T23:45+02:00"));
    expect(workload).toEqual(
      new Map([
        ["1", { dayMinutes: 30, rangeMinutes: 150 }],
        ["2", { dayMinutes: 0, rangeMinutes: 0 }],
      ]),
    );
  });
});
