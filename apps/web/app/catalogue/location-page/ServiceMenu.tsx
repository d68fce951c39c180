import { useTranslation } from "../../i18n/i18n-context.tsx";
import { formatDuration, formatPrice, formatPriceRange } from "../../lib/format.ts";
import { useLanguage } from "../../lib/use-language.ts";
import { useToast } from "../../ui/toast/toast-context.ts";
import type { MenuCategory, MenuService } from "./menu.ts";

function ServiceRow({ service, phone }: { service: MenuService; phone: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const toast = useToast();
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
        {/* Online booking arrives with the booking flow; until then the button says how to book. */}
        <button
          type="button"
          className="button"
          aria-label={t("location.bookService", { service: service.name })}
          onClick={() => toast({ header: service.name, body: t("location.bookByPhone", { phone }), color: "info" })}
        >
          {t("location.book")}
        </button>
      </div>
    </li>
  );
}

export function ServiceMenu({ menu, phone }: { menu: MenuCategory[]; phone: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="location-services">
      <h2 id="location-services">{t("location.services")}</h2>
      {menu.length === 0 ? <p className="empty-state">{t("location.noServices")}</p> : null}
      {menu.map((category) => (
        <section key={category.id} className="service-category" aria-labelledby={`category-${category.id}`}>
          <h3 id={`category-${category.id}`}>{category.name}</h3>
          <ul className="service-list">
            {category.services.map((service) => (
              <ServiceRow key={service.id} service={service} phone={phone} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
