import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { simpleParser, type AddressObject } from "mailparser";

/** Records what is logged, as an operator would read it. */
export function recordingLog() {
  const lines: Array<{ level: "info" | "warn" | "error"; obj: object; msg: string }> = [];
  return {
    lines,
    info: (obj: object, msg: string) => void lines.push({ level: "info", obj, msg }),
    warn: (obj: object, msg: string) => void lines.push({ level: "warn", obj, msg }),
    error: (obj: object, msg: string) => void lines.push({ level: "error", obj, msg }),
  };
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  return [field ?? []].flat().flatMap((object) => object.value.map((address) => address.address ?? ""));
}

/** The mails the outbox mailer wrote to DATA_DIR/outbox (SMTP_URL unset), parsed, oldest first. */
export async function readOutbox(dataDir: string) {
  const directory = join(dataDir, "outbox");
  const files = await readdir(directory).catch(() => []);
  const mails = [];
  for (const file of files.sort()) {
    const mail = await simpleParser(await readFile(join(directory, file)));
    mails.push({
      file,
      subject: mail.subject,
      to: addressesOf(mail.to),
      text: mail.text ?? "",
      html: typeof mail.html === "string" ? mail.html : "",
      headers: mail.headers,
    });
  }
  return mails;
}
