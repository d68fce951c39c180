import { describe, expect, it } from "vitest";
import { birthdateProblem, earliestBirthdate } from "./birthdates.ts";

const today = "2026-11-22";

describe("birthdateProblem", () => {
  it("accepts a real date in the past within 120 years", () => {
    expect(birthdateProblem("1990-05-17", today)).toBeNull();
    expect(birthdateProblem("2026-11-21", today)).toBeNull();
    expect(birthdateProblem("1906-11-22", today)).toBeNull();
    expect(birthdateProblem("2000-02-29", today)).toBeNull();
  });

  it("refuses dates that do not exist or are not written YYYY-MM-DD", () => {
    for (const value of ["2001-02-29", "1990-04-31", "1990-13-01", "17.05.1990", "1990-5-17", ""]) {
      expect(birthdateProblem(value, today), value).toBe("invalid_date");
    }
  });

  it("refuses today, the future and more than 120 years ago", () => {
    expect(birthdateProblem(today, today)).toBe("in_future");
    expect(birthdateProblem("2030-01-01", today)).toBe("in_future");
    expect(birthdateProblem("1906-11-21", today)).toBe("too_old");
  });
});

describe("earliestBirthdate", () => {
  it("is the same calendar day 120 years before", () => {
    expect(earliestBirthdate(today)).toBe("1906-11-22");
  });
});
