import type { ReviewResource } from "@termin/contracts/offer-resources";
import { toMany, toOne } from "../../jsonapi/relationships.ts";
import type { ReviewRow } from "./select-reviews.ts";

export const reviewAttributes = ["author_name", "rating", "text", "language", "created_at"] as const;

export function toReviewResource(row: ReviewRow): ReviewResource {
  return {
    type: "reviews",
    id: String(row.id),
    attributes: {
      author_name: row.authorName,
      rating: row.rating,
      text: row.text,
      language: row.language,
      created_at: row.createdAt.toISOString(),
    },
    relationships: {
      location: toOne("locations", row.locationId),
      employee: toOne("employees", row.employeeId),
      reviewItems: toMany("review-items", row.itemIds),
    },
    links: { self: `/v1c/reviews/${row.id}` },
  };
}
