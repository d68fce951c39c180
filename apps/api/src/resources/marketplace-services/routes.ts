import { asc, inArray, sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { marketplaceServices } from "@termin/db/catalogue-schema";
import { requestLanguage } from "../../http/request-language.ts";
import { applySparseFields, collectionDocument, pageOf } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, type CollectionRules } from "../../jsonapi/query.ts";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { marketplaceServiceAttributes, toMarketplaceServiceResource } from "./serialize.ts";

const TYPE = "marketplace-services";

export const marketplaceServiceRules: CollectionRules<"name", "category" | "slug"> = {
  type: TYPE,
  attributes: marketplaceServiceAttributes,
  sortable: ["name"],
  defaultSort: [],
  filters: { category: "text", slug: "text" },
};

/** The taxonomy a visitor browses by (home categories, the services page, search filters). Small: not paged away. */
export const marketplaceServiceRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  app.get(`/${TYPE}`, async (request, reply) => {
    const url = new URL(request.url, "http://api");
    const query = parseCollectionQuery(request.query as Record<string, string>, marketplaceServiceRules);
    const language = requestLanguage(request, reply);
    const { category: categories, slug: slugs } = query.filter;
    const where = [
      categories ? inArray(marketplaceServices.category, categories) : undefined,
      slugs ? inArray(marketplaceServices.slug, slugs) : undefined,
    ].filter((condition) => condition !== undefined);
    const localizedName = sql`${marketplaceServices.names}->>${language}`;
    const rows = await database.db
      .select()
      .from(marketplaceServices)
      .where(where.length > 0 ? sql.join(where, sql` and `) : undefined)
      .orderBy(
        ...query.sort.map(({ direction }) =>
          direction === "asc" ? sql`${localizedName} asc` : sql`${localizedName} desc`,
        ),
        asc(marketplaceServices.id),
      );
    const data = pageOf(rows, query.page).map((row) =>
      applySparseFields(toMarketplaceServiceResource(row, language), query.fields[TYPE]),
    );
    return collectionDocument({ url, data, total: rows.length, page: query.page });
  });
};
