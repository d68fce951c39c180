import {
  MAX_REVIEW_RATING,
  MAX_REVIEW_TEXT_LENGTH,
  MIN_REVIEW_RATING,
  REVIEW_ASPECTS,
} from "@termin/domain/reviews/review-aspects";
import { newReview } from "../resources/reviews/review-input.ts";
import { SIGNED_IN, jsonApiBody, requestDocumentFrom, type ClientDocParts } from "./client-openapi-parts.ts";
import type { Schema } from "./resource-schema.ts";
import type { Operation } from "./document-types.ts";

/** POST /v1c/reviews, beside the GET of the same path. */
export function reviewWritePaths({ errorResponse }: ClientDocParts): Record<string, Record<string, Operation>> {
  return {
    "/v1c/reviews": {
      post: {
        summary: "Review one of the signed-in client's completed appointments",
        description: `${SIGNED_IN} relationships.appointmentClient names the client's appointment-clients record; it must be completed and not yet reviewed. attributes: rating (${MIN_REVIEW_RATING}-${MAX_REVIEW_RATING}, required), text (optional, trimmed, up to ${MAX_REVIEW_TEXT_LENGTH} characters), items (optional: {aspect, rating}, each of ${REVIEW_ASPECTS.join(", ")} at most once). The review is signed with the client's first name and last initial, written in the Accept-Language (else the account's language), and counts at once in the location's rating_average and review_count. Answers the review with its review-items in included; the appointment-clients record's review relationship then points at it.`,
        requestBody: jsonApiBody("ReviewCreate", {
          data: {
            type: "reviews",
            attributes: {
              rating: 5,
              text: "Elena listened to what I wanted and the colour is exactly that.",
              items: [
                { aspect: "service", rating: 5 },
                { aspect: "punctuality", rating: 4 },
              ],
            },
            relationships: { appointmentClient: { data: { type: "appointment-clients", id: "4533" } } },
          },
        }),
        responses: {
          201: {
            description: "Reviewed; Location: the review's URL",
            content: {
              "application/vnd.api+json": {
                schema: {
                  type: "object",
                  required: ["jsonapi", "data"],
                  properties: {
                    jsonapi: { $ref: "#/components/schemas/JsonApiVersion" },
                    data: { $ref: "#/components/schemas/Review" },
                    included: { type: "array", items: { $ref: "#/components/schemas/ReviewItem" } },
                    links: { type: "object", properties: { self: { type: "string" } } },
                  },
                },
              },
            },
          },
          401: errorResponse("Not signed in, or the token expired or was revoked"),
          404: errorResponse("No such appointment of this client"),
          409: errorResponse("The appointment is already reviewed (already_reviewed), or data.type is not reviews", [
            "already_reviewed",
          ]),
          422: errorResponse(
            "A member is invalid (source.pointer names it), or the appointment is not completed (appointment_not_completed, source.pointer /data/relationships/appointmentClient)",
            ["appointment_not_completed"],
          ),
        },
      },
    },
  };
}

export const REVIEW_SCHEMAS: Record<string, Schema> = {
  ReviewCreate: requestDocumentFrom("reviews", newReview),
};
