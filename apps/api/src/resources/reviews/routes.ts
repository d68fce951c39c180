import type { FastifyPluginAsync } from "fastify";
import { matchAcceptLanguage } from "@termin/domain/languages";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { requireClient } from "../../auth/authenticate.ts";
import type { CollectionRules } from "../../jsonapi/query.ts";
import { employeeAttributes } from "../employees/serialize.ts";
import { readOnlyRoutes } from "../read-only-resource.ts";
import { reviewItemAttributes } from "../review-items/serialize.ts";
import { createReview } from "./create-review.ts";
import { findReview, listReviews, type ReviewFilter, type ReviewSortField } from "./list-reviews.ts";
import { loadReviewIncludes, REVIEW_INCLUDES } from "./load-review-includes.ts";
import { parseReviewDocument } from "./review-input.ts";
import { reviewAttributes, toReviewResource } from "./serialize.ts";
import { systemClock } from "../../http/clock.ts";
import { readContextOf } from "../../sites/read-context.ts";

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
const readReviewRoutes = readOnlyRoutes({
  rules: reviewRules,
  noun: "review",
  list: listReviews,
  find: findReview,
  serialize: toReviewResource,
  loadIncludes: loadReviewIncludes,
});

/** Reading reviews (anyone), and `POST /reviews`: a signed-in client reviews a completed appointment of theirs. */
export const reviewRoutes: FastifyPluginAsync<ApiDependencies> = async (app, dependencies) => {
  await readReviewRoutes(app, dependencies);
  const db = dependencies.database.db;
  const clock = dependencies.clock ?? systemClock;

  app.post("/reviews", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const input = parseReviewDocument(request.body);
    const id = await createReview({
      db,
      site: request.site,
      clientId,
      input,
      language: matchAcceptLanguage(request.headers["accept-language"]),
      now: clock.now(),
    });
    const context = readContextOf(request, reply, db);
    const row = await findReview(context, id);
    if (!row) throw new Error(`review ${id} vanished after it was written`);
    // Its items come along (the GET's `include=reviewItems`): the client sees at once what was stored.
    const included = await loadReviewIncludes(context, [row], ["reviewItems"]);
    const self = `/v1c/reviews/${id}`;
    return reply
      .status(201)
      .header("location", self)
      .send({
        jsonapi: { version: "1.1" },
        data: toReviewResource(row),
        ...(included.length > 0 ? { included } : {}),
        links: { self },
      });
  });
};
