import type { AppConfig } from "@termin/config/env";
import type { Database } from "@termin/db/database";
import { isSupportedLanguage, type Language } from "@termin/domain/languages";
import type { Mailer } from "../mail/mailer.ts";
import { sendAccountMail } from "../mail/send-account-mail.ts";
import { createOneTimeToken, type OneTimePurpose } from "./one-time-tokens.ts";

/** The web page each kind of link opens. */
const PAGE: Record<OneTimePurpose, string> = {
  verify_email: "verify-email",
  reset_password: "reset-password",
};

/** Creates a one-time token and mails its link, in the client's language, to the client's address. */
export async function mailAccountLink(options: {
  db: Database;
  mailer: Mailer;
  config: Pick<AppConfig, "publicUrl" | "defaultLanguage">;
  client: { clientId: string; email: string; firstName: string; language: string };
  purpose: OneTimePurpose;
}): Promise<void> {
  const { db, mailer, config, client, purpose } = options;
  const language: Language = isSupportedLanguage(client.language) ? client.language : config.defaultLanguage;
  const token = await createOneTimeToken({ db, clientId: client.clientId, purpose });
  await sendAccountMail({
    mailer,
    to: client.email,
    name: client.firstName,
    language,
    kind: purpose,
    link: `${config.publicUrl}/${language}/${PAGE[purpose]}?token=${token}`,
  });
}
