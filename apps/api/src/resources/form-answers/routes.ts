import { z } from "zod";
import type { FastifyPluginAsync } from "fastify";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { requireClient } from "../../auth/authenticate.ts";
import { AppError, AppErrors } from "../../http/app-error.ts";
import { applySparseFields, collectionDocument, singleDocument } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import { parseResourceDocument } from "../../jsonapi/request-body.ts";
import type { SiteReader } from "../../sites/read-context.ts";
import { findForms } from "../forms/list-forms.ts";
import { formAttributes, toFormResource } from "../forms/serialize.ts";
import {
  findFormAnswers,
  listFormAnswers,
  type FormAnswerFilter,
  type FormAnswerRow,
  type FormAnswerSortField,
} from "./list-form-answers.ts";
import { formAnswerAttributes, toFormAnswerResource } from "./serialize.ts";
import { submitFormAnswer } from "./submit-form-answer.ts";

export const formAnswerRules: CollectionRules<FormAnswerSortField, FormAnswerFilter> = {
  type: "form-answers",
  attributes: formAnswerAttributes,
  sortable: ["submitted_at"],
  defaultSort: [{ field: "submitted_at", direction: "desc" }],
  filters: { form: "uuid" },
  includable: ["form"],
  relatedTypes: { forms: formAttributes },
};

/** The `data` of POST /form-answers: the answers keyed by question, and the form (a sending's UUID) they answer. */
export const formAnswerData = z.object({
  attributes: z.strictObject({
    values: z.record(z.string(), z.unknown(), { error: "values must be an object of answers keyed by field key." }),
  }),
  relationships: z.object({
    form: z.object({
      data: z.object({ type: z.literal("forms"), id: z.string().min(1) }, { error: "Name the form answered." }),
    }),
  }),
});

const narrow = <T extends ResourceObject>(resource: T, fields: Record<string, string[]>): T =>
  applySparseFields(resource, fields[resource.type]);

/** The answered forms, read through the same client check as the answers: never another client's. */
async function formsOf(context: SiteReader, clientId: string, rows: FormAnswerRow[], include: string[]) {
  if (!include.includes("form")) return [];
  const forms = await findForms(context, clientId, [...new Set(rows.map((row) => row.formRequestId))]);
  return forms.map(toFormResource);
}

/** A client's answers to the forms sent to them: sent once (POST), then only read. */
export const formAnswerRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  const db = database.db;

  app.get("/form-answers", async (request) => {
    const { clientId } = await requireClient(request, db);
    const query = parseCollectionQuery(request.query as Record<string, string>, formAnswerRules);
    const context = { db, site: request.site };
    const { rows, total } = await listFormAnswers(context, clientId, query);
    const included = await formsOf(context, clientId, rows, query.include);
    return collectionDocument({
      url: new URL(request.url, "http://api"),
      data: rows.map((row) => narrow(toFormAnswerResource(row), query.fields)),
      included: included.map((item) => narrow(item, query.fields)),
      total,
      page: query.page,
    });
  });

  app.get<{ Params: { id: string } }>("/form-answers/:id", async (request) => {
    const { clientId } = await requireClient(request, db);
    const query = parseResourceQuery(request.query as Record<string, string>, formAnswerRules);
    const context = { db, site: request.site };
    const [row] = await findFormAnswers(context, clientId, [request.params.id]);
    if (!row) throw new AppError("not_found", `You have no form answer with the id ${request.params.id}.`);
    const included = await formsOf(context, clientId, [row], query.include);
    return singleDocument({
      url: new URL(request.url, "http://api"),
      data: narrow(toFormAnswerResource(row), query.fields),
      included: included.map((item) => narrow(item, query.fields)),
    });
  });

  app.post("/form-answers", async (request, reply) => {
    const { clientId } = await requireClient(request, db);
    const data = parseResourceDocument(request.body, { type: "form-answers", schema: formAnswerData });
    const result = await submitFormAnswer({
      db,
      site: request.site,
      clientId,
      formId: data.relationships.form.data.id,
      values: data.attributes.values,
    });
    if ("errors" in result) throw new AppErrors(result.errors);
    const resource = toFormAnswerResource(result.answer);
    const self = `/v1c/form-answers/${resource.id}`;
    return reply
      .status(201)
      .header("location", self)
      .send(singleDocument({ url: new URL(self, "http://api"), data: resource }));
  });
};
