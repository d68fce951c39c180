import { and, eq, isNull } from "drizzle-orm";
import type { AppConfig } from "@termin/config/env";
import type { Database } from "@termin/db/database";
import { clients } from "@termin/db/account-schema";
import type { Mailer } from "../mail/mailer.ts";
import { mailAccountLink } from "./mail-account-link.ts";
import { limit } from "./rate-limit.ts";
import { RATE_LIMITS } from "./rate-limit-rules.ts";

/**
 * "Forgot password": mails a reset link when an account has the address. The caller answers the same
 * either way (no enumeration), and the mail goes out after the answer, so its time does not tell either.
 * The mail is in the account's language, as its booking mails are, not the language of the page asked from:
 * whoever reads it is the account's owner, and a page's language is often just the browser's default.
 */
export async function requestPasswordReset(options: {
  db: Database;
  mailer: Mailer;
  config: AppConfig;
  /** Trimmed and lower-cased. */
  email: string;
  ip: string;
  log: { error(obj: object, msg: string): void };
}): Promise<void> {
  const { db, email } = options;
  await limit({
    db,
    rules: [RATE_LIMITS.passwordResetsPerAccount(email), RATE_LIMITS.passwordResetsPerIp(options.ip)],
  });
  const [client] = await db
    .select({ clientId: clients.id, email: clients.email, firstName: clients.firstName, language: clients.language })
    .from(clients)
    .where(and(eq(clients.email, email), isNull(clients.deletedAt)))
    .limit(1);
  if (!client) return;
  void mailAccountLink({ ...options, client, purpose: "reset_password" }).catch((error: unknown) =>
    options.log.error({ err: error }, "Password reset: the mail could not be sent"),
  );
}
