/**
 * What a client may rate besides the overall stars, in the order the review form asks. The web form and the
 * API's `POST /v1c/reviews` both read this list, so they cannot drift apart.
 */
export const REVIEW_ASPECTS = ["service", "cleanliness", "value", "punctuality"] as const;

export type ReviewAspect = (typeof REVIEW_ASPECTS)[number];

/** Stars, overall and per aspect: whole numbers from 1 to 5. */
export const MIN_REVIEW_RATING = 1;
export const MAX_REVIEW_RATING = 5;

/** The longest text of a review, in characters (as the form's textarea counts them). */
export const MAX_REVIEW_TEXT_LENGTH = 2000;

export function isReviewAspect(value: unknown): value is ReviewAspect {
  return typeof value === "string" && (REVIEW_ASPECTS as readonly string[]).includes(value);
}
