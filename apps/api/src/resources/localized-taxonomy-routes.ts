import { asc, eq, inArray, sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { BusinessTypeResource, TagResource } from "@termin/contracts/catalogue-resources";
import type { businessTypes, tags } from "@termin/db/catalogue-schema";
import type { Language } from "@termin/domain/languages";
import { AppError } from "../http/app-error.ts";
import { requestLanguage } from "../http/request-language.ts";
import { applySparseFields, collectionDocument, pageOf, singleDocument } from "../jsonapi/documents.ts";
import { isDatabaseId } from "../jsonapi/relationships.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../jsonapi/query.ts";
import type { ApiDependencies } from "../api-dependencies.ts";

type TaxonomyResource = BusinessTypeResource | TagResource;
type TaxonomyTable = typeof businessTypes | typeof tags;
type TaxonomyRow = { id: number; slug: string; names: Record<Language, string> };

type TaxonomyRules = CollectionRules<"name", "slug"> & { type: TaxonomyResource["type"] };

export function localizedTaxonomyRules(type: TaxonomyResource["type"]): TaxonomyRules {
  return {
    type,
    attributes: ["slug", "name"],
    sortable: ["name"],
    defaultSort: [{ field: "name", direction: "asc" }],
    filters: { slug: "text" },
  };
}

export function toTaxonomyResource(
  type: TaxonomyResource["type"],
  row: TaxonomyRow,
  language: Language,
): TaxonomyResource {
  return {
    type,
    id: String(row.id),
    attributes: { slug: row.slug, name: row.names[language] },
    links: { self: `/v1c/${type}/${row.id}` },
  };
}

/**
 * GET /{type} and /{type}/:id for a small taxonomy named per language (business types, tags): the list is
 * read whole, sorted by the name in the request language and paged in memory.
 */
export function localizedTaxonomyRoutes(
  rules: TaxonomyRules,
  table: TaxonomyTable,
): FastifyPluginAsync<ApiDependencies> {
  const { type } = rules;
  const toResource = (row: TaxonomyRow, language: Language) => toTaxonomyResource(type, row, language);
  const columns = { id: table.id, slug: table.slug, names: table.names };

  return async (app, { database }) => {
    app.get(`/${type}`, async (request, reply) => {
      const url = new URL(request.url, "http://api");
      const query = parseCollectionQuery(request.query as Record<string, string>, rules);
      const language = requestLanguage(request, reply);
      const localizedName = sql`${table.names}->>${language}`;
      const rows: TaxonomyRow[] = await database.db
        .select(columns)
        .from(table)
        .where(query.filter.slug ? inArray(table.slug, query.filter.slug) : undefined)
        .orderBy(
          ...query.sort.map(({ direction }) => sql`${localizedName} ${direction === "asc" ? sql`asc` : sql`desc`}`),
          asc(table.id),
        );
      const data = pageOf(rows, query.page).map((row) =>
        applySparseFields(toResource(row, language), query.fields[type]),
      );
      return collectionDocument({ url, data, total: rows.length, page: query.page });
    });

    app.get<{ Params: { id: string } }>(`/${type}/:id`, async (request, reply) => {
      const url = new URL(request.url, "http://api");
      const query = parseResourceQuery(request.query as Record<string, string>, rules);
      const language = requestLanguage(request, reply);
      const { id } = request.params;
      const [row] = isDatabaseId(id)
        ? await database.db
            .select(columns)
            .from(table)
            .where(eq(table.id, Number(id)))
        : [];
      if (!row) throw new AppError("not_found", `No ${type} resource has the id ${id}.`);
      return singleDocument({ url, data: applySparseFields(toResource(row, language), query.fields[type]) });
    });
  };
}
