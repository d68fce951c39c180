/** A same-site path to return to after signing in; anything else (other sites, `//host`) falls back. */
export function safeReturnPath(value: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof value !== "string") return fallback;
  return value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : fallback;
}
