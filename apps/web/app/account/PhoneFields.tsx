import { useId } from "react";
import { COUNTRY_OF_LANGUAGE } from "../lib/country-of-language.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { FieldError } from "../ui/form/Field.tsx";

export interface PhoneCountryOption {
  code: string;
  name: string;
  phoneCode: string;
}

/**
 * A phone number as the spec shows it: '+' and the country's calling code, then the national number.
 * The country is a select (named fields phone_country and phone).
 */
export function PhoneFields(props: {
  countries: PhoneCountryOption[];
  defaultCountry?: string | null | undefined;
  defaultPhone?: string | null | undefined;
  error?: string | undefined;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const id = useId();
  const errorId = props.error ? `${id}-error` : undefined;
  return (
    <fieldset className={["field", "phone-fields", props.error ? "field--invalid" : null].filter(Boolean).join(" ")}>
      <legend className="field__label">{t("account.phone")}</legend>
      <div className="phone-fields__row">
        <div className="phone-fields__country">
          <label className="visually-hidden" htmlFor={`${id}-country`}>
            {t("account.phoneCountry")}
          </label>
          <select
            id={`${id}-country`}
            name="phone_country"
            defaultValue={props.defaultCountry || COUNTRY_OF_LANGUAGE[language]}
            aria-describedby={errorId}
          >
            {props.countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name} (+{country.phoneCode})
              </option>
            ))}
          </select>
        </div>
        <div className="phone-fields__number">
          <label className="visually-hidden" htmlFor={`${id}-number`}>
            {t("account.phoneNumber")}
          </label>
          <input
            id={`${id}-number`}
            className="field__input"
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            required={props.required}
            defaultValue={props.defaultPhone ?? undefined}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={errorId}
          />
        </div>
      </div>
      <FieldError id={errorId} message={props.error} />
    </fieldset>
  );
}
