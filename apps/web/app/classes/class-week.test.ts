import { describe, expect, it } from "vitest";
import {
  classWeekSearch,
  filterChoices,
  groupByDay,
  readClassWeekQuery,
  seatChoices,
  type ClassSessionView,
} from "./class-week.ts";

const session = (id: string, startsAt: string, change: Partial<ClassSessionView> = {}): ClassSessionView => ({
  id,
  startsAt,
  endsAt: startsAt.replace(/T(\d{2})/, (_, hour: string) => `T${String(Number(hour) + 1).padStart(2, "0")}`),
  capacity: 8,
  seatsLeft: 3,
  className: "Yin yoga",
  serviceId: "7",
  servicePriceId: "70",
  priceMinor: 1800,
  currency: "EUR",
  durationMinutes: 60,
  instructor: { id: "5", name: "Nikolay Dimov" },
  location: null,
  timeLabel: "",
  ...change,
});

describe("the classes week", () => {
  it("reads the week's Monday and the filters from the address, ignoring what it cannot read", () => {
    const today = "2026-12-02";
    expect(readClassWeekQuery(new URLSearchParams(""), today)).toEqual({
      week: "2026-11-30",
      classId: null,
      instructorId: null,
      partOfDay: null,
    });
    expect(
      readClassWeekQuery(new URLSearchParams("week=2026-12-10&class=7&instructor=x&part_of_day=evening"), today),
    ).toEqual({ week: "2026-12-07", classId: "7", instructorId: null, partOfDay: "evening" });
    expect(readClassWeekQuery(new URLSearchParams("week=2026-02-30"), today).week).toBe("2026-11-30");
  });

  it("writes short addresses that keep the filters and the place", () => {
    const query = { week: "2026-11-30", classId: "7", instructorId: null, partOfDay: null };
    expect(classWeekSearch(query, { week: "2026-12-07" }, { city: "sofia" })).toBe(
      "?city=sofia&week=2026-12-07&class=7",
    );
  });

  it("groups a week's sessions by local day in time order, keeping empty days, after the filters", () => {
    const sessions = [
      session("3", "2026-12-02T19:30:00+02:00"),
      session("1", "2026-12-02T07:30:00+02:00", { serviceId: "8", className: "Vinyasa flow" }),
      session("2", "2026-12-06T10:00:00+02:00", { instructor: { id: "6", name: "Elitsa Koleva" } }),
    ];
    const all = { week: "2026-11-30", classId: null, instructorId: null, partOfDay: null };
    const days = groupByDay("2026-11-30", sessions, all);
    expect(days.map((day) => [day.date, day.sessions.map((each) => each.id)])).toEqual([
      ["2026-11-30", []],
      ["2026-12-01", []],
      ["2026-12-02", ["1", "3"]],
      ["2026-12-03", []],
      ["2026-12-04", []],
      ["2026-12-05", []],
      ["2026-12-06", ["2"]],
    ]);
    const evening = groupByDay("2026-11-30", sessions, { ...all, partOfDay: "evening" });
    expect(evening.flatMap((day) => day.sessions.map((each) => each.id))).toEqual(["3"]);
    const byClass = groupByDay("2026-11-30", sessions, { ...all, classId: "8" });
    expect(byClass.flatMap((day) => day.sessions.map((each) => each.id))).toEqual(["1"]);
    const byInstructor = groupByDay("2026-11-30", sessions, { ...all, instructorId: "6" });
    expect(byInstructor.flatMap((day) => day.sessions.map((each) => each.id))).toEqual(["2"]);
    expect(filterChoices(sessions)).toEqual({
      classes: [
        { value: "8", label: "Vinyasa flow" },
        { value: "7", label: "Yin yoga" },
      ],
      instructors: [
        { value: "6", label: "Elitsa Koleva" },
        { value: "5", label: "Nikolay Dimov" },
      ],
    });
  });

  it("offers 1 up to the seats left and the business's limit", () => {
    expect(seatChoices(3, 4)).toEqual([1, 2, 3]);
    expect(seatChoices(10, 4)).toEqual([1, 2, 3, 4]);
    expect(seatChoices(0, 4)).toEqual([]);
  });
});
