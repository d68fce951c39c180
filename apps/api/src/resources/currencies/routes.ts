import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { CurrencyResource } from "@termin/contracts/catalogue-resources";
import { currencies } from "@termin/db/catalogue-schema";
import { AppError } from "../../http/app-error.ts";
import { applySparseFields, collectionDocument, pageOf, singleDocument } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import type { ApiDependencies } from "../../api-dependencies.ts";

const TYPE = "currencies";

export const currencyRules: CollectionRules<never, never> = {
  type: TYPE,
  attributes: ["code", "minor_units"],
  sortable: [],
  defaultSort: [],
  filters: {},
};

function toCurrencyResource(row: typeof currencies.$inferSelect): CurrencyResource {
  return {
    type: TYPE,
    id: row.code,
    attributes: { code: row.code, minor_units: row.minorUnits },
    links: { self: `/v1c/currencies/${row.code}` },
  };
}

/** The currencies prices are given in, by ISO 4217 code; a handful of rows, paged in memory. */
export const currencyRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  app.get(`/${TYPE}`, async (request) => {
    const url = new URL(request.url, "http://api");
    const query = parseCollectionQuery(request.query as Record<string, string>, currencyRules);
    const rows = await database.db.select().from(currencies).orderBy(asc(currencies.code));
    const data = pageOf(rows, query.page).map((row) => applySparseFields(toCurrencyResource(row), query.fields[TYPE]));
    return collectionDocument({ url, data, total: rows.length, page: query.page });
  });

  app.get<{ Params: { id: string } }>(`/${TYPE}/:id`, async (request) => {
    const url = new URL(request.url, "http://api");
    const query = parseResourceQuery(request.query as Record<string, string>, currencyRules);
    const { id } = request.params;
    const [row] = /^[A-Z]{3}$/.test(id)
      ? await database.db.select().from(currencies).where(eq(currencies.code, id))
      : [];
    if (!row) throw new AppError("not_found", `No currency has the code ${id}.`);
    return singleDocument({ url, data: applySparseFields(toCurrencyResource(row), query.fields[TYPE]) });
  });
};
