import type { Language } from "@termin/domain/languages";
import type {
  AppointmentNoticeFacts,
  DiscountFacts,
  NotificationFacts,
  NotificationKind,
  WaitlistOfferFacts,
} from "@termin/domain/notification-facts";
import { writeWaitlistOffer } from "../../booking/waitlist/compose-waitlist-offer.ts";
import { isAppointmentNoticeKind, writeAppointmentNotice } from "../../booking/notices/appointment-notice-words.ts";
import { fillText } from "../../booking/notices/format-appointment.ts";
import { APP_NOTICE_TEXTS } from "./app-notice-texts.ts";

/** Facts as stored (JSON): only the fields the words need are trusted, each checked. */
function isAppointmentFacts(facts: NotificationFacts): facts is AppointmentNoticeFacts {
  const candidate = facts as Partial<AppointmentNoticeFacts>;
  return (
    typeof candidate.startsAt === "string" &&
    typeof candidate.timeZone === "string" &&
    typeof candidate.place === "string" &&
    Array.isArray(candidate.services)
  );
}

function isWaitlistFacts(facts: NotificationFacts): facts is WaitlistOfferFacts {
  const candidate = facts as Partial<WaitlistOfferFacts>;
  return (
    typeof candidate.startsAt === "string" &&
    typeof candidate.timeZone === "string" &&
    typeof candidate.place === "string" &&
    typeof candidate.className === "string" &&
    typeof candidate.holdMinutes === "number"
  );
}

function isDiscountFacts(facts: NotificationFacts): facts is DiscountFacts {
  const candidate = facts as Partial<DiscountFacts>;
  return typeof candidate.place === "string" && typeof candidate.percent === "number";
}

/** A share as the language writes it: "20%" in en, "20 %" in de, "%20" in tr. */
const formatPercent = (percent: number, language: Language) =>
  new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(percent / 100);

const textValues = (facts: NotificationFacts): Record<string, string> =>
  Object.fromEntries(Object.entries(facts).filter((entry): entry is [string, string] => typeof entry[1] === "string"));

/**
 * A notification's title and body written in `language` from its kind and facts; undefined when the facts do not
 * fit the kind (the stored words are shown then).
 */
export function writeNotification(
  kind: NotificationKind,
  facts: NotificationFacts,
  language: Language,
): { title: string; body: string } | undefined {
  if (isAppointmentNoticeKind(kind)) {
    return isAppointmentFacts(facts) ? writeAppointmentNotice(kind, facts, language) : undefined;
  }
  if (kind === "waitlist_seat_offered") {
    return isWaitlistFacts(facts) ? writeWaitlistOffer(facts, language) : undefined;
  }
  let values = textValues(facts);
  if (kind === "discount_offered") {
    if (!isDiscountFacts(facts)) return undefined;
    values = { ...values, discount: formatPercent(facts.percent, language) };
  }
  const texts = APP_NOTICE_TEXTS[language][kind];
  return { title: fillText(texts.title, values, language), body: fillText(texts.body, values, language) };
}
