import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { clients, socialIdentities } from "@termin/db/account-schema";
import type { Language } from "@termin/domain/languages";
import { AppError } from "../http/app-error.ts";
import { normaliseEmail } from "./normalise-email.ts";

/** What a provider's verified ID token says about the person signing in. */
export interface SocialProfile {
  provider: "google";
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

const UNIQUE_VIOLATION = "23505";

const isUniqueViolation = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION;

/**
 * The client a social sign-in acts for: the one this provider account signed in as before; else the live
 * account with the same e-mail address when both the provider and we have verified it (linked from now on);
 * else a new account without a password. `language` is the new account's language.
 */
export async function findOrCreateSocialClient(options: {
  db: Database;
  profile: SocialProfile;
  language: Language;
  now?: Date;
}): Promise<string> {
  try {
    return await resolveClient(options);
  } catch (error) {
    // A first sign-in of the same person at the same moment (two tabs, two devices) inserted its rows
    // first: they are there now, so the second attempt finds them.
    if (!isUniqueViolation(error)) throw error;
    return resolveClient(options);
  }
}

async function resolveClient(options: {
  db: Database;
  profile: SocialProfile;
  language: Language;
  now?: Date;
}): Promise<string> {
  const { db, profile, language } = options;
  const [linked] = await db
    .select({ id: clients.id, deletedAt: clients.deletedAt })
    .from(socialIdentities)
    .innerJoin(clients, eq(clients.id, socialIdentities.clientId))
    .where(and(eq(socialIdentities.provider, profile.provider), eq(socialIdentities.subject, profile.subject)))
    .limit(1);
  if (linked) {
    if (linked.deletedAt)
      throw new AppError("account_deleted", "The account this Google account signs in to was deleted.");
    return linked.id;
  }

  const email = normaliseEmail(profile.email);
  const [existing] = await db
    .select({ id: clients.id, emailVerifiedAt: clients.emailVerifiedAt })
    .from(clients)
    .where(and(eq(clients.email, email), isNull(clients.deletedAt)))
    .limit(1);
  if (existing) {
    // Linking needs proof from both sides: otherwise whoever signed up first with someone else's unconfirmed
    // address (or a provider vouching for nothing) would share that person's account.
    if (!profile.emailVerified || !existing.emailVerifiedAt) {
      throw new AppError(
        "conflict",
        "An account with this e-mail address already exists. Sign in with your e-mail and password.",
      );
    }
    await db
      .insert(socialIdentities)
      .values({ provider: profile.provider, subject: profile.subject, clientId: existing.id });
    return existing.id;
  }

  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(clients)
      .values({
        email,
        emailVerifiedAt: profile.emailVerified ? (options.now ?? new Date()) : null,
        firstName: profile.firstName,
        lastName: profile.lastName,
        language,
      })
      .returning({ id: clients.id });
    if (!created) throw new Error("Inserting a client returned no row");
    await tx
      .insert(socialIdentities)
      .values({ provider: profile.provider, subject: profile.subject, clientId: created.id });
    return created.id;
  });
}
