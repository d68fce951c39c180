import { describe, expect, it } from "vitest";
import { passwordProblem } from "./password-rules.ts";

const EMAIL = "mila.petrova@example.test";

describe("passwordProblem", () => {
  it("accepts long, uncommon passwords, passphrases with spaces and any script", () => {
    for (const password of [
      "a lilac door in winter",
      "Zq7!mWp2",
      "пролетна-градина-7",
      "🌸🌸🌸🌸🌸🌸🌸🌸",
      "x".repeat(128),
    ]) {
      expect(passwordProblem(password, EMAIL), password).toBeUndefined();
    }
  });

  it("counts characters, not UTF-16 units", () => {
    expect(passwordProblem("🌸".repeat(7), EMAIL)).toMatch(/at least 8/);
    expect(passwordProblem("🌸".repeat(128), EMAIL)).toBeUndefined();
    expect(passwordProblem("🌸".repeat(129), EMAIL)).toMatch(/at most 128/);
  });

  it("refuses short ones, the e-mail address in any case, and common passwords in any case", () => {
    expect(passwordProblem("Zq7!mWp", EMAIL)).toMatch(/at least 8/);
    expect(passwordProblem(` ${EMAIL.toUpperCase()} `, EMAIL)).toMatch(/e-mail/);
    for (const common of ["password", "PASSWORD1", "iloveyou", "qwertyuiop", "12345678"]) {
      expect(passwordProblem(common, EMAIL), common).toMatch(/too common/);
    }
  });
});
