import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@termin/config/env";
import { createMailer } from "./mailer.ts";
import { sendAccountMail } from "./send-account-mail.ts";

const FROM = "Termin <hello@termin.test>";
const TEST_ENV = { LOG_LEVEL: "silent", APP_VERSION: "9.9.9", APP_BUILD: "test", MAIL_FROM: FROM };

/** Records what the mailer logs, as an operator would read it. */
function recordingLog() {
  const lines: { level: "info" | "error"; obj: object; msg: string }[] = [];
  return {
    lines,
    info: (obj: object, msg: string) => lines.push({ level: "info", obj, msg }),
    error: (obj: object, msg: string) => lines.push({ level: "error", obj, msg }),
  };
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  return [field ?? []].flat().flatMap((object) => object.value.map((address) => address.address ?? ""));
}

interface Received {
  auth: { username: string | undefined; password: string | null | undefined };
  mailFrom: string | false;
  rcptTo: string[];
  mail: ParsedMail;
}

describe("mailer over SMTP", () => {
  const received: Received[] = [];
  let auth: Received["auth"] = { username: undefined, password: undefined };
  let port: number;
  const server = new SMTPServer({
    // A plain local server: no STARTTLS offered, and login allowed without TLS.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(credentials, _session, callback) {
      auth = { username: credentials.username, password: credentials.password };
      callback(null, { user: credentials.username });
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      callback(address.address.endsWith("@refused.test") ? new Error("No such mailbox") : null);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          auth,
          mailFrom: mailFrom && mailFrom.address,
          rcptTo: rcptTo.map((rcpt) => rcpt.address),
          mail,
        });
        callback();
      }, callback);
    },
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(resolve)));

  const mailer = (log: ReturnType<typeof recordingLog>) =>
    createMailer(loadConfig({ ...TEST_ENV, SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${port}` }), log);

  it("delivers a verification mail in Bulgarian to the server in SMTP_URL, with its credentials", async () => {
    const log = recordingLog();
    const link = "https://termin.test/bg/account/verify-email?token=Zk9x-verify";
    await sendAccountMail({
      mailer: mailer(log),
      to: "maria@example.test",
      name: "Мария",
      language: "bg",
      kind: "verify_email",
      link,
    });

    expect(received).toHaveLength(1);
    const [{ auth: credentials, mailFrom, rcptTo, mail }] = received as [Received];
    expect(credentials).toEqual({ username: "mailer", password: "s3cret" });
    expect(mailFrom).toBe("hello@termin.test");
    expect(rcptTo).toEqual(["maria@example.test"]);
    expect(addressesOf(mail.from)).toEqual(["hello@termin.test"]);
    expect(addressesOf(mail.to)).toEqual(["maria@example.test"]);
    expect(mail.subject).toBe("Потвърдете имейл адреса си");
    expect(mail.headers.get("content-language")).toBe("bg");
    expect(mail.text).toContain("Здравейте, Мария,");
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("Линкът е валиден 24 часа.");
    expect(mail.text).toContain("Екипът на Termin");
    expect(mail.html).toContain('<html lang="bg">');
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain(">Потвърдете имейл адреса</a>");
    expect(log.lines).toEqual([
      { level: "info", obj: { kind: "verify_email", messageId: mail.messageId }, msg: "Mail sent" },
    ]);
  });

  it("rejects and logs when the server refuses the mail", async () => {
    const log = recordingLog();
    const sending = sendAccountMail({
      mailer: mailer(log),
      to: "nobody@refused.test",
      name: "Nobody",
      language: "en",
      kind: "reset_password",
      link: "https://termin.test/en/account/new-password?token=x",
    });
    await expect(sending).rejects.toThrow(/No such mailbox/);
    expect(log.lines).toMatchObject([
      { level: "error", obj: { kind: "reset_password" }, msg: "Mail could not be sent" },
    ]);
  });
});

describe("mailer without SMTP_URL", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "termin-outbox-"));
  });
  afterEach(() => rm(join(dataDir, "outbox"), { recursive: true, force: true }));
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it("writes the mail as an .eml file to DATA_DIR/outbox and logs its path", async () => {
    const log = recordingLog();
    const link = "https://termin.test/de/account/new-password?token=Q2-reset&from=mail";
    await sendAccountMail({
      mailer: createMailer(loadConfig({ ...TEST_ENV, DATA_DIR: dataDir }), log),
      to: "zoe@example.test",
      name: 'Zoë <script>alert("x")</script>',
      language: "de",
      kind: "reset_password",
      link,
    });

    const files = await readdir(join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    const [file] = files as [string];
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-reset_password-[0-9a-f]{8}\.eml$/);
    const path = join(dataDir, "outbox", file);
    expect(log.lines).toEqual([
      {
        level: "info",
        obj: { kind: "reset_password", path },
        msg: "Mail written to the outbox (SMTP_URL is not set)",
      },
    ]);

    const mail = await simpleParser(await readFile(path));
    expect(addressesOf(mail.from)).toEqual(["hello@termin.test"]);
    expect(addressesOf(mail.to)).toEqual(["zoe@example.test"]);
    expect(mail.subject).toBe("Setzen Sie Ihr Passwort zurück");
    expect(mail.text).toContain(`Hallo Zoë <script>alert("x")</script>,`);
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("Dieser Link ist 1 Stunde gültig.");
    expect(mail.html).toContain('<html lang="de">');
    // The name is text in the HTML, never markup; the link's & is escaped inside the attribute.
    expect(mail.html).toContain("Hallo Zoë &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;,");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain(`href="${link.replace("&", "&amp;")}"`);
  });
});
