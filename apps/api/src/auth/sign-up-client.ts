import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { clients } from "@termin/db/account-schema";
import type { Language } from "@termin/domain/languages";
import { normalisePhoneNumber } from "@termin/domain/phone-numbers";
import { AppError } from "../http/app-error.ts";
import { refusal } from "../http/refusal.ts";
import { issueTokens, type TokenResponse } from "./issue-tokens.ts";
import { hashPassword } from "./passwords.ts";

const UNIQUE_VIOLATION = "23505";

/** A sign-up the route has validated (password rules, phone country); the use case normalises the phone. */
export interface SignUp {
  /** Already trimmed and lower-cased. */
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  language: Language;
  phone?: { number: string; country: string } | undefined;
}

const emailTaken = () =>
  new AppError("conflict", "An account with this e-mail address already exists.", { pointer: "/email" });

/** A new client account, signed in at once; its e-mail address is not verified yet. */
export async function signUpClient(options: {
  db: Database;
  signUp: SignUp;
}): Promise<{ tokens: TokenResponse; clientId: string }> {
  const { db, signUp } = options;
  const phone = signUp.phone && normalisePhoneNumber(signUp.phone.number, signUp.phone.country);
  if (signUp.phone && !phone) {
    throw refusal("invalid_phone_number", { pointer: "/phone" }, {}, { country: signUp.phone.country });
  }
  const [existing] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.email, signUp.email), isNull(clients.deletedAt)))
    .limit(1);
  if (existing) throw emailTaken();

  let clientId: string;
  try {
    const [row] = await db
      .insert(clients)
      .values({
        email: signUp.email,
        passwordHash: await hashPassword(signUp.password),
        firstName: signUp.firstName,
        lastName: signUp.lastName,
        language: signUp.language,
        phone: phone ? phone.nationalNumber : null,
        phoneCountry: phone ? phone.country : null,
      })
      .returning({ id: clients.id });
    if (!row) throw new Error("inserting a client returned no row");
    clientId = row.id;
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index lets only one through.
    if ((error as { cause?: { code?: string } }).cause?.code === UNIQUE_VIOLATION) throw emailTaken();
    throw error;
  }
  return { tokens: await issueTokens({ db, clientId }), clientId };
}
