import type { Language } from "@termin/domain/languages";
import { ACCOUNT_MAIL_TEXTS, type AccountMailKind } from "./account-mail-texts.ts";
import type { Mailer } from "./mailer.ts";

export interface SendAccountMailOptions {
  mailer: Mailer;
  to: string;
  /** The client's name, as they typed it. */
  name: string;
  /** The client's language: the whole mail is written in it. */
  language: Language;
  kind: AccountMailKind;
  /** The absolute link that confirms the address or opens the new-password form. */
  link: string;
}

const BRAND = "#0f5c4d";
const TEXT = "#1b1f1e";
const MUTED = "#4d5654";

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) => values[key] ?? placeholder);
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** An e-mail verification or password reset mail: plain text for every mail program, simple HTML for the rest. */
export async function sendAccountMail(options: SendAccountMailOptions): Promise<void> {
  const { mailer, to, name, language, kind, link } = options;
  const common = ACCOUNT_MAIL_TEXTS[language];
  const values = { name, appName: mailer.appName };
  const texts = {
    greeting: fill(common.greeting, values),
    linkHint: common.linkHint,
    signature: fill(common.signature, values),
    subject: fill(common.kinds[kind].subject, values),
    paragraph: fill(common.kinds[kind].paragraph, values),
    action: common.kinds[kind].action,
    expiry: common.kinds[kind].expiry,
    notYou: common.kinds[kind].notYou,
  };

  const text = [
    texts.greeting,
    texts.paragraph,
    `${texts.action}:\n${link}`,
    texts.expiry,
    texts.notYou,
    texts.signature,
  ].join("\n\n");

  const h = Object.fromEntries(Object.entries(texts).map(([key, value]) => [key, escapeHtml(value)])) as typeof texts;
  const href = escapeHtml(link);
  const paragraph = `margin:0 0 16px;font-size:16px;line-height:1.5;color:${TEXT}`;
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${h.subject}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif">
<main style="max-width:560px;margin:0 auto">
<p style="${paragraph}">${h.greeting}</p>
<p style="${paragraph}">${h.paragraph}</p>
<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${BRAND};color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none">${h.action}</a></p>
<p style="${paragraph}">${h.expiry}</p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${MUTED}">${h.linkHint}<br><a href="${href}" style="color:${BRAND};word-break:break-all">${href}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${MUTED}">${h.notYou}</p>
<p style="${paragraph}">${h.signature}</p>
</main>
</body>
</html>
`;

  await mailer.send({ kind, to, language, subject: texts.subject, text, html });
}
