import type { AppointmentClientResource } from "@termin/contracts/booking-resources";
import type { PaymentLinkResource } from "@termin/contracts/payment-resources";
import { PAYMENT_METHOD } from "@termin/domain/payment-methods";
import type { Language } from "@termin/domain/languages";
import type { Included } from "../api/included.ts";
import { formatTimeUntil } from "../client-area/relative-time.ts";
import type { PaymentView } from "./payment-view.ts";

const METHODS = { [PAYMENT_METHOD.online]: "online", [PAYMENT_METHOD.membership]: "membership" } as const;

/** A place's payment from its paymentMethod and its latest payment link (included), worded at `now`. */
export function paymentOf(
  resource: AppointmentClientResource,
  included: Included,
  language: Language,
  now: Date,
): PaymentView {
  const method = resource.relationships?.paymentMethod?.data;
  const methodId = method && !Array.isArray(method) ? Number(method.id) : PAYMENT_METHOD.venue;
  const link = included.many<PaymentLinkResource>(resource, "paymentLinks", "payment-links").at(-1);
  const named = METHODS[methodId as keyof typeof METHODS] ?? "venue";
  if (!link) return { method: named, link: null };
  const a = link.attributes;
  const state = a.paid_at
    ? "paid"
    : a.refunded_at
      ? "refunded"
      : a.released_at || Date.parse(a.expires_at) <= now.getTime()
        ? "expired"
        : "due";
  return {
    method: named,
    link: {
      state,
      amountMinor: a.amount,
      currency: a.currency_code,
      url: a.url,
      deposit: a.amount < resource.attributes.total_amount,
      restMinor: Math.max(0, resource.attributes.total_amount - a.amount),
      releasedIn: state === "due" ? formatTimeUntil(a.expires_at, now, language) : null,
    },
  };
}
