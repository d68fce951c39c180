import type { FastifyPluginAsync } from "fastify";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { AppError } from "../../http/app-error.ts";
import { requestLanguage } from "../../http/request-language.ts";
import { applySparseFields, collectionDocument, singleDocument } from "../../jsonapi/documents.ts";
import { isDatabaseId } from "../../jsonapi/relationships.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { locationAttributes } from "../locations/serialize.ts";
import { mediaAttributes } from "../media/serialize.ts";
import { filterWithinSite } from "../../sites/within-site.ts";
import { listBusinesses, type BusinessFilter, type BusinessSortField } from "./list-businesses.ts";
import { BUSINESS_INCLUDES, loadBusinessRelations } from "./load-business-relations.ts";
import { businessAttributes, toBusinessResource } from "./serialize.ts";

const TYPE = "businesses";

export const businessRules: CollectionRules<BusinessSortField, BusinessFilter> = {
  type: TYPE,
  attributes: businessAttributes,
  sortable: ["name"],
  defaultSort: [{ field: "name", direction: "asc" }],
  filters: { slug: "text", business_type: "text" },
  includable: BUSINESS_INCLUDES,
  relatedTypes: { "business-types": ["slug", "name"], media: mediaAttributes, locations: locationAttributes },
};

const narrow = <T extends ResourceObject>(resource: T, fields: Record<string, string[]>): T =>
  applySparseFields(resource, fields[resource.type]);

/** The public profiles of businesses; their settings are served only in part, by /settings. */
export const businessRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  app.get(`/${TYPE}`, async (request, reply) => {
    const url = new URL(request.url, "http://api");
    const query = parseCollectionQuery(request.query as Record<string, string>, businessRules);
    const language = requestLanguage(request, reply);
    const { rows, total } = await listBusinesses(database.db, {
      ...query,
      filter: filterWithinSite<BusinessFilter | "id">(query.filter, "id", request.site),
    });
    const { locationIdsOf, included } = await loadBusinessRelations(database.db, rows, query.include, language);
    return collectionDocument({
      url,
      data: rows.map((row) => narrow(toBusinessResource(row, locationIdsOf(row.id)), query.fields)),
      included: included.map((resource) => narrow(resource, query.fields)),
      total,
      page: query.page,
    });
  });

  app.get<{ Params: { id: string } }>(`/${TYPE}/:id`, async (request, reply) => {
    const url = new URL(request.url, "http://api");
    const query = parseResourceQuery(request.query as Record<string, string>, businessRules);
    const language = requestLanguage(request, reply);
    const { id } = request.params;
    const {
      rows: [row],
    } = isDatabaseId(id)
      ? await listBusinesses(database.db, {
          page: { number: 1, size: 1 },
          sort: [],
          filter: filterWithinSite<BusinessFilter | "id">({ id: [id] }, "id", request.site),
        })
      : { rows: [] };
    if (!row) throw new AppError("not_found", `No business has the id ${id}.`);
    const { locationIdsOf, included } = await loadBusinessRelations(database.db, [row], query.include, language);
    return singleDocument({
      url,
      data: narrow(toBusinessResource(row, locationIdsOf(row.id)), query.fields),
      included: included.map((resource) => narrow(resource, query.fields)),
    });
  });
};
