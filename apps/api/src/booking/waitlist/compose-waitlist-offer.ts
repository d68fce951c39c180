import type { Language } from "@termin/domain/languages";
import type { WaitlistOfferFacts } from "@termin/domain/notification-facts";
import { formatDateAndTime } from "@termin/domain/time-format";
import { ACCOUNT_MAIL_TEXTS } from "../../mail/account-mail-texts.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { escapeHtml } from "../notices/compose-booking-notice.ts";
import { fillText } from "../notices/format-appointment.ts";
import { WAITLIST_TEXTS } from "./waitlist-texts.ts";

/** A waitlist offer's title and body in `language`, from its facts (as a notification is shown later too). */
export function writeWaitlistOffer(facts: WaitlistOfferFacts, language: Language): { title: string; body: string } {
  const texts = WAITLIST_TEXTS[language];
  const values = {
    className: facts.className,
    place: facts.place,
    when: formatDateAndTime(new Date(facts.startsAt), language, facts.timeZone),
    minutes: new Intl.NumberFormat(language).format(facts.holdMinutes),
  };
  return { title: texts.title, body: fillText(texts.body, values, language) };
}

export interface WaitlistRecipient {
  clientId: string;
  email: string;
  firstName: string;
  language: Language;
}

/**
 * The notification and the e-mail offering a client the seat held for them, both in their language: they open the
 * session's page, where the held seats wait to be booked.
 */
export function composeWaitlistOffer(
  recipient: WaitlistRecipient,
  facts: WaitlistOfferFacts,
  site: { publicUrl: string; appName: string },
  sessionId: number,
): {
  notification: {
    clientId: string;
    title: string;
    body: string;
    actionUrl: string;
    kind: "waitlist_seat_offered";
    facts: WaitlistOfferFacts;
  };
  mail: MailMessage;
} {
  const { language } = recipient;
  const { title, body } = writeWaitlistOffer(facts, language);
  const account = ACCOUNT_MAIL_TEXTS[language];
  const action = WAITLIST_TEXTS[language].action;
  const path = `/${language}/classes/${sessionId}`;
  const url = `${site.publicUrl}${path}`;
  const greeting = fillText(account.greeting, { name: recipient.firstName }, language);
  const signature = fillText(account.signature, { appName: site.appName }, language);
  const text = [greeting, body, `${action}\n${url}`, signature].join("\n\n");
  const h = escapeHtml;
  const paragraph = "margin:0 0 16px;font-size:16px;line-height:1.5;color:#1b1f1e";
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${h(title)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif">
<main style="max-width:560px;margin:0 auto">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#1b1f1e">${h(title)}</h1>
<p style="${paragraph}">${h(greeting)}</p>
<p style="${paragraph}">${h(body)}</p>
<p style="margin:24px 0"><a href="${h(url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#0f5c4d;color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none">${h(action)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#4d5654">${h(account.linkHint)}<br><a href="${h(url)}" style="color:#0f5c4d;word-break:break-all">${h(url)}</a></p>
<p style="${paragraph}">${h(signature)}</p>
</main>
</body>
</html>
`;
  return {
    notification: { clientId: recipient.clientId, title, body, actionUrl: path, kind: "waitlist_seat_offered", facts },
    mail: { kind: "waitlist_seat_offered", to: recipient.email, language, subject: title, text, html },
  };
}
