import { and, eq } from "drizzle-orm";
import { siteBusinessId } from "@termin/contracts/site";
import type { FastifyPluginAsync } from "fastify";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { locations } from "@termin/db/catalogue-schema";
import { AppError } from "../../http/app-error.ts";
import { filterWithinSite } from "../../sites/within-site.ts";
import { requestLanguage } from "../../http/request-language.ts";
import { applySparseFields, collectionDocument, singleDocument } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { businessAttributes } from "../businesses/serialize.ts";
import { cityAttributes, neighborhoodAttributes } from "../cities/serialize.ts";
import { listLocations, type LocationFilter, type LocationSortField } from "./list-locations.ts";
import { LOCATION_INCLUDES, loadLocationRelations } from "./load-location-includes.ts";
import { mediaAttributes } from "../media/serialize.ts";
import { workingHoursAttributes } from "../working-hours/serialize.ts";
import { locationAttributes, toLocationResource } from "./serialize.ts";

const TYPE = "locations";

export const locationRules: CollectionRules<LocationSortField, LocationFilter> = {
  type: TYPE,
  attributes: locationAttributes,
  sortable: ["name", "rating", "review_count"],
  defaultSort: [{ field: "rating", direction: "desc" }],
  filters: { id: "id", city: "text", neighborhood: "text", business: "id", marketplace_service: "text", slug: "text" },
  includable: LOCATION_INCLUDES,
  relatedTypes: {
    businesses: businessAttributes,
    cities: cityAttributes,
    neighborhoods: neighborhoodAttributes,
    "working-hours": workingHoursAttributes,
    media: mediaAttributes,
    tags: ["slug", "name"],
  },
};

/** Sparse fieldsets for the main data and for each included type. */
function narrow<T extends ResourceObject>(resource: T, fields: Record<string, string[]>): T {
  return applySparseFields(resource, fields[resource.type]);
}

export const locationRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  app.get(`/${TYPE}`, async (request, reply) => {
    const url = new URL(request.url, "http://api");
    const query = parseCollectionQuery(request.query as Record<string, string>, locationRules);
    const language = requestLanguage(request, reply);
    const { rows, total } = await listLocations(database.db, {
      page: query.page,
      sort: query.sort,
      filter: filterWithinSite(query.filter, "business", request.site),
    });
    const { linkageOf, included } = await loadLocationRelations(database.db, rows, query.include, language);
    return collectionDocument({
      url,
      data: rows.map((row) => narrow(toLocationResource(row, linkageOf(row.id)), query.fields)),
      included: included.map((resource) => narrow(resource, query.fields)),
      total,
      page: query.page,
    });
  });

  app.get<{ Params: { id: string } }>(`/${TYPE}/:id`, async (request, reply) => {
    const url = new URL(request.url, "http://api");
    const query = parseResourceQuery(request.query as Record<string, string>, locationRules);
    const language = requestLanguage(request, reply);
    if (!/^\d{1,9}$/.test(request.params.id))
      throw new AppError("not_found", `No location has the id ${request.params.id}.`);
    const businessId = siteBusinessId(request.site);
    const [row] = await database.db
      .select()
      .from(locations)
      .where(
        and(
          eq(locations.id, Number(request.params.id)),
          businessId === null ? undefined : eq(locations.businessId, businessId),
        ),
      );
    if (!row) throw new AppError("not_found", `No location has the id ${request.params.id}.`);
    const { linkageOf, included } = await loadLocationRelations(database.db, [row], query.include, language);
    return singleDocument({
      url,
      data: narrow(toLocationResource(row, linkageOf(row.id)), query.fields),
      included: included.map((resource) => narrow(resource, query.fields)),
    });
  });
};
