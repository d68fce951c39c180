import type { FastifyPluginAsync } from "fastify";
import { inArray } from "drizzle-orm";
import { neighborhoods } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import type { Language } from "@termin/domain/languages";
import { AppError } from "../../http/app-error.ts";
import { requestLanguage } from "../../http/request-language.ts";
import { applySparseFields, collectionDocument, singleDocument } from "../../jsonapi/documents.ts";
import { groupBy, isDatabaseId } from "../../jsonapi/relationships.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { listCities, type CityFilter, type CitySortField } from "./list-cities.ts";
import {
  cityAttributes,
  neighborhoodAttributes,
  toCityResource,
  toNeighborhoodResource,
  type CityRow,
} from "./serialize.ts";

const TYPE = "cities";

export const cityRules: CollectionRules<CitySortField, CityFilter> = {
  type: TYPE,
  attributes: cityAttributes,
  sortable: ["name", "location_count"],
  defaultSort: [{ field: "location_count", direction: "desc" }],
  filters: { slug: "text", country: "text" },
  includable: ["neighborhoods"],
  relatedTypes: { neighborhoods: neighborhoodAttributes },
};

/** The neighborhoods of a page of cities, in one query: each city's linkage and, if asked, the included resources. */
async function loadNeighborhoods(db: Database, rows: CityRow[]) {
  const found =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(neighborhoods)
          .where(
            inArray(
              neighborhoods.cityId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(neighborhoods.name, neighborhoods.id);
  const byCity = groupBy(found, (row) => row.cityId);
  return { rows: found, idsOf: (cityId: number) => (byCity.get(cityId) ?? []).map((row) => row.id) };
}

function toDocumentParts(
  rows: CityRow[],
  related: Awaited<ReturnType<typeof loadNeighborhoods>>,
  query: { include: string[]; fields: Record<string, string[]> },
  language: Language,
) {
  return {
    data: rows.map((row) =>
      applySparseFields(toCityResource(row, language, related.idsOf(row.id)), query.fields[TYPE]),
    ),
    included: query.include.includes("neighborhoods")
      ? related.rows.map((row) => applySparseFields(toNeighborhoodResource(row), query.fields.neighborhoods))
      : [],
  };
}

export const cityRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  app.get(`/${TYPE}`, async (request, reply) => {
    const url = new URL(request.url, "http://api");
    const query = parseCollectionQuery(request.query as Record<string, string>, cityRules);
    const language = requestLanguage(request, reply);
    const { rows, total } = await listCities(database.db, { ...query, language });
    const { data, included } = toDocumentParts(rows, await loadNeighborhoods(database.db, rows), query, language);
    return collectionDocument({ url, data, included, total, page: query.page });
  });

  app.get<{ Params: { id: string } }>(`/${TYPE}/:id`, async (request, reply) => {
    const url = new URL(request.url, "http://api");
    const query = parseResourceQuery(request.query as Record<string, string>, cityRules);
    const language = requestLanguage(request, reply);
    const { id } = request.params;
    const {
      rows: [row],
    } = isDatabaseId(id)
      ? await listCities(database.db, { page: { number: 1, size: 1 }, sort: [], filter: { id: [id] }, language })
      : { rows: [] };
    if (!row) throw new AppError("not_found", `No city has the id ${id}.`);
    const neighborhoodsOfCity = await loadNeighborhoods(database.db, [row]);
    const { included } = toDocumentParts([row], neighborhoodsOfCity, query, language);
    const data = toCityResource(row, language, neighborhoodsOfCity.idsOf(row.id));
    return singleDocument({ url, data: applySparseFields(data, query.fields[TYPE]), included });
  });
};
