import { formatPhoneNumber } from "@termin/domain/phone-numbers";

/** A client's stored phone: the national number (digits) and its country (ISO code and calling code). */
export interface StoredPhone {
  phone: string | null | undefined;
  country: string | null | undefined;
  callingCode: string | null | undefined;
}

/**
 * A phone number as the spec shows it (clients: '+' and the phone country's calling code), grouped as its country
 * writes numbers: "+359 88 123 4567". Null when there is no number, or no code to show it with. Called by page data
 * only (`load`), never by a component: the web's browsers never get libphonenumber's numbering plans, too large to
 * send for one number; the native app's bundle, installed once, carries them.
 */
export function phoneDisplay({ phone, country, callingCode }: StoredPhone): string | null {
  if (!phone || !callingCode) return null;
  return (country && formatPhoneNumber(phone, country, "international")) || `+${callingCode} ${phone}`;
}

/** The number as it is typed at home, for the field that edits it: "088 123 4567". */
export function phoneForEditing({ phone, country }: StoredPhone): string | null {
  if (!phone) return null;
  return (country && formatPhoneNumber(phone, country, "national")) || phone;
}
