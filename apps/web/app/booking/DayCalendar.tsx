import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { withParams, type PickerData } from "./picker.ts";

/**
 * Two weeks of days, Monday first: days with free times are links (the chosen one marked as the current
 * date), the others are shown dimmed and say why. Moving between windows and days changes the address only,
 * so it works without JavaScript and the back button retraces the steps.
 */
export function DayCalendar({ picker, search }: { picker: PickerData; search: string }) {
  const { t } = useTranslation();
  return (
    <section className="booking-step" aria-labelledby="booking-date">
      <div className="day-calendar__header">
        <h2 id="booking-date" className="booking-step__title">
          {t("booking.date")}
        </h2>
        <p className="day-calendar__title" aria-live="polite">
          {picker.title}
        </p>
        <div className="day-calendar__moves">
          {picker.previous ? (
            <Link
              className="icon-button"
              to={withParams(search, { from: picker.previous, date: null })}
              preventScrollReset
              replace
              aria-label={t("booking.earlierDates")}
            >
              <span aria-hidden="true">‹</span>
            </Link>
          ) : null}
          {picker.next ? (
            <Link
              className="icon-button"
              to={withParams(search, { from: picker.next, date: null })}
              preventScrollReset
              replace
              aria-label={t("booking.laterDates")}
            >
              <span aria-hidden="true">›</span>
            </Link>
          ) : null}
        </div>
      </div>
      <div className="day-calendar__weekdays" aria-hidden="true">
        {picker.weekdays.map((name) => (
          <span key={name}>{name}</span>
        ))}
      </div>
      <ol className="day-calendar__days">
        {picker.days.map((day) => {
          const selected = day.date === picker.selectedDate;
          const className = ["day", day.today ? "day--today" : null, selected ? "day--selected" : null]
            .filter(Boolean)
            .join(" ");
          return (
            <li key={day.date}>
              {day.free ? (
                <Link
                  className={className}
                  to={withParams(search, { date: day.date })}
                  preventScrollReset
                  replace
                  aria-current={selected ? "date" : undefined}
                  aria-label={day.label}
                >
                  {day.number}
                </Link>
              ) : (
                <span className={`${className} day--off`}>
                  <span aria-hidden="true">{day.number}</span>
                  <span className="visually-hidden">
                    {day.label}: {day.inRange ? t("booking.dayFull") : t("booking.dayUnavailable")}
                  </span>
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
