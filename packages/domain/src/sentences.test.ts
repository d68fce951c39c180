import { describe, expect, it } from "vitest";
import { sentence, valueBefore } from "./sentences.ts";

describe("full stops", () => {
  it("ends a sentence once", () => {
    expect(sentence("Booked for 11:00 p.m.")).toBe("Booked for 11:00 p.m.");
    expect(sentence("Booked for 23:00")).toBe("Booked for 23:00.");
  });

  it("lets a value's final abbreviation stand for the text's full stop after it", () => {
    expect(valueBefore("11:00 μ.μ.", ".")).toBe("11:00 μ.μ");
    expect(valueBefore("11:00 μ.μ.", " ok")).toBe("11:00 μ.μ.");
    expect(valueBefore("23:00", ".")).toBe("23:00");
  });
});
