import type { FastifyPluginAsync } from "fastify";
import type { PageResource } from "@termin/contracts/resources";
import { AppError } from "../../http/app-error.ts";
import { requestLanguage } from "../../http/request-language.ts";
import { applySparseFields, collectionDocument, pageOf, singleDocument } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { getPage, listPages, type PageRow } from "./get-page.ts";

const TYPE = "pages";

export const pageRules: CollectionRules<never, never> = {
  type: TYPE,
  attributes: ["language", "title", "summary", "blocks", "updated_at"],
  sortable: [],
  defaultSort: [],
  filters: {},
};

function toResource(row: PageRow): PageResource {
  return {
    type: TYPE,
    id: row.id,
    attributes: {
      language: row.language,
      title: row.title,
      summary: row.summary,
      blocks: row.blocks,
      updated_at: row.updatedAt.toISOString(),
    },
    links: { self: `/v1c/${TYPE}/${row.id}` },
  };
}

/** Content pages in the language the client asks for with Accept-Language (English when it asks for none we have). */
export const pageRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  app.get(`/${TYPE}`, async (request, reply) => {
    const url = new URL(request.url, "http://api");
    const query = parseCollectionQuery(request.query as Record<string, string>, pageRules);
    const language = requestLanguage(request, reply);
    const rows = await listPages(database.db, { language });
    const data = pageOf(rows, query.page).map((row) => applySparseFields(toResource(row), query.fields[TYPE]));
    return collectionDocument({ url, data, total: rows.length, page: query.page });
  });

  app.get<{ Params: { id: string } }>(`/${TYPE}/:id`, async (request, reply) => {
    const url = new URL(request.url, "http://api");
    const query = parseResourceQuery(request.query as Record<string, string>, pageRules);
    const language = requestLanguage(request, reply);
    const row = await getPage(database.db, { id: request.params.id, language });
    if (!row) throw new AppError("not_found", `There is no page ${request.params.id}.`);
    return singleDocument({ url, data: applySparseFields(toResource(row), query.fields[TYPE]) });
  });
};
