import { eq } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { clients } from "@termin/db/account-schema";
import { AppError } from "../http/app-error.ts";
import { refusal } from "../http/refusal.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { checkNewPassword } from "./password-rules.ts";
import { checkLimits, recordEvents } from "./rate-limit.ts";
import { RATE_LIMITS } from "./rate-limit-rules.ts";
import type { SignedInClient } from "./authenticate.ts";
import { revokeClientFamilies } from "./revoke-family.ts";

/**
 * The signed-in client changes their password; their other devices are signed out. An account made by
 * social login has no password yet and sets one without a current password. Wrong current passwords count
 * as failed sign-ins: a stolen access token must not become a way to guess the password.
 */
export async function changePassword(options: {
  db: Database;
  signedIn: SignedInClient;
  currentPassword: string | undefined;
  newPassword: string;
}): Promise<void> {
  const { db, signedIn, newPassword } = options;
  const [client] = await db
    .select({ email: clients.email, passwordHash: clients.passwordHash })
    .from(clients)
    .where(eq(clients.id, signedIn.clientId));
  if (!client) throw new AppError("not_found", "There is no such account.");
  if (client.passwordHash) {
    const failures = RATE_LIMITS.signInFailuresPerAccount(client.email);
    await checkLimits({ db, rules: [failures] });
    if (!options.currentPassword || !(await verifyPassword(client.passwordHash, options.currentPassword))) {
      if (options.currentPassword) await recordEvents({ db, rules: [failures] });
      throw refusal("wrong_password", { pointer: "/current_password" });
    }
  }
  checkNewPassword({ password: newPassword, email: client.email, field: "new_password" });
  await db
    .update(clients)
    .set({ passwordHash: await hashPassword(newPassword) })
    .where(eq(clients.id, signedIn.clientId));
  await revokeClientFamilies({ db, clientId: signedIn.clientId, exceptFamilyId: signedIn.familyId });
}
