import type { ClientResource } from "@termin/contracts/client-resources";
import { toOne } from "../../jsonapi/relationships.ts";
import type { ClientRow } from "./find-client.ts";

export const clientAttributes = [
  "first_name",
  "last_name",
  "email",
  "email_verified",
  "phone",
  "gender",
  "birthdate",
  "address",
  "city",
  "accept_marketing_notifications",
  "accept_online_appointments",
  "active",
  "favorite",
  "deleted_at",
  "has_password",
] as const;

export function toClientResource(row: ClientRow): ClientResource {
  return {
    type: "clients",
    id: row.id,
    attributes: {
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      email_verified: row.emailVerifiedAt !== null,
      phone: row.phone,
      gender: row.gender,
      birthdate: row.birthdate,
      address: row.address,
      city: row.city,
      accept_marketing_notifications: row.acceptMarketingNotifications,
      accept_online_appointments: row.acceptOnlineAppointments,
      active: row.active,
      favorite: row.favorite,
      deleted_at: row.deletedAt?.toISOString() ?? null,
      has_password: row.passwordHash !== null,
    },
    relationships: {
      avatar: toOne("avatars", row.avatarId),
      language: toOne("languages", row.language),
      country: toOne("countries", row.country),
      phoneCountry: toOne("countries", row.phoneCountry),
    },
    links: { self: `/v1c/clients/${row.id}` },
  };
}
