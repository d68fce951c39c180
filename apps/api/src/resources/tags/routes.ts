import { tags } from "@termin/db/catalogue-schema";
import { localizedTaxonomyRoutes, localizedTaxonomyRules } from "../localized-taxonomy-routes.ts";

export const tagRules = localizedTaxonomyRules("tags");

/** GET /tags and /tags/:id: location features (card payment, parking...) in the request language. */
export const tagRoutes = localizedTaxonomyRoutes(tagRules, tags);
