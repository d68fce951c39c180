import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { clients } from "@termin/db/account-schema";
import { AppError } from "../http/app-error.ts";
import { issueTokens, type TokenResponse } from "./issue-tokens.ts";
import { normaliseEmail } from "./normalise-email.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";

export const WRONG_CREDENTIALS = "The e-mail or password is not correct.";

/**
 * Checked when no account has the e-mail, so an unknown address costs the same argon2 time as a wrong
 * password: the answer's timing must not reveal which addresses have accounts.
 */
let dummyHash: Promise<string> | undefined;
const unknownAccountHash = () => (dummyHash ??= hashPassword("no account has this password"));

/** The resource owner password grant: a new sign-in (token family) for the right e-mail and password. */
export async function signInWithPassword(options: {
  db: Database;
  email: string;
  password: string;
  /** Called after a wrong e-mail or password, before answering (the rate limiter counts failures). */
  onFailure?: () => Promise<void>;
}): Promise<TokenResponse> {
  const { db, password } = options;
  const [client] = await db
    .select({ id: clients.id, passwordHash: clients.passwordHash })
    .from(clients)
    .where(and(eq(clients.email, normaliseEmail(options.email)), isNull(clients.deletedAt)))
    .limit(1);
  // Accounts made by social login have no password: they fail like an unknown address.
  const hash = client?.passwordHash ?? (await unknownAccountHash());
  const matches = await verifyPassword(hash, password);
  if (!client?.passwordHash || !matches) {
    await options.onFailure?.();
    throw new AppError("invalid_grant", WRONG_CREDENTIALS);
  }
  return issueTokens({ db, clientId: client.id });
}
