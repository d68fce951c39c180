import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError } from "../http/app-error.ts";
import { normaliseEmail } from "./normalise-email.ts";

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only keeps argon2's input (and a request's cost) bounded. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The ~18,000 passwords of at least the minimum length in zxcvbn-ts's list of the most common ones (from
 * leaked password sets): the first guesses of any attacker. Built on first use; lower-cased, as the list is.
 */
let commonPasswords: Set<string> | undefined;
function isCommon(password: string): boolean {
  commonPasswords ??= new Set(
    dictionary["passwords-common"].filter((entry) => [...entry].length >= PASSWORD_MIN_LENGTH),
  );
  return commonPasswords.has(password.toLowerCase());
}

/** Why a new password is refused, or undefined when it is acceptable (NIST SP 800-63B section 3.1.1.2). */
export function passwordProblem(password: string, email: string): string | undefined {
  // Characters, not UTF-16 units: an emoji counts once.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `The password must have at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (normaliseEmail(password) === normaliseEmail(email)) return "The password must not be your e-mail address.";
  if (isCommon(password)) return "This password is too common. Please choose another.";
  return undefined;
}

/** Throws 422 at `field` when the new password is not acceptable. */
export function checkNewPassword(options: { password: string; email: string; field: string }): void {
  const problem = passwordProblem(options.password, options.email);
  if (problem) throw new AppError("invalid_body", problem, { pointer: `/${options.field}` });
}
