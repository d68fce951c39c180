import { GENDERS } from "@termin/contracts/client-resources";
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import type { TranslationKey } from "../../i18n/i18n.ts";
import { useToast } from "../../ui/toast/toast-context.ts";
import { Field, FieldError, FormAlert } from "../../ui/form/Field.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { PhoneFields, type PhoneCountryOption } from "../PhoneFields.tsx";
import type { SettingsProfile } from "./load-settings.ts";
import type { SettingsAnswer } from "./settings-answer.ts";
import { SettingsSwitch } from "./SettingsSwitch.tsx";
import { useSectionForm } from "./use-section-form.ts";

const GENDER_LABELS: Record<(typeof GENDERS)[number] | "", TranslationKey> = {
  female: "settings.gender.female",
  male: "settings.gender.male",
  other: "settings.gender.other",
  "": "settings.gender.unsaid",
};

/** Every field of the client's profile a client may change, saved together (PATCH). */
export function ProfileForm(props: {
  profile: SettingsProfile;
  countries: PhoneCountryOption[];
  birthdateRange: { min: string; max: string };
  pageAnswer: SettingsAnswer | undefined;
}) {
  const { t } = useTranslation();
  const showToast = useToast();
  const { fetcher, answer, pending } = useSectionForm("profile", props.pageAnswer, (received) => {
    if (received.ok) showToast({ body: t("settings.saved"), color: "success" });
  });
  const { profile } = props;
  const failed = answer && !answer.ok ? answer : undefined;
  const errors = failed?.errors.fields ?? {};
  // After an error the form shows what was sent, not what is stored.
  const values = failed?.values;
  const genderErrorId = errors.gender ? "settings-gender-error" : undefined;
  return (
    <fetcher.Form method="post" className="form-stack settings-form" aria-labelledby="settings-profile-heading">
      <h2 id="settings-profile-heading">{t("settings.profile.title")}</h2>
      <FormAlert message={failed?.errors.form} />
      <input type="hidden" name="intent" value="profile" />
      <Field
        label={t("account.firstName")}
        name="first_name"
        autoComplete="given-name"
        required
        maxLength={100}
        defaultValue={values?.first_name ?? profile.firstName}
        error={errors.first_name}
      />
      <Field
        label={t("account.lastName")}
        name="last_name"
        autoComplete="family-name"
        required
        maxLength={100}
        defaultValue={values?.last_name ?? profile.lastName}
        error={errors.last_name}
      />
      <PhoneFields
        countries={props.countries}
        defaultCountry={values?.phone_country ?? profile.phoneCountry}
        defaultPhone={values?.phone ?? profile.phone}
        error={errors.phone ?? errors.phone_country}
      />
      <fieldset
        className={["field", errors.gender ? "field--invalid" : null].filter(Boolean).join(" ")}
        aria-describedby={genderErrorId}
      >
        <legend className="field__label">{t("settings.gender.label")}</legend>
        <div className="settings-choices">
          {(["", ...GENDERS] as const).map((gender) => (
            <label key={gender || "unsaid"} className="check">
              <input
                type="radio"
                name="gender"
                value={gender}
                defaultChecked={(values?.gender ?? profile.gender ?? "") === gender}
              />
              <span>{t(GENDER_LABELS[gender])}</span>
            </label>
          ))}
        </div>
        <FieldError id={genderErrorId} message={errors.gender} />
      </fieldset>
      <Field
        label={t("settings.birthdate")}
        name="birthdate"
        type="date"
        autoComplete="bday"
        min={props.birthdateRange.min}
        max={props.birthdateRange.max}
        defaultValue={values?.birthdate ?? profile.birthdate ?? ""}
        error={errors.birthdate}
      />
      <Field
        label={t("settings.address")}
        name="address"
        autoComplete="street-address"
        maxLength={200}
        defaultValue={values?.address ?? profile.address ?? ""}
        error={errors.address}
      />
      <Field
        label={t("settings.city")}
        name="city"
        autoComplete="address-level2"
        maxLength={100}
        defaultValue={values?.city ?? profile.city ?? ""}
        error={errors.city}
      />
      <SelectField
        label={t("settings.country")}
        name="country"
        error={errors.country}
        defaultValue={values?.country ?? profile.country ?? ""}
      >
        <option value="">{t("settings.notSet")}</option>
        {props.countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t("settings.language")}
        name="language"
        hint={t("settings.languageHint")}
        error={errors.language}
        defaultValue={values?.language ?? profile.language}
      >
        {SUPPORTED_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </SelectField>
      <SettingsSwitch
        name="accept_marketing_notifications"
        label={t("settings.marketing")}
        hint={t("settings.marketingHint")}
        defaultChecked={values?.accept_marketing_notifications ?? profile.acceptMarketingNotifications}
      />
      <SettingsSwitch
        name="accept_online_appointments"
        label={t("settings.onlineAppointments")}
        hint={t("settings.onlineAppointmentsHint")}
        defaultChecked={values?.accept_online_appointments ?? profile.acceptOnlineAppointments}
      />
      <SubmitButton className="button" pending={pending}>
        {t("settings.save")}
      </SubmitButton>
    </fetcher.Form>
  );
}

function SelectField(props: {
  label: string;
  name: string;
  hint?: string;
  error: string | undefined;
  defaultValue: string;
  children: React.ReactNode;
}) {
  const id = `settings-${props.name}`;
  const hintId = props.hint ? `${id}-hint` : undefined;
  const errorId = props.error ? `${id}-error` : undefined;
  return (
    <div className={["field", props.error ? "field--invalid" : null].filter(Boolean).join(" ")}>
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      {props.hint ? (
        <p className="field__hint" id={hintId}>
          {props.hint}
        </p>
      ) : null}
      <select
        id={id}
        name={props.name}
        defaultValue={props.defaultValue}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
      >
        {props.children}
      </select>
      <FieldError id={errorId} message={props.error} />
    </div>
  );
}
