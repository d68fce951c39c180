import { useTranslation } from "../../i18n/i18n-context.tsx";
import { useLanguage } from "../../lib/use-language.ts";
import { formatTimesOfDay, weekdayName, type OpeningSpan } from "../opening-hours.ts";

/** The week's hours, Monday first, in the location's own time (its zone is named for travellers). */
export function OpeningHours({ hours, zoneName }: { hours: OpeningSpan[]; zoneName: string }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <section aria-labelledby="location-hours" className="card">
      <h2 id="location-hours">{t("location.hours")}</h2>
      <table className="opening-hours">
        <tbody>
          {[1, 2, 3, 4, 5, 6, 7].map((weekday) => {
            const spans = hours.filter((span) => span.weekday === weekday);
            return (
              <tr key={weekday}>
                <th scope="row">{weekdayName(weekday, language)}</th>
                <td>
                  {spans.length === 0
                    ? t("location.closed")
                    : spans.map((span) => formatTimesOfDay(span.opensAt, span.closesAt, language)).join(", ")}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="opening-hours__zone">{t("location.timeZone", { zone: zoneName })}</p>
    </section>
  );
}
