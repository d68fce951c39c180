import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatDuration, formatPrice } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import type { OfferEmployee, OfferPrice } from "./offer.ts";
import { withParams } from "./picker.ts";

/** The service's options (short hair, long hair...) when it has more than one price. */
export function VariantChoice({
  prices,
  selectedId,
  search,
}: {
  prices: readonly OfferPrice[];
  selectedId: string | null;
  search: string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <section className="booking-step" aria-labelledby="booking-variant">
      <h2 id="booking-variant" className="booking-step__title">
        {t("booking.variant")}
      </h2>
      <ul className="choice-list">
        {prices.map((price) => (
          <li key={price.id}>
            <Link
              className="choice"
              to={withParams(search, { price: price.id })}
              preventScrollReset
              replace
              aria-current={price.id === selectedId ? "true" : undefined}
            >
              <span className="choice__name">{price.name ?? t("booking.standard")}</span>
              <span className="choice__meta">
                {formatDuration(price.durationMinutes, language)} ·{" "}
                {formatPrice(price.priceMinor, price.currency, language)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Any employee" or one person; the choice is part of the address like the rest of the picker. */
export function EmployeeChoice({
  employees,
  selectedId,
  search,
  anyParam = null,
}: {
  employees: readonly OfferEmployee[];
  selectedId: string | null;
  search: string;
  /** The `employee` parameter meaning anyone (none by default: the parameter is left out). */
  anyParam?: string | null;
}) {
  const { t } = useTranslation();
  const choices = [{ id: null, name: t("booking.anyEmployee"), title: t("booking.anyEmployeeHint") }, ...employees];
  return (
    <section className="booking-step" aria-labelledby="booking-employee">
      <h2 id="booking-employee" className="booking-step__title">
        {t("booking.employee")}
      </h2>
      <ul className="choice-list choice-list--people">
        {choices.map((employee) => (
          <li key={employee.id ?? "any"}>
            <Link
              className="choice"
              to={withParams(search, { employee: employee.id ?? anyParam })}
              preventScrollReset
              replace
              aria-current={employee.id === selectedId ? "true" : undefined}
            >
              <span className="choice__name">{employee.name}</span>
              {employee.title ? <span className="choice__meta">{employee.title}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Back to back with anyone: who of the people free at that moment, or whoever the business assigns. */
export function BackToBackEmployees({
  employeeIds,
  employees,
}: {
  employeeIds: readonly string[];
  employees: readonly OfferEmployee[];
}) {
  const { t } = useTranslation();
  const free = employees.filter((employee) => employeeIds.includes(employee.id));
  return (
    <fieldset className="time-group">
      <legend className="time-group__legend">{t("booking.employee")}</legend>
      <div className="time-group__times time-group__times--people">
        {[{ id: "any", name: t("booking.anyEmployee") }, ...free].map((employee) => (
          <label key={employee.id} className="time-chip">
            <input type="radio" name="employee" value={employee.id} defaultChecked={employee.id === "any"} />
            <span>{employee.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
