import type { ReviewItemResource } from "@termin/contracts/offer-resources";
import type { reviewItems } from "@termin/db/catalogue-schema";
import { toOne } from "../../jsonapi/relationships.ts";

export type ReviewItemRow = typeof reviewItems.$inferSelect;

export const reviewItemAttributes = ["aspect", "rating"] as const;

export function toReviewItemResource(row: ReviewItemRow): ReviewItemResource {
  return {
    type: "review-items",
    id: String(row.id),
    attributes: { aspect: row.aspect, rating: row.rating },
    relationships: { review: toOne("reviews", row.reviewId) },
    links: { self: `/v1c/review-items/${row.id}` },
  };
}
