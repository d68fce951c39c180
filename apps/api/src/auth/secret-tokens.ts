import { createHash, randomBytes } from "node:crypto";

/** 256 bits of randomness, URL-safe: access, refresh and e-mailed one-time tokens. */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Tokens are stored only as this hash. SHA-256 is enough (no salt, no slow hash): the tokens are random
 * and long, so there is nothing to guess, and lookups must be fast on every request.
 */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
