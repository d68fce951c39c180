import type { FastifyPluginAsync } from "fastify";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { requireClient } from "../../auth/authenticate.ts";
import { AppError } from "../../http/app-error.ts";
import { applySparseFields, singleDocument } from "../../jsonapi/documents.ts";
import { parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import { findClient } from "./find-client.ts";
import { CLIENT_INCLUDES, clientIncludes } from "./load-client-includes.ts";
import { clientAttributes, toClientResource } from "./serialize.ts";

export const clientRules: CollectionRules<never, never> = {
  type: "clients",
  attributes: clientAttributes,
  sortable: [],
  defaultSort: [],
  filters: [],
  includable: CLIENT_INCLUDES,
  relatedTypes: { avatars: ["url"], languages: ["code", "name"] },
};

/**
 * The signed-in client's own account. `me` names it without knowing the id; any other client's id answers
 * 404 (never 403), so ids of other accounts cannot be probed.
 */
export const clientRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  const db = database.db;

  app.get<{ Params: { id: string } }>("/clients/:id", async (request) => {
    const { clientId } = await requireClient(request, db);
    const query = parseResourceQuery(request.query as Record<string, string>, clientRules);
    if (request.params.id !== "me" && request.params.id !== clientId) throw noSuchClient(request.params.id);
    const row = await findClient(db, clientId);
    if (!row) throw noSuchClient(request.params.id);
    return singleDocument({
      url: new URL(request.url, "http://api"),
      data: applySparseFields(toClientResource(row), query.fields.clients),
      included: clientIncludes(row, query.include).map((item) => applySparseFields(item, query.fields[item.type])),
    });
  });
};

export function noSuchClient(id: string): AppError {
  return new AppError("not_found", `No client has the id ${id}.`);
}
