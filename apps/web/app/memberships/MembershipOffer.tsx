import { Form, Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatPrice } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import type { OfferView } from "./offer-view.ts";

/** One membership on offer: its price, period, what it includes, and a button that buys it. */
export function MembershipOffer({ offer, pending }: { offer: OfferView; pending: boolean }) {
  const { t } = useTranslation();
  const { to, language } = useLanguage();
  const headingId = `membership-${offer.id}`;
  return (
    <article className="card membership-offer" aria-labelledby={headingId}>
      <h2 id={headingId} className="membership-offer__name">
        {offer.name}
      </h2>
      {offer.business ? (
        <p className="membership-offer__business">
          <Link to={to(`business/${offer.business.slug}`)} translate="no">
            {offer.business.name}
          </Link>
        </p>
      ) : null}
      <p className="membership-offer__price">
        <strong>{formatPrice(offer.priceMinor, offer.currency, language)}</strong>
        <span> · {t("memberships.period", { count: offer.periodMonths })}</span>
      </p>
      <p className="membership-offer__start">
        {offer.startsOn === "first_use" ? t("memberships.startsOnFirstUse") : t("memberships.startsOnPurchase")}
      </p>
      <p>{offer.description}</p>
      <h3 className="membership-offer__includes">{t("memberships.includes")}</h3>
      <ul className="membership-offer__services">
        {offer.includes.map((item) => (
          <li key={item.serviceId}>
            <span>{item.name}</span>{" "}
            <span className="membership-offer__count">
              {item.count === null ? t("memberships.unlimited") : t("memberships.visits", { count: item.count })}
            </span>
          </li>
        ))}
      </ul>
      <p className="membership-offer__payment">
        {offer.dueOnlineMinor > 0
          ? t("memberships.payOnline", { price: formatPrice(offer.dueOnlineMinor, offer.currency, language) })
          : t("memberships.payAtVenue")}
      </p>
      <Form method="post">
        <input type="hidden" name="membership" value={offer.id} />
        <button type="submit" className="button" disabled={pending} aria-describedby={headingId}>
          {t("memberships.buy")}
        </button>
      </Form>
    </article>
  );
}
