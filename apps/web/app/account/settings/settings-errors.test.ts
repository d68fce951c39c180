import { describe, expect, it } from "vitest";
import type { Translate } from "../../i18n/i18n.ts";
import { profileFormErrors } from "./settings-errors.ts";

const t = ((key: string) => `«${key}»`) as Translate;
const error = (pointer: string) => ({
  status: "422",
  code: "invalid_body",
  detail: "English detail",
  source: { pointer },
});

describe("profileFormErrors", () => {
  it("puts each error at its field, in our own words, attributes and relationships alike", () => {
    const { fields, form } = profileFormErrors(
      [
        error("/data/attributes/first_name"),
        error("/data/attributes/birthdate"),
        error("/data/relationships/phoneCountry/data/id"),
        error("/data/relationships/country/data/id"),
        error("/data/relationships/language"),
      ],
      t,
    );
    expect(fields).toEqual({
      first_name: "«settings.errors.firstName»",
      birthdate: "«settings.errors.birthdate»",
      phone_country: "«settings.errors.phone»",
      country: "«settings.errors.country»",
      language: "«settings.errors.language»",
    });
    expect(form).toBeUndefined();
  });

  it("says the rest once for the whole form (read-only or unknown members, a bad document)", () => {
    const { fields, form } = profileFormErrors([error("/data/attributes/email"), error("/data")], t);
    expect(fields).toEqual({});
    expect(form).toBe("«settings.errors.generic»");
  });
});
