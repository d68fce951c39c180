import type { AvatarResource, ClientResource, CountryResource, Gender } from "@termin/contracts/client-resources";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import type { ApiClient } from "../../api/client.ts";
import { Included } from "../../api/included.ts";
import type { PhoneCountryOption } from "../PhoneFields.tsx";
import { loadPhoneCountries } from "../phone-countries.ts";
import { phoneDisplay, phoneForEditing } from "../phone-display.ts";

/** The signed-in client's account as the settings page shows and edits it. */
export interface SettingsProfile {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  emailVerified: boolean;
  hasPassword: boolean;
  /** The number as typed at home ("088 123 4567"), and the whole number as shown ("+359 88 123 4567"). */
  phone: string | null;
  phoneCountry: string | null;
  phoneShown: string | null;
  gender: Gender | null;
  birthdate: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  language: string;
  avatarUrl: string | null;
  acceptMarketingNotifications: boolean;
  acceptOnlineAppointments: boolean;
  active: boolean;
  favorite: boolean;
}

const linkedId = (client: ClientResource, name: string): string | null => {
  const data = client.relationships?.[name]?.data;
  return data && !Array.isArray(data) ? data.id : null;
};

/** The account (with its picture and phone country) and the countries to choose from, in parallel. */
export async function loadSettings(
  api: ApiClient,
): Promise<{ profile: SettingsProfile; countries: PhoneCountryOption[] }> {
  const [document, countries] = await Promise.all([
    api.get<SingleDocument<ClientResource>>("clients/me", { include: "avatar,phoneCountry" }),
    loadPhoneCountries(api),
  ]);
  const client = document.data;
  const a = client.attributes;
  const included = new Included(document.included);
  const phoneCountry = included.one<CountryResource>(client, "phoneCountry", "countries");
  const stored = { phone: a.phone, country: phoneCountry?.id, callingCode: phoneCountry?.attributes.phone_code };
  return {
    countries,
    profile: {
      id: client.id,
      firstName: a.first_name,
      lastName: a.last_name,
      email: a.email,
      emailVerified: a.email_verified,
      hasPassword: a.has_password,
      phone: phoneForEditing(stored),
      phoneCountry: linkedId(client, "phoneCountry"),
      phoneShown: phoneDisplay(stored),
      gender: a.gender,
      birthdate: a.birthdate,
      address: a.address,
      city: a.city,
      country: linkedId(client, "country"),
      language: linkedId(client, "language") ?? "en",
      avatarUrl: included.one<AvatarResource>(client, "avatar", "avatars")?.attributes.url ?? null,
      acceptMarketingNotifications: a.accept_marketing_notifications,
      acceptOnlineAppointments: a.accept_online_appointments,
      active: a.active,
      favorite: a.favorite,
    },
  };
}
