import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatCount, formatRating } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import { Icon } from "../ui/icons.tsx";

/** "★ 4.8 (120 reviews)", or "New" for a place nobody has reviewed yet. */
export function Rating({ average, count }: { average: number | null; count: number }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (average === null || count === 0) return <span className="rating rating--new">{t("catalogue.new")}</span>;
  return (
    <span className="rating">
      <Icon name="star" className="rating__star" width="16" height="16" fill="currentColor" />
      <span className="visually-hidden">{t("catalogue.ratingLabel", { rating: formatRating(average, language) })}</span>
      <span aria-hidden="true">{formatRating(average, language)}</span>
      <span className="rating__count">
        {t("catalogue.reviewCount", { count, formatted: formatCount(count, language) })}
      </span>
    </span>
  );
}
