import { eq, sql } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { clients } from "@termin/db/account-schema";
import { findOneTimeToken, spendOneTimeToken } from "./one-time-tokens.ts";
import { hashPassword } from "./passwords.ts";
import { checkNewPassword } from "./password-rules.ts";
import { revokeClientFamilies } from "./revoke-family.ts";

/**
 * A new password through an e-mailed reset link. Opening the link proves the address, so it counts as
 * verified; every sign-in of the account ends (whoever knew the old password is signed out).
 */
export async function resetPassword(options: { db: Database; token: string; password: string }): Promise<void> {
  const { db, token, password } = options;
  const now = new Date();
  // Checked before spending the link: a refused password must not use up the mail.
  const { email } = await findOneTimeToken({ db, token, purpose: "reset_password", now });
  checkNewPassword({ password, email, field: "password" });
  const passwordHash = await hashPassword(password);
  const clientId = await spendOneTimeToken({ db, token, purpose: "reset_password", now });
  await db
    .update(clients)
    .set({
      passwordHash,
      emailVerifiedAt: sql`coalesce(${clients.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(clients.id, clientId));
  await revokeClientFamilies({ db, clientId, now });
}
