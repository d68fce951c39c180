import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import { expect } from "@playwright/test";

/** Where the e2e server writes mails (DATA_DIR/outbox; no SMTP server is configured for it). */
const OUTBOX = "test-results/e2e-data/outbox";

export interface ReceivedMail {
  subject: string;
  text: string;
  /** The first link into the app found in the text. */
  link: string;
}

/** Waits for the mail of a kind (verify_email, reset_password) sent to an address, as a person would. */
export async function mailTo(address: string, kind: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const files = (await readdir(OUTBOX).catch(() => [])).filter((name) => name.includes(`-${kind}-`));
        for (const file of files) {
          const mail = await simpleParser(await readFile(join(OUTBOX, file)));
          const to = Array.isArray(mail.to) ? mail.to.map((entry) => entry.text).join(",") : (mail.to?.text ?? "");
          if (!to.includes(address)) continue;
          const text = mail.text ?? "";
          const link = /https?:\/\/\S+/.exec(text)?.[0];
          if (link) found = { subject: mail.subject ?? "", text, link };
        }
        return found !== undefined;
      },
      { message: `a ${kind} mail to ${address} in ${OUTBOX}`, timeout: 10_000 },
    )
    .toBe(true);
  if (!found) throw new Error("unreachable: the poll above passed");
  return found;
}
