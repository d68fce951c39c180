import { businessTypes } from "@termin/db/catalogue-schema";
import { localizedTaxonomyRoutes, localizedTaxonomyRules } from "../localized-taxonomy-routes.ts";

export const businessTypeRules = localizedTaxonomyRules("business-types");

/** GET /business-types and /business-types/:id: hair salon, spa... in the request language. */
export const businessTypeRoutes = localizedTaxonomyRoutes(businessTypeRules, businessTypes);
