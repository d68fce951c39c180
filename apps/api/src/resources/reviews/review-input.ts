import { z } from "zod";
import {
  MAX_REVIEW_RATING,
  MAX_REVIEW_TEXT_LENGTH,
  MIN_REVIEW_RATING,
  REVIEW_ASPECTS,
  type ReviewAspect,
} from "@termin/domain/reviews/review-aspects";
import { parseResourceDocument, relationshipTo } from "../../jsonapi/request-body.ts";

const stars = (what: string) =>
  z
    .number({ error: `${what}: a whole number from ${MIN_REVIEW_RATING} to ${MAX_REVIEW_RATING}.` })
    .int(`${what}: a whole number from ${MIN_REVIEW_RATING} to ${MAX_REVIEW_RATING}.`)
    .min(MIN_REVIEW_RATING, `${what}: at least ${MIN_REVIEW_RATING} star.`)
    .max(MAX_REVIEW_RATING, `${what}: at most ${MAX_REVIEW_RATING} stars.`);

const item = z
  .object({
    aspect: z.enum(REVIEW_ASPECTS, { error: `The aspect is one of ${REVIEW_ASPECTS.join(", ")}.` }),
    rating: stars("The aspect's rating"),
  })
  .strict();

export const newReview = z.object({
  attributes: z
    .object({
      rating: stars("The overall rating"),
      text: z
        .string({ error: "The text is a string." })
        .trim()
        .max(MAX_REVIEW_TEXT_LENGTH, `At most ${MAX_REVIEW_TEXT_LENGTH} characters.`)
        .nullish(),
      items: z
        .array(item, { error: "items: a list of { aspect, rating }." })
        .max(REVIEW_ASPECTS.length, `At most ${REVIEW_ASPECTS.length} items, one per aspect.`)
        .superRefine((items, context) => {
          const seen = new Set<string>();
          items.forEach(({ aspect }, index) => {
            if (seen.has(aspect)) {
              context.addIssue({
                code: "custom",
                path: [index, "aspect"],
                message: `The aspect ${aspect} is rated once only.`,
              });
            }
            seen.add(aspect);
          });
        })
        .optional(),
    })
    .strict(),
  relationships: z.object({ appointmentClient: relationshipTo("appointment-clients") }).strict(),
});

export interface ReviewInput {
  /** The appointment-clients id as sent (digits; whether it names a row of this client is the use case's to say). */
  appointmentClientId: string;
  rating: number;
  /** Trimmed; empty when the client wrote nothing. */
  text: string;
  items: Array<{ aspect: ReviewAspect; rating: number }>;
}

/**
 * The body of `POST /v1c/reviews`: a 409 for another type, else every bad member at once as 422s with
 * `source.pointer` (`/data/attributes/rating`, `/data/attributes/items/1/aspect`).
 */
export function parseReviewDocument(body: unknown): ReviewInput {
  const { attributes, relationships } = parseResourceDocument(body, { type: "reviews", schema: newReview });
  return {
    appointmentClientId: relationships.appointmentClient.data.id,
    rating: attributes.rating,
    text: attributes.text ?? "",
    items: attributes.items ?? [],
  };
}
