import type { ResourceObject } from "./jsonapi.ts";

export const GENDERS = ["female", "male", "other"] as const;
export type Gender = (typeof GENDERS)[number];

/**
 * `clients` (spec section 3): the signed-in person's own account. `active` and `favorite` are the business's
 * marks on the client: readable, never writable by the client.
 * Relationships: avatar (`avatars`, with a `links.self` image URL), language (`languages`, id = code),
 * country and phoneCountry (`countries`, id = ISO 3166-1 alpha-2; attribute phone_code).
 */
export interface ClientAttributes {
  first_name: string;
  last_name: string;
  email: string;
  email_verified: boolean;
  /** National number, digits only; shown as '+' + phone country's code + number. */
  phone: string | null;
  gender: Gender | null;
  /** YYYY-MM-DD */
  birthdate: string | null;
  address: string | null;
  city: string | null;
  accept_marketing_notifications: boolean;
  accept_online_appointments: boolean;
  active: boolean;
  favorite: boolean;
  deleted_at: string | null;
  /** Whether a password is set (accounts made by social login have none until they set one). */
  has_password: boolean;
}
export type ClientResource = ResourceObject<"clients", ClientAttributes>;

export interface CountryAttributes {
  /** Calling code without '+', e.g. "359". */
  phone_code: string;
}
export type CountryResource = ResourceObject<"countries", CountryAttributes>;

/** The avatar of a client; its picture is served at `/avatars/{id}?s={size}`. */
export interface AvatarAttributes {
  url: string;
}
export type AvatarResource = ResourceObject<"avatars", AvatarAttributes>;
