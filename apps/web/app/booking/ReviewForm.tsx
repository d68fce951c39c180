import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { MAX_REVIEW_TEXT_LENGTH, REVIEW_ASPECTS, type ReviewAspect } from "@termin/domain/reviews/review-aspects";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { Icon } from "../ui/icons.tsx";
import { FieldError, FormAlert } from "../ui/form/Field.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";

const ASPECT_NAMES = {
  service: "location.aspect.service",
  cleanliness: "location.aspect.cleanliness",
  value: "location.aspect.value",
  punctuality: "location.aspect.punctuality",
} as const satisfies Record<ReviewAspect, string>;

/** Five stars as a radio group: arrow keys choose, each star says how many it gives; an error is said with it. */
function StarRating({
  name,
  legend,
  required,
  error,
}: {
  name: string;
  legend: string;
  required?: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const errorId = `${useId()}-error`;
  return (
    <fieldset
      className={error ? "star-rating star-rating--invalid" : "star-rating"}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="star-rating__legend">{legend}</legend>
      <div className="star-rating__stars">
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value} className="star-rating__star">
            <input type="radio" name={name} value={value} required={required} aria-invalid={error ? true : undefined} />
            <Icon name="star" aria-hidden="true" />
            <span className="visually-hidden">{t("location.stars", { count: value })}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/** The review form's fetcher: the page reads its answer too, to thank the client beside the review it then shows. */
export const REVIEW_FETCHER = "appointment-review";

export interface ReviewAnswer {
  error: string | null;
  /** The overall rating was left out: what to say at its question. */
  ratingError?: string;
  done?: "review";
}

/** "Leave a review" for a completed appointment: overall stars, each aspect's stars, and words. */
export function ReviewForm() {
  const { t } = useTranslation();
  const fetcher = useFetcher<ReviewAnswer>({ key: REVIEW_FETCHER });
  const pending = fetcher.state !== "idle";
  const ratingError = fetcher.data?.ratingError;
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused send, the reader goes to the question to answer, its legend and message in view.
  useEffect(() => {
    if (!fetcher.data?.ratingError) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.focus({ preventScroll: true });
    first.closest("fieldset")?.scrollIntoView({ block: "center" });
  }, [fetcher.data]);
  return (
    // `#review`: where "How was your visit?" leads (its action URL).
    <section className="booking-step" id="review" aria-labelledby="review-title">
      <h2 id="review-title" className="booking-step__title">
        {t("review.title")}
      </h2>
      {/* The server checks the answers and says what is missing at its question: no browser bubbles. */}
      <fetcher.Form method="post" className="review-form" noValidate ref={formRef}>
        <input type="hidden" name="intent" value="review" />
        <StarRating name="rating" legend={t("review.overall")} required error={ratingError} />
        {REVIEW_ASPECTS.map((aspect) => (
          <StarRating key={aspect} name={`aspect-${aspect}`} legend={t(ASPECT_NAMES[aspect])} />
        ))}
        <div className="field">
          <label className="field__label" htmlFor="review-text">
            {t("review.text")}
          </label>
          <textarea id="review-text" name="text" rows={4} maxLength={MAX_REVIEW_TEXT_LENGTH} />
        </div>
        <FormAlert message={fetcher.data?.error ?? undefined} />
        <SubmitButton pending={pending} className="button">
          {t("review.send")}
        </SubmitButton>
      </fetcher.Form>
    </section>
  );
}
