import type { Gender } from "@termin/contracts/client-resources";

/** The profile form's fields, as the form sends them (and as they are shown again after an error). */
export interface ProfileValues {
  first_name: string;
  last_name: string;
  phone: string;
  phone_country: string;
  gender: "" | Gender;
  birthdate: string;
  address: string;
  city: string;
  country: string;
  language: string;
  accept_marketing_notifications: boolean;
  accept_online_appointments: boolean;
}

const TEXT_FIELDS = [
  "first_name",
  "last_name",
  "phone",
  "phone_country",
  "gender",
  "birthdate",
  "address",
  "city",
  "country",
  "language",
] as const;

/** The profile form's values from a submission: texts trimmed, switches on when sent. */
export function profileValuesFrom(form: FormData): ProfileValues {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const values = Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(name)]));
  return {
    ...(values as Omit<ProfileValues, "accept_marketing_notifications" | "accept_online_appointments">),
    accept_marketing_notifications: form.get("accept_marketing_notifications") === "on",
    accept_online_appointments: form.get("accept_online_appointments") === "on",
  };
}

const countries = (code: string) => ({ data: code ? { type: "countries", id: code } : null });

/**
 * The JSON:API PATCH document for the values: empty optional fields are cleared. Without a number the phone
 * country is left as it was (the select always has one chosen, which means nothing on its own).
 */
export function profileDocument(id: string, values: ProfileValues) {
  return {
    data: {
      type: "clients",
      id,
      attributes: {
        first_name: values.first_name,
        last_name: values.last_name,
        phone: values.phone || null,
        gender: values.gender || null,
        birthdate: values.birthdate || null,
        address: values.address || null,
        city: values.city || null,
        accept_marketing_notifications: values.accept_marketing_notifications,
        accept_online_appointments: values.accept_online_appointments,
      },
      relationships: {
        language: { data: { type: "languages", id: values.language } },
        country: countries(values.country),
        ...(values.phone ? { phoneCountry: countries(values.phone_country) } : {}),
      },
    },
  };
}
