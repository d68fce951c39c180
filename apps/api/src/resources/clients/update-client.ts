import { eq } from "drizzle-orm";
import { clients } from "@termin/db/account-schema";
import type { Database } from "@termin/db/database";
import { normalisePhoneNumber } from "@termin/domain/phone-numbers";
import { refusal } from "../../http/refusal.ts";
import type { ClientRow } from "./find-client.ts";
import type { ClientUpdate } from "./parse-client-update.ts";

const PHONE = "/data/attributes/phone";
const PHONE_COUNTRY = "/data/relationships/phoneCountry";

/**
 * The phone number and its country as they will be after the change: a number needs a country (sent now or
 * kept from before) and must be a valid number there. Stored as the national number, digits only.
 */
function checkedPhone(update: ClientUpdate, current: ClientRow): Pick<ClientRow, "phone" | "phoneCountry"> {
  const phone = update.attributes?.phone === undefined ? current.phone : update.attributes.phone;
  const relationship = update.relationships?.phoneCountry;
  const country = relationship === undefined ? current.phoneCountry : (relationship.data?.id ?? null);
  if (phone === null) return { phone: null, phoneCountry: country };
  if (country === null) {
    const pointer = relationship === undefined ? PHONE : PHONE_COUNTRY;
    throw refusal("phone_country_required", { pointer });
  }
  const normalised = normalisePhoneNumber(phone, country);
  if (!normalised) {
    const pointer = update.attributes?.phone === undefined ? PHONE_COUNTRY : PHONE;
    throw refusal("invalid_phone_number", { pointer }, {}, { country });
  }
  // A number typed with another country's "+" code belongs to that country.
  return { phone: normalised.nationalNumber, phoneCountry: normalised.country };
}

/** Applies a validated PATCH to the client's own account (members not sent stay as they are). */
export async function updateClient(options: { db: Database; current: ClientRow; update: ClientUpdate }) {
  const { db, current, update } = options;
  const attributes = update.attributes ?? {};
  const relationships = update.relationships ?? {};
  const phone = checkedPhone(update, current);
  await db
    .update(clients)
    .set({
      firstName: attributes.first_name,
      lastName: attributes.last_name,
      gender: attributes.gender,
      birthdate: attributes.birthdate,
      address: attributes.address,
      city: attributes.city,
      acceptMarketingNotifications: attributes.accept_marketing_notifications,
      acceptOnlineAppointments: attributes.accept_online_appointments,
      language: relationships.language?.data.id,
      country: relationships.country === undefined ? undefined : (relationships.country.data?.id ?? null),
      ...phone,
    })
    .where(eq(clients.id, current.id));
}
