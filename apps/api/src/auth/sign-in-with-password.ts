import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { clients } from "@termin/db/account-schema";
import { AppError } from "../http/app-error.ts";
import { issueTokens, type OAuthGrant, type TokenResponse } from "./issue-tokens.ts";
import { normaliseEmail } from "./normalise-email.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { checkLimits, recordEvents } from "./rate-limit.ts";
import { RATE_LIMITS } from "./rate-limit-rules.ts";

export const WRONG_CREDENTIALS = "The e-mail or password is not correct.";

/**
 * Checked when no account has the e-mail, so an unknown address costs the same argon2 time as a wrong
 * password: the answer's timing must not reveal which addresses have accounts.
 */
let dummyHash: Promise<string> | undefined;
const unknownAccountHash = () => (dummyHash ??= hashPassword("no account has this password"));

/**
 * The resource owner password grant: a new sign-in (token family) for the right e-mail and password.
 * Rate-limited per IP (every attempt) and per e-mail address (failures only, so the owner signing in is never
 * blocked by their own successes).
 */
export async function signInWithPassword(options: {
  db: Database;
  email: string;
  password: string;
  ip: string;
  attemptsPerIpPerMinute: number;
  /** A first-party OAuth client signing in with the password (the native app); none for the web app. */
  oauth?: OAuthGrant | undefined;
}): Promise<TokenResponse> {
  const { db, password } = options;
  const email = normaliseEmail(options.email);
  const perIp = RATE_LIMITS.signInAttemptsPerIp(options.ip, options.attemptsPerIpPerMinute);
  const perAccount = RATE_LIMITS.signInFailuresPerAccount(email);
  await checkLimits({ db, rules: [perIp, perAccount] });
  await recordEvents({ db, rules: [perIp] });

  const [client] = await db
    .select({ id: clients.id, passwordHash: clients.passwordHash })
    .from(clients)
    .where(and(eq(clients.email, email), isNull(clients.deletedAt)))
    .limit(1);
  // Accounts made by social login have no password: they fail like an unknown address.
  const hash = client?.passwordHash ?? (await unknownAccountHash());
  const matches = await verifyPassword(hash, password);
  if (!client?.passwordHash || !matches) {
    await recordEvents({ db, rules: [perAccount] });
    throw new AppError("invalid_grant", WRONG_CREDENTIALS);
  }
  return issueTokens({ db, clientId: client.id, ...(options.oauth ? { oauth: options.oauth } : {}) });
}
