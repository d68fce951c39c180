import type { CollectionRules } from "../../jsonapi/query.ts";
import { employeeAttributes } from "../employees/serialize.ts";
import { readOnlyRoutes } from "../read-only-resource.ts";
import { reviewItemAttributes } from "../review-items/serialize.ts";
import { findReview, listReviews, type ReviewFilter, type ReviewSortField } from "./list-reviews.ts";
import { loadReviewIncludes, REVIEW_INCLUDES } from "./load-review-includes.ts";
import { reviewAttributes, toReviewResource } from "./serialize.ts";

export const reviewRules: CollectionRules<ReviewSortField, ReviewFilter> = {
  type: "reviews",
  attributes: reviewAttributes,
  sortable: ["created_at", "rating"],
  defaultSort: [{ field: "created_at", direction: "desc" }],
  filters: { location: "id", employee: "id", rating: "text" },
  includable: REVIEW_INCLUDES,
  relatedTypes: { "review-items": reviewItemAttributes, employees: employeeAttributes },
};

/** Clients' reviews of locations, newest first. */
export const reviewRoutes = readOnlyRoutes({
  rules: reviewRules,
  noun: "review",
  list: listReviews,
  find: findReview,
  serialize: toReviewResource,
  loadIncludes: loadReviewIncludes,
});
