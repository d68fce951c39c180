import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { cities, locations, neighborhoods } from "@termin/db/catalogue-schema";
import { AppError } from "../../http/app-error.ts";
import { applySparseFields, collectionDocument, singleDocument } from "../../jsonapi/documents.ts";
import { isDatabaseId } from "../../jsonapi/relationships.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { neighborhoodAttributes, toNeighborhoodResource } from "../cities/serialize.ts";

const TYPE = "neighborhoods";

export const neighborhoodRules: CollectionRules<"name", "city" | "slug" | "has_locations"> = {
  type: TYPE,
  attributes: neighborhoodAttributes,
  sortable: ["name"],
  defaultSort: [{ field: "name", direction: "asc" }],
  filters: { city: "text", slug: "text", has_locations: { oneOf: ["true", "false"] } },
};

/** Neighborhood names are written once, in the city's own language: no Accept-Language here. */
export const neighborhoodRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  app.get(`/${TYPE}`, async (request) => {
    const url = new URL(request.url, "http://api");
    const query = parseCollectionQuery(request.query as Record<string, string>, neighborhoodRules);
    const parts: SQL[] = [];
    if (query.filter.city) {
      parts.push(
        inArray(
          neighborhoods.cityId,
          sql`(select ${cities.id} from ${cities} where ${inArray(cities.slug, query.filter.city)})`,
        ),
      );
    }
    if (query.filter.slug) parts.push(inArray(neighborhoods.slug, query.filter.slug));
    // A search filter offers only neighbourhoods where some place is: the others would find nothing.
    const hasLocations = query.filter.has_locations;
    if (hasLocations?.length === 1) {
      const some = sql`exists (select 1 from ${locations} where ${locations.neighborhoodId} = ${neighborhoods.id})`;
      parts.push(hasLocations[0] === "true" ? some : sql`not ${some}`);
    }
    const where = parts.length > 0 ? and(...parts) : undefined;
    const [rows, total] = await Promise.all([
      database.db
        .select()
        .from(neighborhoods)
        .where(where)
        .orderBy(
          ...query.sort.map(({ direction }) =>
            direction === "asc" ? asc(neighborhoods.name) : sql`${neighborhoods.name} desc`,
          ),
          asc(neighborhoods.id),
        )
        .limit(query.page.size)
        .offset((query.page.number - 1) * query.page.size),
      database.db.$count(neighborhoods, where),
    ]);
    const data = rows.map((row) => applySparseFields(toNeighborhoodResource(row), query.fields[TYPE]));
    return collectionDocument({ url, data, total, page: query.page });
  });

  app.get<{ Params: { id: string } }>(`/${TYPE}/:id`, async (request) => {
    const url = new URL(request.url, "http://api");
    const query = parseResourceQuery(request.query as Record<string, string>, neighborhoodRules);
    const { id } = request.params;
    const [row] = isDatabaseId(id)
      ? await database.db
          .select()
          .from(neighborhoods)
          .where(eq(neighborhoods.id, Number(id)))
      : [];
    if (!row) throw new AppError("not_found", `No neighborhood has the id ${id}.`);
    return singleDocument({ url, data: applySparseFields(toNeighborhoodResource(row), query.fields[TYPE]) });
  });
};
