import type { FastifyPluginAsync } from "fastify";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { requireClient } from "../../auth/authenticate.ts";
import { applySparseFields, collectionDocument, singleDocument } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import { businessAttributes } from "../businesses/serialize.ts";
import { formAnswerAttributes } from "../form-answers/serialize.ts";
import { findForm, listForms, noSuchForm, type FormFilter, type FormSortField } from "./list-forms.ts";
import { FORM_INCLUDES, loadFormIncludes } from "./load-form-includes.ts";
import { formAttributes, toFormResource } from "./serialize.ts";

export const formRules: CollectionRules<FormSortField, FormFilter> = {
  type: "forms",
  attributes: formAttributes,
  sortable: ["sent_at"],
  defaultSort: [{ field: "sent_at", direction: "desc" }],
  filters: { status: "text" },
  includable: FORM_INCLUDES,
  relatedTypes: { businesses: businessAttributes, "form-answers": formAnswerAttributes },
};

const narrow = <T extends ResourceObject>(resource: T, fields: Record<string, string[]>): T =>
  applySparseFields(resource, fields[resource.type]);

/** The forms businesses sent to the signed-in client (spec: forms, login required); never anyone else's. */
export const formRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  const db = database.db;

  app.get("/forms", async (request) => {
    const { clientId } = await requireClient(request, db);
    const query = parseCollectionQuery(request.query as Record<string, string>, formRules);
    const context = { db, site: request.site };
    const { rows, total } = await listForms(context, clientId, query);
    const included = await loadFormIncludes(context, clientId, rows, query.include);
    return collectionDocument({
      url: new URL(request.url, "http://api"),
      data: rows.map((row) => narrow(toFormResource(row), query.fields)),
      included: included.map((item) => narrow(item, query.fields)),
      total,
      page: query.page,
    });
  });

  app.get<{ Params: { id: string } }>("/forms/:id", async (request) => {
    const { clientId } = await requireClient(request, db);
    const query = parseResourceQuery(request.query as Record<string, string>, formRules);
    const context = { db, site: request.site };
    const row = await findForm(context, clientId, request.params.id);
    if (!row) throw noSuchForm(request.params.id);
    const included = await loadFormIncludes(context, clientId, [row], query.include);
    return singleDocument({
      url: new URL(request.url, "http://api"),
      data: narrow(toFormResource(row), query.fields),
      included: included.map((item) => narrow(item, query.fields)),
    });
  });
};
