import type { FastifyReply, FastifyRequest } from "fastify";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import type { ClientResource } from "@termin/contracts/client-resources";
import type { Database } from "@termin/db/database";
import { AppError } from "../../http/app-error.ts";
import { requestLanguage } from "../../http/request-language.ts";
import { applySparseFields, singleDocument } from "../../jsonapi/documents.ts";
import { parseResourceQuery, type CollectionQuery, type CollectionRules } from "../../jsonapi/query.ts";
import { findClient } from "./find-client.ts";
import { CLIENT_INCLUDES, clientIncludes, INCLUDED_ATTRIBUTES } from "./load-client-includes.ts";
import { clientAttributes, toClientResource } from "./serialize.ts";

export const clientRules: CollectionRules<never, never> = {
  type: "clients",
  attributes: clientAttributes,
  sortable: [],
  defaultSort: [],
  filters: {},
  includable: CLIENT_INCLUDES,
  relatedTypes: INCLUDED_ATTRIBUTES,
};

export type ClientQuery = Pick<CollectionQuery<never, never>, "fields" | "include">;

/** `include` and `fields[...]` of a client request; read before any change, so a bad one changes nothing. */
export function parseClientQuery(request: FastifyRequest): ClientQuery {
  return parseResourceQuery(request.query as Record<string, string>, clientRules);
}

/**
 * The client's document, as GET answers it and as PATCH and PUT answer after a change (`alsoInclude` adds
 * what a change is about, e.g. the new avatar).
 */
export async function clientDocument(options: {
  db: Database;
  clientId: string;
  query: ClientQuery;
  request: FastifyRequest;
  reply: FastifyReply;
  alsoInclude?: readonly string[];
}): Promise<SingleDocument<ClientResource>> {
  const { db, clientId, query, request, reply } = options;
  const language = requestLanguage(request, reply);
  const row = await findClient(db, clientId);
  if (!row) throw new AppError("not_found", `No client has the id ${clientId}.`);
  const include = [...query.include, ...(options.alsoInclude ?? [])];
  return singleDocument({
    url: new URL(request.url, "http://api"),
    data: applySparseFields(toClientResource(row), query.fields.clients),
    included: clientIncludes(row, include, language).map((item) => applySparseFields(item, query.fields[item.type])),
  });
}
