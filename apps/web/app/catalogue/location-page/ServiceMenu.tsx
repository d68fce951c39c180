import { Link } from "react-router";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { formatDuration, formatPrice, formatPriceRange, telHref } from "../../lib/format.ts";
import { useLanguage } from "../../lib/use-language.ts";
import type { MenuCategory, MenuService } from "./menu.ts";

/**
 * One service of the menu. Book opens the booking flow at this service; when the business takes no online
 * bookings, "Call to book" dials the place (the menu says so above it, with the number).
 */
function ServiceRow({ service, phone, bookAt }: { service: MenuService; phone: string; bookAt: string | null }) {
  const { t } = useTranslation();
  const { language, to } = useLanguage();
  const price =
    service.priceFrom !== null && service.priceTo !== null
      ? formatPriceRange(service.priceFrom, service.priceTo, service.currency, language)
      : null;
  return (
    <li className="service-row">
      <div className="service-row__text">
        <h4 className="service-row__name">{service.name}</h4>
        {service.duration !== null ? (
          <p className="service-row__duration">{formatDuration(service.duration, language)}</p>
        ) : null}
        {service.variants.length > 0 ? (
          <ul className="service-row__variants">
            {service.variants.map((variant) => (
              <li key={variant.name}>
                {variant.name} · {formatDuration(variant.duration, language)} ·{" "}
                {formatPrice(variant.price, service.currency, language)}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="service-row__action">
        {price ? <p className="service-row__price">{price}</p> : null}
        {bookAt ? (
          <Link
            className="button"
            to={to(`book/${bookAt}?service=${service.id}`)}
            aria-label={t("location.bookService", { service: service.name })}
          >
            {t("location.book")}
          </Link>
        ) : (
          <a
            className="button button--secondary"
            href={telHref(phone)}
            aria-label={t("location.callToBookService", { service: service.name, phone })}
          >
            {t("location.callToBook")}
          </a>
        )}
      </div>
    </li>
  );
}

export function ServiceMenu({
  menu,
  phone,
  bookAt,
}: {
  menu: MenuCategory[];
  phone: string;
  /** The location's slug when it takes bookings online; null when only by phone. */
  bookAt: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="location-services">
      <h2 id="location-services">{t("location.services")}</h2>
      {bookAt ? null : (
        <p className="booking-notice">
          {t("location.bookByPhone")} <a href={telHref(phone)}>{phone}</a>
        </p>
      )}
      {menu.length === 0 ? <p className="empty-state">{t("location.noServices")}</p> : null}
      {menu.map((category) => (
        <section key={category.id} className="service-category" aria-labelledby={`category-${category.id}`}>
          <h3 id={`category-${category.id}`}>{category.name}</h3>
          <ul className="service-list">
            {category.services.map((service) => (
              <ServiceRow key={service.id} service={service} phone={phone} bookAt={bookAt} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
