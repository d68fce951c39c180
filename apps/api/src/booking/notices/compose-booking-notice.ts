import type { AppointmentNoticeFacts } from "@termin/domain/notification-facts";
import { ACCOUNT_MAIL_TEXTS } from "../../mail/account-mail-texts.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { calendarLink } from "../calendar/calendar-link.ts";
import { linksOrigin, type AppointmentDetails } from "./appointment-details.ts";
import {
  appointmentNoticeFacts,
  noticeKind,
  writeAppointmentNotice,
  type AppointmentNoticeKind,
} from "./appointment-notice-words.ts";
import { BOOKING_NOTICE_TEXTS, type BookingEvent } from "./booking-notice-texts.ts";
import { describeAppointment } from "./describe-appointment.ts";
import { fillText } from "./format-appointment.ts";

/**
 * An in-app notification and an e-mail saying the same, both in the client's language. The notification keeps its
 * kind and facts too, so it can be shown in the language of whatever page shows it later.
 */
export interface BookingNotice {
  notification: {
    clientId: string;
    businessId: number;
    title: string;
    body: string;
    actionUrl: string;
    kind: AppointmentNoticeKind;
    facts: AppointmentNoticeFacts;
  };
  mail: MailMessage;
}

const BRAND = "#0f5c4d";
const TEXT = "#1b1f1e";
const MUTED = "#4d5654";

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The appointment's page in the app, as the notification opens it: `/{lang}/appointments/{id}`. */
export const appointmentPath = (details: AppointmentDetails) =>
  `/${details.client.language}/appointments/${details.appointmentClientId}`;

/** Writes the notice of `event` for one appointment client; no I/O. */
export function composeBookingNotice(
  details: AppointmentDetails,
  event: BookingEvent,
  site: { publicUrl: string; appName: string },
): BookingNotice {
  const { language } = details.client;
  const texts = BOOKING_NOTICE_TEXTS[language];
  const account = ACCOUNT_MAIL_TEXTS[language];
  const described = describeAppointment(details);
  const title = texts.events[event].title;
  const path = appointmentPath(details);
  const origin = linksOrigin(details, site.publicUrl);
  const openUrl = `${origin}${path}`;
  // A new or moved time is worth putting in a calendar; the file also tells calendars about a cancellation.
  const calendarUrl =
    event === "booked" || event === "rescheduled" ? calendarLink(origin, details.calendarToken) : undefined;
  const greeting = fillText(account.greeting, { name: details.client.firstName }, language);
  const signature = fillText(account.signature, { appName: site.appName }, language);

  const text = [
    greeting,
    texts.events[event].lead,
    [
      `${texts.whenLabel} ${described.when}`,
      `${texts.whereLabel} ${described.place}`,
      texts.servicesLabel,
      ...described.serviceLines.map((line) => `- ${line}`),
    ].join("\n"),
    `${texts.openAction}\n${openUrl}`,
    ...(calendarUrl ? [`${texts.calendarAction}\n${calendarUrl}`] : []),
    signature,
  ].join("\n\n");

  const h = escapeHtml;
  const paragraph = `margin:0 0 16px;font-size:16px;line-height:1.5;color:${TEXT}`;
  const label = "text-align:left;vertical-align:top;padding:4px 16px 4px 0;font-weight:bold";
  const services = described.serviceLines.map((line) => `<li>${h(line)}</li>`).join("");
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${h(title)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;font-family:Arial,Helvetica,sans-serif">
<main style="max-width:560px;margin:0 auto">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${TEXT}">${h(title)}</h1>
<p style="${paragraph}">${h(greeting)}</p>
<p style="${paragraph}">${h(texts.events[event].lead)}</p>
<table style="border-collapse:collapse;margin:0 0 16px;font-size:16px;line-height:1.5;color:${TEXT}">
<tr><th scope="row" style="${label}">${h(texts.whenLabel)}</th><td style="padding:4px 0">${h(described.when)}</td></tr>
<tr><th scope="row" style="${label}">${h(texts.whereLabel)}</th><td style="padding:4px 0">${h(described.place)}</td></tr>
<tr><th scope="row" style="${label}">${h(texts.servicesLabel)}</th><td style="padding:4px 0"><ul style="margin:0;padding-left:20px">${services}</ul></td></tr>
</table>
<p style="margin:24px 0"><a href="${h(openUrl)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${BRAND};color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none">${h(texts.openAction)}</a></p>
${calendarUrl ? `<p style="${paragraph}"><a href="${h(calendarUrl)}" style="color:${BRAND}">${h(texts.calendarAction)}</a></p>\n` : ""}<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${MUTED}">${h(account.linkHint)}<br><a href="${h(openUrl)}" style="color:${BRAND};word-break:break-all">${h(openUrl)}</a></p>
<p style="${paragraph}">${h(signature)}</p>
</main>
</body>
</html>
`;

  const kind = noticeKind(event);
  const facts = appointmentNoticeFacts(details);
  const written = writeAppointmentNotice(kind, facts, language);
  return {
    notification: {
      clientId: details.client.id,
      businessId: details.businessId,
      ...written,
      actionUrl: path,
      kind,
      facts,
    },
    mail: { kind: `booking_${event}`, to: details.client.email, language, subject: title, text, html },
  };
}
