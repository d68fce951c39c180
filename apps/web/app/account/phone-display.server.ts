/**
 * A phone number as the spec shows it (section 3, clients): '+' and the phone country's calling code, then
 * the national number, e.g. "+359 881234567". Null when there is no number, or no code to show it with.
 */
export function phoneDisplay(phone: string | null | undefined, phoneCode: string | null | undefined): string | null {
  if (!phone || !phoneCode) return null;
  return `+${phoneCode} ${phone}`;
}
