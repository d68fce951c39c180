import { eq } from "drizzle-orm";
import type { AppConfig } from "@termin/config/env";
import type { Database } from "@termin/db/database";
import { clients } from "@termin/db/account-schema";
import { AppError } from "../http/app-error.ts";
import type { Mailer } from "../mail/mailer.ts";
import { mailAccountLink } from "./mail-account-link.ts";
import { limit } from "./rate-limit.ts";
import { RATE_LIMITS } from "./rate-limit-rules.ts";

/** Mails the signed-in client a new link to confirm their address (a few an hour at most). */
export async function resendVerificationEmail(options: {
  db: Database;
  mailer: Mailer;
  config: AppConfig;
  clientId: string;
}): Promise<void> {
  const { db, clientId } = options;
  const [client] = await db
    .select({
      email: clients.email,
      firstName: clients.firstName,
      language: clients.language,
      verifiedAt: clients.emailVerifiedAt,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) throw new AppError("not_found", "There is no such account.");
  if (client.verifiedAt) throw new AppError("conflict", "Your e-mail address is already confirmed.");
  await limit({ db, rules: [RATE_LIMITS.verificationMailsPerAccount(clientId)] });
  await mailAccountLink({ ...options, client: { ...client, clientId }, purpose: "verify_email" });
}
