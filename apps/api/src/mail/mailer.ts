import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createTransport } from "nodemailer";
import type { AppConfig } from "@termin/config/env";
import type { Language } from "@termin/domain/languages";

/** One finished e-mail: both bodies written, in the recipient's language. */
export interface MailMessage {
  /** What the mail is for (e.g. "verify_email"); names the outbox file and the log line. */
  kind: string;
  to: string;
  language: Language;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** The product name mails are signed with. */
  appName: string;
  /** Delivers the message (SMTP) or writes it to the outbox; rejects when delivery fails. */
  send(message: MailMessage): Promise<void>;
}

export interface MailLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * With SMTP_URL: delivery through that server. Without it: each mail is rendered to RFC 822 and written
 * to DATA_DIR/outbox as an .eml file (any mail program opens it), so sign-up works offline and in demos.
 */
export function createMailer(config: AppConfig, log: MailLog): Mailer {
  const { smtpUrl, from } = config.mail;
  const fields = (message: MailMessage) => ({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: { "Content-Language": message.language },
  });

  if (smtpUrl) {
    // Shorter than nodemailer's defaults (2 min to connect, 10 min idle): a request waits for this.
    const transport = createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      appName: config.appName,
      async send(message) {
        try {
          const info = await transport.sendMail(fields(message));
          log.info({ kind: message.kind, messageId: info.messageId }, "Mail sent");
        } catch (error) {
          log.error({ err: error, kind: message.kind }, "Mail could not be sent");
          throw error;
        }
      },
    };
  }

  const outbox = join(config.dataDir, "outbox");
  const render = createTransport({ streamTransport: true, buffer: true });
  return {
    appName: config.appName,
    async send(message) {
      try {
        const info = await render.sendMail(fields(message));
        // Colons in the time would make the name invalid on Windows file systems.
        const time = new Date().toISOString().replaceAll(":", "-");
        const path = join(outbox, `${time}-${message.kind}-${randomBytes(4).toString("hex")}.eml`);
        await mkdir(outbox, { recursive: true });
        await writeFile(path, info.message);
        log.info({ kind: message.kind, path }, "Mail written to the outbox (SMTP_URL is not set)");
      } catch (error) {
        log.error({ err: error, kind: message.kind }, "Mail could not be written to the outbox");
        throw error;
      }
    },
  };
}
