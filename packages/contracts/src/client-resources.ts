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
  /** In the request's language (Accept-Language), e.g. "България" in Bulgarian. */
  name: string;
  /** Calling code without '+', e.g. "359". */
  phone_code: string;
}
export type CountryResource = ResourceObject<"countries", CountryAttributes>;

/** Square sides, in pixels, the avatar endpoint (`GET /avatars/:id?s=`) renders; uploads are stored at the largest. */
export const AVATAR_SIZES = [48, 96, 192, 512] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];

/** What `PUT /v1c/clients/:id/avatar` accepts as its raw body. */
export const AVATAR_UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const AVATAR_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** The avatar of a client; its picture is served at `/avatars/{id}?s={size}`. */
export interface AvatarAttributes {
  url: string;
}
export type AvatarResource = ResourceObject<"avatars", AvatarAttributes>;
