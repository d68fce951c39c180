import { describe, expect, it } from "vitest";
import { formatZonedIso, zonedTimeToEpochMs } from "../booking/local-time.ts";
import { checkClassRule, classOccurrences, runsOnLocationDay, type ClassRecurrence } from "./class-occurrences.ts";

const SOFIA = "Europe/Sofia";
const eveningYoga: ClassRecurrence = {
  rrule: "FREQ=WEEKLY;BYDAY=MO,WE,SU",
  startTime: "18:00:00",
  validFrom: "2026-01-05",
  validUntil: null,
  timeZone: SOFIA,
};

const startsOf = (recurrence: ClassRecurrence, from: string, to: string, exceptions = []) =>
  classOccurrences(recurrence, from, to, exceptions).map((each) => formatZonedIso(each.start, recurrence.timeZone));

describe("classOccurrences", () => {
  it("keeps an 18:00 class at 18:00 local through the week clocks go forward in Sofia (last Sunday of March)", () => {
    expect(startsOf(eveningYoga, "2026-03-23", "2026-03-30")).toEqual([
      "2026-03-23T18:00:00+02:00",
      "2026-03-25T18:00:00+02:00",
      "2026-03-29T18:00:00+03:00",
      "2026-03-30T18:00:00+03:00",
    ]);
  });

  it("keeps it at 18:00 local through the week clocks go back (last Sunday of October)", () => {
    expect(startsOf(eveningYoga, "2026-10-19", "2026-10-26")).toEqual([
      "2026-10-19T18:00:00+03:00",
      "2026-10-21T18:00:00+03:00",
      "2026-10-25T18:00:00+02:00",
      "2026-10-26T18:00:00+02:00",
    ]);
  });

  it("moves a start in the skipped hour forward by the gap, and takes the earlier of a repeated hour", () => {
    const early = { ...eveningYoga, rrule: "FREQ=WEEKLY;BYDAY=SU", startTime: "03:30" };
    expect(startsOf(early, "2026-03-29", "2026-03-29")).toEqual(["2026-03-29T04:30:00+03:00"]);
    expect(startsOf(early, "2026-10-25", "2026-10-25")).toEqual(["2026-10-25T03:30:00+03:00"]);
  });

  it("reads the dates on the location's calendar in a zone far from UTC", () => {
    const tokyo = { ...eveningYoga, rrule: "FREQ=WEEKLY;BYDAY=TU", startTime: "07:00", timeZone: "Asia/Tokyo" };
    expect(startsOf(tokyo, "2026-12-01", "2026-12-14")).toEqual([
      "2026-12-01T07:00:00+09:00",
      "2026-12-08T07:00:00+09:00",
    ]);
    const sessions = classOccurrences(tokyo, "2026-12-01", "2026-12-01");
    expect(new Date(sessions[0]?.start ?? 0).toISOString()).toBe("2026-11-30T22:00:00.000Z");
  });

  it("leaves out a called-off occurrence and puts a moved one at its new instant, under its own date", () => {
    const movedTo = zonedTimeToEpochMs("2026-12-03", "19:30", SOFIA);
    const sessions = classOccurrences(eveningYoga, "2026-11-30", "2026-12-06", [
      { occurrenceDate: "2026-11-30", movedTo: null },
      { occurrenceDate: "2026-12-02", movedTo },
    ]);
    expect(sessions).toEqual([
      { occurrenceDate: "2026-12-02", start: movedTo, moved: true },
      { occurrenceDate: "2026-12-06", start: zonedTimeToEpochMs("2026-12-06", "18:00", SOFIA), moved: false },
    ]);
  });

  it("runs only between validFrom and validUntil, counting INTERVAL from validFrom", () => {
    const fortnightly = {
      ...eveningYoga,
      rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO",
      validFrom: "2026-11-30",
      validUntil: "2026-12-28",
    };
    expect(classOccurrences(fortnightly, "2026-11-01", "2027-02-01").map((each) => each.occurrenceDate)).toEqual([
      "2026-11-30",
      "2026-12-14",
      "2026-12-28",
    ]);
    expect(classOccurrences(fortnightly, "2027-01-01", "2027-01-31")).toEqual([]);
  });

  it("refuses a rule that is not one, or that names its own start or zone", () => {
    expect(() => checkClassRule("FREQ=WEEKLY;BYDAY=MO")).not.toThrow();
    expect(() => checkClassRule("BYDAY=MO")).toThrow(RangeError);
    expect(() => checkClassRule("DTSTART:20260101T000000Z\nRRULE:FREQ=WEEKLY")).toThrow(RangeError);
  });
});

describe("runsOnLocationDay", () => {
  const at = (date: string, time: string) => zonedTimeToEpochMs(date, time, SOFIA);
  const session = { start: at("2026-12-24", "18:00"), end: at("2026-12-24", "19:00") };
  it("runs on an ordinary day, not on a closed one, and on a day of other hours only within them", () => {
    expect(runsOnLocationDay([], session, SOFIA)).toBe(true);
    expect(runsOnLocationDay([{ date: "2026-12-24", opensAt: null, closesAt: null }], session, SOFIA)).toBe(false);
    expect(runsOnLocationDay([{ date: "2026-12-24", opensAt: "10:00", closesAt: "14:00" }], session, SOFIA)).toBe(
      false,
    );
    expect(runsOnLocationDay([{ date: "2026-12-24", opensAt: "10:00:00", closesAt: "20:00:00" }], session, SOFIA)).toBe(
      true,
    );
    expect(runsOnLocationDay([{ date: "2026-12-25", opensAt: null, closesAt: null }], session, SOFIA)).toBe(true);
  });
});
