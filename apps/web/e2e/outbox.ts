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

/**
 * Waits for the mail of a kind (verify_email, reset_password) sent to an address, as a person would; with
 * `atLeast`, until that many have come, and answers the newest.
 */
export async function mailTo(address: string, kind: string, { atLeast = 1 } = {}): Promise<ReceivedMail> {
  let found: ReceivedMail[] = [];
  await expect
    .poll(
      async () => {
        const files = (await readdir(OUTBOX).catch(() => [])).filter((name) => name.includes(`-${kind}-`)).sort();
        found = [];
        for (const file of files) {
          const mail = await simpleParser(await readFile(join(OUTBOX, file)));
          const to = Array.isArray(mail.to) ? mail.to.map((entry) => entry.text).join(",") : (mail.to?.text ?? "");
          if (!to.includes(address)) continue;
          const text = mail.text ?? "";
          const link = /https?:\/\/\S+/.exec(text)?.[0];
          if (link) found.push({ subject: mail.subject ?? "", text, link });
        }
        return found.length >= atLeast;
      },
      { message: `${atLeast} ${kind} mail(s) to ${address} in ${OUTBOX}`, timeout: 10_000 },
    )
    .toBe(true);
  const newest = found.at(-1);
  if (!newest) throw new Error("unreachable: the poll above passed");
  return newest;
}
