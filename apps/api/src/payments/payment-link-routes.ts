import type { FastifyPluginAsync } from "fastify";
import { PAYMENT_METHODS } from "@termin/domain/payment-methods";
import type { ApiDependencies } from "../api-dependencies.ts";
import { requireClient } from "../auth/authenticate.ts";
import { AppError } from "../http/app-error.ts";
import { applySparseFields, collectionDocument, singleDocument } from "../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../jsonapi/query.ts";
import { isDatabaseId } from "../jsonapi/relationships.ts";
import {
  listOwnPaymentLinks,
  PAYMENT_LINK_ATTRIBUTES,
  readOwnPaymentLink,
  toPaymentLinkResource,
  toPaymentMethodResource,
} from "./payment-link-resources.ts";

export const paymentLinkRules: CollectionRules<never, never> = {
  type: "payment-links",
  attributes: PAYMENT_LINK_ATTRIBUTES,
  sortable: [],
  defaultSort: [],
  filters: {},
};

export const paymentMethodRules: CollectionRules<never, never> = {
  type: "payment-methods",
  attributes: ["name"],
  sortable: [],
  defaultSort: [],
  filters: {},
};

/** GET /v1c/payment-links (the client's own, newest first) and /v1c/payment-links/{id} (its owner only), GET /v1c/payment-methods and /v1c/payment-methods/{id}. */
export const paymentLinkRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database, config }) => {
  const db = database.db;

  app.get("/payment-links", async (request) => {
    const query = parseCollectionQuery(request.query as Record<string, string>, paymentLinkRules);
    const { clientId } = await requireClient(request, db, "appointments");
    const { rows, total } = await listOwnPaymentLinks({ db, site: request.site }, clientId, query.page);
    const data = rows.map((row) =>
      applySparseFields(toPaymentLinkResource(row, config.publicUrl), query.fields["payment-links"]),
    );
    return collectionDocument({ url: new URL(request.url, "http://api"), data, total, page: query.page });
  });

  app.get<{ Params: { id: string } }>("/payment-links/:id", async (request) => {
    const { fields } = parseResourceQuery(request.query as Record<string, string>, paymentLinkRules);
    const { clientId } = await requireClient(request, db, "appointments");
    const notFound = () => new AppError("not_found", `You have no payment link ${request.params.id}.`);
    if (!isDatabaseId(request.params.id)) throw notFound();
    const row = await readOwnPaymentLink({ db, site: request.site }, clientId, Number(request.params.id));
    if (!row) throw notFound();
    const data = applySparseFields(toPaymentLinkResource(row, config.publicUrl), fields["payment-links"]);
    return singleDocument({ url: new URL(request.url, "http://api"), data });
  });

  app.get("/payment-methods", async (request) => {
    const query = parseCollectionQuery(request.query as Record<string, string>, paymentMethodRules);
    const { number, size } = query.page;
    const data = PAYMENT_METHODS.slice((number - 1) * size, number * size).map((method) =>
      applySparseFields(toPaymentMethodResource(method), query.fields["payment-methods"]),
    );
    const url = new URL(request.url, "http://api");
    return collectionDocument({ url, data, total: PAYMENT_METHODS.length, page: query.page });
  });

  app.get<{ Params: { id: string } }>("/payment-methods/:id", async (request) => {
    const { fields } = parseResourceQuery(request.query as Record<string, string>, paymentMethodRules);
    const method = PAYMENT_METHODS.find((each) => String(each.id) === request.params.id);
    if (!method) throw new AppError("not_found", `No payment method has the id ${request.params.id}.`);
    const data = applySparseFields(toPaymentMethodResource(method), fields["payment-methods"]);
    return singleDocument({ url: new URL(request.url, "http://api"), data });
  });
};
