import type { RateLimitRule } from "./rate-limit.ts";

/**
 * The limits on account endpoints. E-mail buckets use the normalised address whether or not an account has
 * it, so a limit reached says nothing about which addresses exist.
 */
export const RATE_LIMITS = {
  /** Password guessing against one account, from anywhere. */
  signInFailuresPerAccount: (email: string): RateLimitRule => ({
    bucket: `sign-in-failure:${email}`,
    max: 10,
    windowSeconds: 15 * 60,
  }),
  /** Guessing across many accounts from one address (20 a minute unless configured). */
  signInAttemptsPerIp: (ip: string, max: number): RateLimitRule => ({
    bucket: `sign-in:${ip}`,
    max,
    windowSeconds: 60,
  }),
  /** Reset mails: a person needs one or two; more would be mail bombing. */
  passwordResetsPerAccount: (email: string): RateLimitRule => ({
    bucket: `password-reset:${email}`,
    max: 5,
    windowSeconds: 60 * 60,
  }),
  passwordResetsPerIp: (ip: string): RateLimitRule => ({
    bucket: `password-reset-ip:${ip}`,
    max: 20,
    windowSeconds: 60 * 60,
  }),
  verificationMailsPerAccount: (clientId: string): RateLimitRule => ({
    bucket: `verify-email:${clientId}`,
    max: 5,
    windowSeconds: 60 * 60,
  }),
} as const;
