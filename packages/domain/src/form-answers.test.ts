import { describe, expect, it } from "vitest";
import { isCalendarDate, latestToday, validateFormAnswers, type AnswerableField } from "./form-answers.ts";

const TODAY = "2026-11-27";
const errorsOf = (fields: AnswerableField[], answers: Record<string, unknown>) => {
  const result = validateFormAnswers(fields, answers, TODAY);
  return result.ok ? [] : result.errors;
};
const valuesOf = (fields: AnswerableField[], answers: Record<string, unknown>) => {
  const result = validateFormAnswers(fields, answers, TODAY);
  if (!result.ok) throw new Error(`Unexpected errors: ${JSON.stringify(result.errors)}`);
  return result.values;
};
/** The one error code of a single field given one value. */
const codeFor = (field: Omit<AnswerableField, "key">, value: unknown) =>
  errorsOf([{ key: "q", ...field }], value === undefined ? {} : { q: value })[0]?.code;

describe("validateFormAnswers", () => {
  it("accepts a complete answer of every field type and cleans it for storage", () => {
    const fields: AnswerableField[] = [
      { key: "name", type: "text", required: true, min: 2, max: 20 },
      { key: "notes", type: "long_text", required: false },
      { key: "age", type: "number", required: true, min: 16, max: 120 },
      { key: "born", type: "date", required: true },
      { key: "skin", type: "single_choice", required: true, options: ["Dry", "Oily"] },
      { key: "areas", type: "multiple_choice", required: false, options: ["Face", "Back", "Legs"] },
      { key: "allergies", type: "yes_no", required: true },
      { key: "consent", type: "consent", required: true },
    ];
    expect(
      valuesOf(fields, {
        name: "  Maria  ",
        notes: "Sensitive\nskin",
        age: 35,
        born: "1991-04-17",
        skin: "Dry",
        areas: ["Legs", "Face", "Legs"],
        allergies: false,
        consent: true,
      }),
    ).toEqual({
      name: "Maria",
      notes: "Sensitive\nskin",
      age: 35,
      born: "1991-04-17",
      skin: "Dry",
      areas: ["Face", "Legs"],
      allergies: false,
      consent: true,
    });
  });

  it("leaves unanswered optional questions out: missing, null, blank text, no choice", () => {
    const fields: AnswerableField[] = [
      { key: "a", type: "text", required: false },
      { key: "b", type: "long_text", required: false },
      { key: "c", type: "number", required: false },
      { key: "d", type: "date", required: false },
      { key: "e", type: "single_choice", required: false, options: ["x"] },
      { key: "f", type: "multiple_choice", required: false, options: ["x"] },
      { key: "g", type: "yes_no", required: false },
      { key: "h", type: "consent", required: false },
    ];
    expect(valuesOf(fields, {})).toEqual({});
    expect(valuesOf(fields, { a: "   ", b: null, d: "", e: "", f: [], g: null })).toEqual({});
  });

  it("requires an answer to every required question of every type", () => {
    for (const type of ["text", "long_text", "number", "date", "yes_no"] as const) {
      expect(codeFor({ type, required: true }, undefined), type).toBe("required");
      expect(codeFor({ type, required: true }, null), type).toBe("required");
    }
    expect(codeFor({ type: "text", required: true }, " \n ")).toBe("required");
    expect(codeFor({ type: "long_text", required: true }, "")).toBe("required");
    expect(codeFor({ type: "date", required: true }, "")).toBe("required");
    expect(codeFor({ type: "single_choice", required: true, options: ["x"] }, "")).toBe("required");
    expect(codeFor({ type: "single_choice", required: true, options: ["x"] }, undefined)).toBe("required");
    expect(codeFor({ type: "multiple_choice", required: true, options: ["x"] }, [])).toBe("required");
    expect(codeFor({ type: "multiple_choice", required: true, options: ["x"] }, undefined)).toBe("required");
  });

  it("accepts No as an answer to a required yes/no question", () => {
    expect(valuesOf([{ key: "q", type: "yes_no", required: true }], { q: false })).toEqual({ q: false });
  });

  it("rejects values of the wrong kind for each type", () => {
    expect(codeFor({ type: "text", required: false }, 42)).toBe("wrong_type");
    expect(codeFor({ type: "long_text", required: false }, ["a"])).toBe("wrong_type");
    expect(codeFor({ type: "number", required: false }, "42")).toBe("wrong_type");
    expect(codeFor({ type: "number", required: false }, Number.NaN)).toBe("wrong_type");
    expect(codeFor({ type: "number", required: false }, Number.POSITIVE_INFINITY)).toBe("wrong_type");
    expect(codeFor({ type: "date", required: false }, 20260101)).toBe("wrong_type");
    expect(codeFor({ type: "single_choice", required: false, options: ["1"] }, 1)).toBe("wrong_type");
    expect(codeFor({ type: "multiple_choice", required: false, options: ["x"] }, "x")).toBe("wrong_type");
    expect(codeFor({ type: "multiple_choice", required: false, options: ["x"] }, ["x", 1])).toBe("wrong_type");
    expect(codeFor({ type: "yes_no", required: false }, "yes")).toBe("wrong_type");
    expect(codeFor({ type: "yes_no", required: false }, 1)).toBe("wrong_type");
    expect(codeFor({ type: "consent", required: false }, "on")).toBe("wrong_type");
    expect(codeFor({ type: "consent", required: true }, "true")).toBe("wrong_type");
  });

  it("bounds the length of texts in characters, limits included", () => {
    const text = { type: "text", required: false, min: 3, max: 5 } as const;
    expect(codeFor(text, "ab")).toBe("too_short");
    expect(codeFor(text, "  ab  ")).toBe("too_short");
    expect(codeFor(text, "abc")).toBeUndefined();
    expect(codeFor(text, "abcde")).toBeUndefined();
    expect(codeFor(text, "abcdef")).toBe("too_long");
    // Three emoji are three characters, though six UTF-16 units.
    expect(codeFor(text, "😀😀😀")).toBeUndefined();
    expect(codeFor({ type: "long_text", required: false, max: 10 }, "x".repeat(11))).toBe("too_long");
    expect(codeFor({ type: "long_text", required: false, min: 10 }, "short")).toBe("too_short");
  });

  it("bounds numbers, limits included, and accepts decimals and negatives without bounds", () => {
    const number = { type: "number", required: false, min: 0, max: 10 } as const;
    expect(codeFor(number, -0.5)).toBe("too_small");
    expect(codeFor(number, 0)).toBeUndefined();
    expect(codeFor(number, 10)).toBeUndefined();
    expect(codeFor(number, 10.01)).toBe("too_large");
    expect(codeFor({ type: "number", required: false }, -273.15)).toBeUndefined();
  });

  it("refuses a fraction where the field takes whole numbers", () => {
    const age = { type: "number", required: true, min: 16, max: 120, integer: true } as const;
    expect(codeFor(age, 20.5)).toBe("not_integer");
    expect(codeFor(age, 20)).toBeUndefined();
    expect(codeFor(age, 20.0)).toBeUndefined();
  });

  it("refuses a date after today where the field takes none, today included as allowed", () => {
    const born = { type: "date", required: true, notAfterToday: true } as const;
    expect(codeFor(born, "2030-01-01")).toBe("future_date");
    expect(codeFor(born, "2026-11-28")).toBe("future_date");
    expect(codeFor(born, TODAY)).toBeUndefined();
    expect(codeFor(born, "1990-05-17")).toBeUndefined();
    expect(codeFor({ type: "date", required: true }, "2030-01-01")).toBeUndefined();
  });

  it("counts as today the latest date anywhere on Earth (UTC+14)", () => {
    expect(latestToday(new Date("2026-11-27T09:59:59Z"))).toBe("2026-11-27");
    expect(latestToday(new Date("2026-11-27T10:00:00Z"))).toBe("2026-11-28");
  });

  it("takes real calendar dates written YYYY-MM-DD only", () => {
    const date = { type: "date", required: false } as const;
    expect(codeFor(date, "2024-02-29")).toBeUndefined();
    for (const value of ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "17.04.1991", "2026-4-1", "soon"]) {
      expect(codeFor(date, value), value).toBe("invalid_date");
    }
  });

  it("takes only the field's own options for choices", () => {
    const single = { type: "single_choice", required: false, options: ["Morning", "Evening"] } as const;
    expect(codeFor(single, "Evening")).toBeUndefined();
    expect(codeFor(single, "evening")).toBe("invalid_option");
    expect(codeFor(single, "Night")).toBe("invalid_option");
    const multiple = { type: "multiple_choice", required: false, options: ["Face", "Back"] } as const;
    expect(codeFor(multiple, ["Back"])).toBeUndefined();
    expect(codeFor(multiple, ["Back", "Feet"])).toBe("invalid_option");
  });

  it("requires a required consent box to be ticked; an optional one may be left unticked", () => {
    expect(codeFor({ type: "consent", required: true }, false)).toBe("consent_required");
    expect(codeFor({ type: "consent", required: true }, undefined)).toBe("consent_required");
    expect(codeFor({ type: "consent", required: true }, true)).toBeUndefined();
    expect(valuesOf([{ key: "q", type: "consent", required: false }], { q: false })).toEqual({ q: false });
  });

  it("rejects keys that are not questions of the form, also inherited-looking ones", () => {
    const fields: AnswerableField[] = [{ key: "name", type: "text", required: false }];
    expect(errorsOf(fields, { name: "Maria", nickname: "Mimi", constructor: "x" })).toEqual([
      { key: "nickname", code: "unknown_field" },
      { key: "constructor", code: "unknown_field" },
    ]);
    expect(codeFor({ type: "text", required: true }, undefined)).toBe("required");
    expect(errorsOf([{ key: "toString", type: "text", required: true }], {})).toEqual([
      { key: "toString", code: "required" },
    ]);
  });

  it("reports one error per bad field, in the form's order, unknown keys last", () => {
    const fields: AnswerableField[] = [
      { key: "first", type: "text", required: true },
      { key: "second", type: "number", required: true, max: 3 },
      { key: "fine", type: "yes_no", required: true },
      { key: "third", type: "date", required: false },
    ];
    expect(errorsOf(fields, { extra: 1, third: "tomorrow", second: 4, fine: true })).toEqual([
      { key: "first", code: "required" },
      { key: "second", code: "too_large" },
      { key: "third", code: "invalid_date" },
      { key: "extra", code: "unknown_field" },
    ]);
  });
});

describe("isCalendarDate", () => {
  it("knows leap years and month lengths", () => {
    expect(isCalendarDate("2000-02-29")).toBe(true);
    expect(isCalendarDate("1900-02-29")).toBe(false);
    expect(isCalendarDate("2026-06-30")).toBe(true);
    expect(isCalendarDate("2026-06-31")).toBe(false);
    expect(isCalendarDate(" 2026-06-30")).toBe(false);
  });
});
