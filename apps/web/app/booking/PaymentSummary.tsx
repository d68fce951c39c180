import type { Language } from "@termin/domain/languages";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatPrice } from "../lib/format.ts";
import type { BasketView } from "./basket-view.ts";
import { payPageUrl, type PaymentView } from "./payment-view.ts";
import { useRevalidateOnReturn } from "./use-revalidate-on-return.ts";

/**
 * How a place is paid: at the venue, by a membership, or online, where a payment still due shows the amount, when
 * the booking is released unpaid, and "Pay now" to its payment link (our page, which opens the provider's checkout).
 */
export function PaymentSummary({ payment, language }: { payment: PaymentView; language: Language }) {
  const { t } = useTranslation();
  const { link } = payment;
  useRevalidateOnReturn(link?.state === "due");
  if (!link) {
    return (
      <p className="payment-summary">{t(payment.method === "membership" ? "payment.membership" : "payment.atVenue")}</p>
    );
  }
  const amount = formatPrice(link.amountMinor, link.currency, language);
  if (link.state === "due") {
    return (
      <div className="payment-summary payment-summary--due">
        <p className="payment-summary__amount">
          {t(link.deposit ? "payment.depositDue" : "payment.fullDue", { amount })}
        </p>
        <p className="payment-summary__note">{t("payment.releasedIn", { timeLeft: link.releasedIn ?? "" })}</p>
        {/* A page of the server, not of the app: a full page load (it redirects to the checkout); from a widget's
            frame, a new tab (EmbedShell), after which this page reads its state again (useRevalidateOnReturn). */}
        <a className="button payment-summary__pay" href={payPageUrl(link.url, language)}>
          {t("payment.payNow")}
        </a>
      </div>
    );
  }
  const words =
    link.state === "paid"
      ? t(link.deposit ? "payment.depositPaid" : "payment.paidOnline", { amount })
      : link.state === "refunded"
        ? t("payment.refunded", { amount })
        : t("payment.expired");
  const rest =
    link.state === "paid" && link.restMinor > 0 ? formatPrice(link.restMinor, link.currency, language) : null;
  return (
    <p className="payment-summary">
      {words}
      {rest ? ` · ${t("payment.restAtVenue", { amount: rest })}` : null}
    </p>
  );
}

/**
 * The basket's total, and what of it is paid online when booking (a deposit, or all of it): said before the client
 * commits, as Fresha does, so the payment page after checkout is no surprise.
 */
export function BasketTotal({
  view,
  language,
}: {
  view: Pick<BasketView, "totals" | "dueOnline">;
  language: Language;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p className="basket-total">
        <span>{t("basket.total")}</span>
        <strong>{view.totals.map((total) => formatPrice(total.minor, total.currency, language)).join(" + ")}</strong>
      </p>
      {view.dueOnline.map((due) => {
        const total = view.totals.find((each) => each.currency === due.currency)?.minor ?? due.minor;
        const amount = formatPrice(due.minor, due.currency, language);
        return (
          <p key={due.currency} className="basket-due-online">
            {due.minor < total
              ? t("payment.depositAtBooking", { amount, rest: formatPrice(total - due.minor, due.currency, language) })
              : t("payment.prepayAtBooking", { amount })}
          </p>
        );
      })}
    </>
  );
}
