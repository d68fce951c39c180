import {
  MAX_REVIEW_RATING,
  MAX_REVIEW_TEXT_LENGTH,
  MIN_REVIEW_RATING,
  REVIEW_ASPECTS,
} from "@termin/domain/reviews/review-aspects";
import { SIGNED_IN, jsonApiBody, type ClientDocParts, type Schema } from "./client-openapi-parts.ts";
import type { Operation } from "./openapi.ts";

const stars = { type: "integer", minimum: MIN_REVIEW_RATING, maximum: MAX_REVIEW_RATING };

/** POST /v1c/reviews, beside the GET of the same path. */
export function reviewWritePaths({ errorResponse }: ClientDocParts): Record<string, Record<string, Operation>> {
  return {
    "/v1c/reviews": {
      post: {
        summary: "Review one of the signed-in client's completed appointments",
        description: `${SIGNED_IN} relationships.appointmentClient names the client's appointment-clients record; it must be completed and not yet reviewed. attributes: rating (${MIN_REVIEW_RATING}-${MAX_REVIEW_RATING}, required), text (optional, trimmed, up to ${MAX_REVIEW_TEXT_LENGTH} characters), items (optional: {aspect, rating}, each of ${REVIEW_ASPECTS.join(", ")} at most once). The review is signed with the client's first name and last initial, written in the Accept-Language (else the account's language), and counts at once in the location's rating_average and review_count. Answers the review with its review-items in included; the appointment-clients record's review relationship then points at it.`,
        requestBody: jsonApiBody("ReviewCreate"),
        responses: {
          201: {
            description: "Reviewed; Location: the review's URL",
            content: {
              "application/vnd.api+json": {
                schema: {
                  type: "object",
                  required: ["data"],
                  properties: {
                    data: { $ref: "#/components/schemas/Review" },
                    included: { type: "array", items: { $ref: "#/components/schemas/ReviewItem" } },
                  },
                },
              },
            },
          },
          401: errorResponse("Not signed in, or the token expired or was revoked"),
          404: errorResponse("No such appointment of this client"),
          409: errorResponse("The appointment is already reviewed, or data.type is not reviews"),
          422: errorResponse(
            "A member is invalid (source.pointer names it), or the appointment is not completed (source.pointer /data/relationships/appointmentClient)",
          ),
        },
      },
    },
  };
}

export const REVIEW_SCHEMAS: Record<string, Schema> = {
  ReviewCreate: {
    type: "object",
    required: ["data"],
    properties: {
      data: {
        type: "object",
        required: ["type", "attributes", "relationships"],
        properties: {
          type: { const: "reviews" },
          attributes: {
            type: "object",
            required: ["rating"],
            properties: {
              rating: stars,
              text: { type: ["string", "null"], maxLength: MAX_REVIEW_TEXT_LENGTH },
              items: {
                type: "array",
                maxItems: REVIEW_ASPECTS.length,
                items: {
                  type: "object",
                  required: ["aspect", "rating"],
                  properties: { aspect: { enum: [...REVIEW_ASPECTS] }, rating: stars },
                },
              },
            },
          },
          relationships: {
            type: "object",
            required: ["appointmentClient"],
            properties: {
              appointmentClient: {
                type: "object",
                properties: {
                  data: {
                    type: "object",
                    properties: { type: { const: "appointment-clients" }, id: { type: "string" } },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};
