import { createHash, timingSafeEqual } from "node:crypto";

/** RFC 7636 section 4.1: 43 to 128 unreserved characters. A challenge (S256) is 43 base64url characters. */
export const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** Whether `verifier` is the one whose S256 challenge is `challenge`: BASE64URL(SHA-256(verifier)). */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(createHash("sha256").update(verifier, "ascii").digest("base64url"));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
}
