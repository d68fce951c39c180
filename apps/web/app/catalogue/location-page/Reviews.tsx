import type { ReviewSummary } from "@termin/contracts/offer-resources";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { formatCount, formatDate, formatRating } from "../../lib/format.ts";
import { useLanguage } from "../../lib/use-language.ts";
import { Icon } from "../../ui/icons.tsx";

export interface Review {
  id: string;
  author: string;
  rating: number;
  text: string;
  language: string;
  createdAt: string;
  items: Array<{ aspect: string; rating: number }>;
}

const ASPECT_KEYS = {
  service: "location.aspect.service",
  cleanliness: "location.aspect.cleanliness",
  value: "location.aspect.value",
  punctuality: "location.aspect.punctuality",
} as const;

function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" aria-hidden="true">
      {[1, 2, 3, 4, 5].map((star) => (
        <Icon key={star} name="star" width="14" height="14" fill={star <= rating ? "currentColor" : "none"} />
      ))}
    </span>
  );
}

function Summary({ summary }: { summary: ReviewSummary }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const aspectName = (aspect: string) =>
    aspect in ASPECT_KEYS ? t(ASPECT_KEYS[aspect as keyof typeof ASPECT_KEYS]) : aspect;
  return (
    <div className="review-summary">
      <p className="review-summary__average">
        <span className="review-summary__number">{formatRating(summary.average ?? 0, language)}</span>
        <span>
          {t("catalogue.reviewCount", { count: summary.count, formatted: formatCount(summary.count, language) })}
        </span>
      </p>
      <dl className="review-summary__bars">
        {(["5", "4", "3", "2", "1"] as const).map((stars) => (
          <div key={stars}>
            <dt>{t("location.stars", { count: Number(stars) })}</dt>
            <dd>
              <meter min={0} max={summary.count} value={summary.distribution[stars]} />
              <span>{formatCount(summary.distribution[stars], language)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <dl className="review-summary__aspects">
        {Object.entries(summary.aspects).map(([aspect, average]) => (
          <div key={aspect}>
            <dt>{aspectName(aspect)}</dt>
            <dd>{formatRating(average, language)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** One review: who, when, the stars, the words (also the client's own on their appointment's page). */
export function ReviewCard({ review }: { review: Review }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  return (
    <>
      <div className="review__head">
        <span className="review__author">{review.author}</span>
        <time dateTime={review.createdAt}>{formatDate(review.createdAt, language)}</time>
      </div>
      <Stars rating={review.rating} />
      <span className="visually-hidden">{t("catalogue.ratingLabel", { rating: String(review.rating) })}</span>
      {review.text ? <p lang={review.language}>{review.text}</p> : null}
    </>
  );
}

export function Reviews({ summary, reviews }: { summary: ReviewSummary | null; reviews: Review[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="location-reviews">
      <h2 id="location-reviews">{t("location.reviews")}</h2>
      {summary && summary.count > 0 ? <Summary summary={summary} /> : <p>{t("location.noReviews")}</p>}
      <ul className="reviews">
        {reviews.map((review) => (
          <li key={review.id} className="review">
            <ReviewCard review={review} />
          </li>
        ))}
      </ul>
    </section>
  );
}
