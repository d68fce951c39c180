import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import { ACCOUNT_MAIL_TEXTS, type AccountMailKind } from "./account-mail-texts.ts";

const KINDS: AccountMailKind[] = ["verify_email", "reset_password"];
const KIND_TEXTS = ["subject", "paragraph", "action", "expiry", "notYou"] as const;

/** Every text of a language, keyed by a readable path. */
function textsOf(language: (typeof SUPPORTED_LANGUAGES)[number]): Record<string, string> {
  const texts = ACCOUNT_MAIL_TEXTS[language];
  return {
    greeting: texts.greeting,
    linkHint: texts.linkHint,
    signature: texts.signature,
    ...Object.fromEntries(KINDS.flatMap((kind) => KIND_TEXTS.map((key) => [`${kind}.${key}`, texts.kinds[kind][key]]))),
  };
}

describe("account mail texts", () => {
  it.each(SUPPORTED_LANGUAGES)("%s has every text, filled in", (language) => {
    const texts = textsOf(language);
    expect(Object.keys(texts)).toHaveLength(3 + KINDS.length * KIND_TEXTS.length);
    for (const [key, value] of Object.entries(texts)) {
      expect(value.trim(), `${language} ${key}`).not.toBe("");
    }
  });

  it.each(SUPPORTED_LANGUAGES)(
    "%s greets by name, signs with the product name, uses no unknown placeholder",
    (language) => {
      const texts = textsOf(language);
      expect(texts.greeting).toContain("{name}");
      expect(texts.signature).toContain("{appName}");
      for (const [key, value] of Object.entries(texts)) {
        const placeholders = [...value.matchAll(/\{\w+\}/g)].map(([placeholder]) => placeholder);
        const allowed = key === "greeting" ? ["{name}"] : ["{appName}"];
        expect(
          placeholders.filter((name) => !allowed.includes(name)),
          `${language} ${key}`,
        ).toEqual([]);
      }
    },
  );

  it.each(SUPPORTED_LANGUAGES.filter((language) => language !== "en"))(
    "%s is translated, not English left in place",
    (language) => {
      const english = textsOf("en");
      for (const [key, value] of Object.entries(textsOf(language))) {
        expect(value, `${language} ${key}`).not.toBe(english[key]);
      }
    },
  );

  it.each(SUPPORTED_LANGUAGES)("%s states the two lifetimes: 24 hours and 1 hour", (language) => {
    const { verify_email, reset_password } = ACCOUNT_MAIL_TEXTS[language].kinds;
    expect(verify_email.expiry).toContain("24");
    // Romanian writes "o oră" (one hour) in words.
    expect(reset_password.expiry).toMatch(language === "ro" ? /o oră/ : /\b1\b/);
  });
});
