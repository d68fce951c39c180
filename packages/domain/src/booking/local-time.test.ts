import { describe, expect, it } from "vitest";
import { addDays, isLocalDate, isLocalTime, weekdayOf } from "./calendar.ts";
import { formatZonedIso, localMomentAt, zonedTimeToEpochMs } from "./local-time.ts";

const utc = (iso: string) => Date.parse(iso);

describe("zonedTimeToEpochMs", () => {
  it("reads a wall-clock time with the offset in force", () => {
    expect(zonedTimeToEpochMs("2026-12-01", "10:00", "Europe/Sofia")).toBe(utc("2026-12-01T08:00:00Z"));
    expect(zonedTimeToEpochMs("2026-07-01", "10:00", "Europe/Sofia")).toBe(utc("2026-07-01T07:00:00Z"));
    expect(zonedTimeToEpochMs("2026-07-01", "10:00", "Asia/Kathmandu")).toBe(utc("2026-07-01T04:15:00Z"));
    expect(zonedTimeToEpochMs("2026-07-01", "10:00", "America/New_York")).toBe(utc("2026-07-01T14:00:00Z"));
    expect(zonedTimeToEpochMs("2026-07-01", "10:00", "UTC")).toBe(utc("2026-07-01T10:00:00Z"));
  });

  it("reads 24:00 as the next day's midnight", () => {
    expect(zonedTimeToEpochMs("2026-12-31", "24:00", "Europe/Sofia")).toBe(utc("2026-12-31T22:00:00Z"));
  });

  it("moves a wall time skipped by the spring-forward gap forward by the gap", () => {
    // Sofia, 2026-03-29: 03:00 +02:00 becomes 04:00 +03:00 (01:00 UTC).
    expect(zonedTimeToEpochMs("2026-03-29", "02:59", "Europe/Sofia")).toBe(utc("2026-03-29T00:59:00Z"));
    expect(zonedTimeToEpochMs("2026-03-29", "03:00", "Europe/Sofia")).toBe(utc("2026-03-29T01:00:00Z"));
    expect(zonedTimeToEpochMs("2026-03-29", "03:30", "Europe/Sofia")).toBe(utc("2026-03-29T01:30:00Z")); // 04:30+03
    expect(zonedTimeToEpochMs("2026-03-29", "04:00", "Europe/Sofia")).toBe(utc("2026-03-29T01:00:00Z"));
    // Berlin, 2027-03-28: 02:00 +01:00 becomes 03:00 +02:00.
    expect(zonedTimeToEpochMs("2027-03-28", "02:15", "Europe/Berlin")).toBe(utc("2027-03-28T01:15:00Z"));
    // New York, 2026-03-08: 02:00 -05:00 becomes 03:00 -04:00.
    expect(zonedTimeToEpochMs("2026-03-08", "02:30", "America/New_York")).toBe(utc("2026-03-08T07:30:00Z"));
  });

  it("reads a wall time repeated by the fall-back overlap as the earlier instant", () => {
    // Sofia, 2026-10-25: 04:00 +03:00 becomes 03:00 +02:00 (01:00 UTC); 03:00-03:59 happens twice.
    expect(zonedTimeToEpochMs("2026-10-25", "03:00", "Europe/Sofia")).toBe(utc("2026-10-25T00:00:00Z"));
    expect(zonedTimeToEpochMs("2026-10-25", "03:59", "Europe/Sofia")).toBe(utc("2026-10-25T00:59:00Z"));
    expect(zonedTimeToEpochMs("2026-10-25", "04:00", "Europe/Sofia")).toBe(utc("2026-10-25T02:00:00Z"));
    expect(zonedTimeToEpochMs("2027-10-31", "02:30", "Europe/Skopje")).toBe(utc("2027-10-31T00:30:00Z"));
  });

  it("rejects malformed dates, times and zones", () => {
    expect(() => zonedTimeToEpochMs("2026-02-30", "10:00", "Europe/Sofia")).toThrow(RangeError);
    expect(() => zonedTimeToEpochMs("2026-02-28", "24:01", "Europe/Sofia")).toThrow(RangeError);
    expect(() => zonedTimeToEpochMs("2026-02-28", "10:00", "Mars/Olympus")).toThrow(/Unknown time zone/);
  });
});

describe("formatZonedIso", () => {
  it("writes the offset in force at the instant", () => {
    expect(formatZonedIso(utc("2026-12-01T08:00:00Z"), "Europe/Sofia")).toBe("2026-12-01T10:00:00+02:00");
    expect(formatZonedIso(utc("2026-07-01T07:00:00Z"), "Europe/Sofia")).toBe("2026-07-01T10:00:00+03:00");
    expect(formatZonedIso(utc("2026-07-01T07:00:00Z"), "UTC")).toBe("2026-07-01T07:00:00+00:00");
    expect(formatZonedIso(utc("2026-07-01T07:00:00Z"), "America/St_Johns")).toBe("2026-07-01T04:30:00-02:30");
    expect(formatZonedIso(utc("2026-07-01T07:00:00.999Z"), "Asia/Kathmandu")).toBe("2026-07-01T12:45:00+05:45");
  });

  it("writes an offset with seconds (local mean time before standard zones) in full", () => {
    expect(formatZonedIso(utc("1870-01-01T00:00:00Z"), "Europe/Sofia")).toBe("1870-01-01T01:33:16+01:33:16");
  });

  it("writes both instants of a repeated hour with their own offsets", () => {
    expect(formatZonedIso(utc("2026-10-25T00:30:00Z"), "Europe/Sofia")).toBe("2026-10-25T03:30:00+03:00");
    expect(formatZonedIso(utc("2026-10-25T01:30:00Z"), "Europe/Sofia")).toBe("2026-10-25T03:30:00+02:00");
  });
});

describe("localMomentAt", () => {
  it("gives the local date, weekday and time", () => {
    // 23:30 UTC on Sunday 29 November is already Monday in Sofia.
    expect(localMomentAt(utc("2026-11-29T22:30:00Z"), "Europe/Sofia")).toEqual({
      date: "2026-11-30",
      weekday: 1,
      time: "00:30",
      minuteOfDay: 30,
    });
    expect(localMomentAt(utc("2026-11-30T04:59:59Z"), "America/New_York")).toEqual({
      date: "2026-11-29",
      weekday: 7,
      time: "23:59",
      minuteOfDay: 1439,
    });
  });
});

describe("calendar dates and times", () => {
  it("accepts real dates written YYYY-MM-DD only", () => {
    expect(["2026-02-28", "2028-02-29", "2000-02-29", "0001-01-01", "9999-12-31"].filter(isLocalDate)).toHaveLength(5);
    const invalid = ["2026-02-29", "2026-02-30", "1900-02-29", "2026-04-31", "2026-13-01", "2026-00-10", "0000-01-01"];
    expect(invalid.filter(isLocalDate)).toEqual([]);
    expect(["2026-1-01", "26-01-01", "2026-01-01T00:00", " 2026-01-01", "2026/01/01"].filter(isLocalDate)).toEqual([]);
  });

  it("accepts HH:MM times up to 24:00", () => {
    expect(["00:00", "09:05", "23:59", "24:00"].every(isLocalTime)).toBe(true);
    expect(["24:01", "25:00", "9:00", "09:60", "09:00:00"].some(isLocalTime)).toBe(false);
  });

  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-01-01", 365)).toBe("2027-01-01");
    expect(addDays("0099-12-31", 1)).toBe("0100-01-01");
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
  });

  it("names ISO weekdays", () => {
    expect(weekdayOf("2026-12-01")).toBe(2);
    expect(weekdayOf("2026-03-29")).toBe(7);
    expect(weekdayOf("2027-03-28")).toBe(7);
    expect(weekdayOf("1970-01-01")).toBe(4);
    expect(weekdayOf("1969-12-29")).toBe(1);
  });
});
