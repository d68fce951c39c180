import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { toPaymentLinkResource } from "../payments/payment-link-resources.ts";
import type { ApiDependencies } from "../api-dependencies.ts";
import { requireClient } from "../auth/authenticate.ts";
import { AppError } from "../http/app-error.ts";
import { systemClock } from "../http/clock.ts";
import { idempotentWrite } from "../http/idempotency.ts";
import { applySparseFields, collectionDocument, pageOf } from "../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../jsonapi/query.ts";
import { databaseIds, isDatabaseId } from "../jsonapi/relationships.ts";
import { parseResourceDocument, relationshipTo } from "../jsonapi/request-body.ts";
import { readOnlyRoutes } from "../resources/read-only-resource.ts";
import { readContextOf, type ReadContext } from "../sites/read-context.ts";
import { findServices } from "../resources/services/list-services.ts";
import { serviceAttributes, toServiceResource } from "../resources/services/serialize.ts";
import { buyMembership } from "./buy-membership.ts";
import { readMembershipInstances, type MembershipInstanceRow } from "./membership-instances.ts";
import { listMemberships, type MembershipRow } from "./membership-offers.ts";
import {
  CREDIT_USE_ATTRIBUTES,
  INSTANCE_ATTRIBUTES,
  INSTANCE_SERVICE_ATTRIBUTES,
  MEMBERSHIP_ATTRIBUTES,
  MEMBERSHIP_SERVICE_ATTRIBUTES,
  PAYMENT_LINK_ATTRIBUTES,
  toCreditUseResources,
  toInstanceServiceResources,
  toMembershipInstanceResource,
  toMembershipResource,
  toMembershipServiceResources,
} from "./membership-resources.ts";

export const MEMBERSHIP_INCLUDES = ["membershipServices", "membershipServices.service"] as const;

export const membershipRules: CollectionRules<never, "location_id" | "business_id"> = {
  type: "memberships",
  attributes: MEMBERSHIP_ATTRIBUTES,
  sortable: [],
  defaultSort: [],
  filters: { location_id: "id", business_id: "id" },
  includable: MEMBERSHIP_INCLUDES,
  relatedTypes: { "membership-services": MEMBERSHIP_SERVICE_ATTRIBUTES, services: serviceAttributes },
};

export const INSTANCE_INCLUDES = [
  "membership",
  "membership.membershipServices",
  "membershipInstanceServices",
  "membershipInstanceServices.service",
  "membershipCreditUses",
  "paymentLinks",
] as const;

export const instanceRules: CollectionRules<never, "status"> = {
  type: "membership-instances",
  attributes: INSTANCE_ATTRIBUTES,
  sortable: [],
  defaultSort: [],
  filters: { status: { oneOf: ["pendingPayment", "active", "cancelled"] } },
  includable: INSTANCE_INCLUDES,
  relatedTypes: {
    memberships: MEMBERSHIP_ATTRIBUTES,
    "membership-services": MEMBERSHIP_SERVICE_ATTRIBUTES,
    "membership-instance-services": INSTANCE_SERVICE_ATTRIBUTES,
    "membership-credit-uses": CREDIT_USE_ATTRIBUTES,
    "payment-links": PAYMENT_LINK_ATTRIBUTES,
    services: serviceAttributes,
  },
};

export const newMembershipInstance = z.object({
  relationships: z.object({ membership: relationshipTo("memberships") }).strict(),
});

/** The services that the rows' membership services or instance services name, as service resources. */
async function servicesOf(
  context: ReadContext,
  rows: ReadonlyArray<{ services: ReadonlyArray<{ serviceId: number }> }>,
): Promise<ResourceObject[]> {
  const serviceIds = [...new Set(rows.flatMap((row) => row.services.map((each) => each.serviceId)))];
  if (serviceIds.length === 0) return [];
  return (await findServices(context, serviceIds)).map(toServiceResource);
}

async function offerIncludes(context: ReadContext, rows: MembershipRow[], include: readonly string[]) {
  const included: ResourceObject[] = [];
  if (include.some((path) => path.startsWith("membershipServices"))) {
    included.push(...rows.flatMap(toMembershipServiceResources));
  }
  if (include.includes("membershipServices.service")) {
    included.push(...(await servicesOf(context, rows)));
  }
  return included;
}

/** `/v1c/memberships`: what businesses sell, public. */
const offerRoutes = readOnlyRoutes<MembershipRow, never, "location_id" | "business_id">({
  rules: membershipRules,
  noun: "membership",
  list: ({ db, site }, { filter, page }) =>
    listMemberships(db, {
      site,
      ...(filter.business_id ? { businessIds: databaseIds(filter.business_id) } : {}),
      ...(filter.location_id ? { locationIds: databaseIds(filter.location_id) } : {}),
      page,
    }),
  find: async ({ db, site }, id) =>
    (await listMemberships(db, { site, ids: [id], page: { number: 1, size: 1 } })).rows[0],
  serialize: toMembershipResource,
  loadIncludes: offerIncludes,
});

/**
 * `/v1c/memberships` (public offers) and `/v1c/membership-instances` (signed in: the client's own, and buying one).
 */
export const membershipRoutes: FastifyPluginAsync<ApiDependencies> = async (app, dependencies) => {
  await app.register(offerRoutes, dependencies);
  const { database, config, clock = systemClock } = dependencies;
  const db = database.db;

  async function instanceIncludes(context: ReadContext, rows: MembershipInstanceRow[], include: readonly string[]) {
    const included: ResourceObject[] = [];
    if (
      include.some(
        (path) => path.startsWith("membership") && !path.startsWith("membershipI") && !path.startsWith("membershipC"),
      )
    ) {
      const ids = [...new Set(rows.map((row) => row.membershipId))];
      const offers = await listMemberships(context.db, {
        site: context.site,
        ids,
        withdrawn: true,
        page: { number: 1, size: ids.length },
      });
      included.push(...offers.rows.map(toMembershipResource));
      if (include.includes("membership.membershipServices")) {
        included.push(...offers.rows.flatMap(toMembershipServiceResources));
      }
    }
    if (include.some((path) => path.startsWith("membershipInstanceServices"))) {
      included.push(...rows.flatMap(toInstanceServiceResources));
    }
    if (include.includes("membershipInstanceServices.service")) {
      included.push(...(await servicesOf(context, rows)));
    }
    if (include.includes("membershipCreditUses")) included.push(...rows.flatMap(toCreditUseResources));
    if (include.includes("paymentLinks")) {
      included.push(
        ...rows.flatMap((row) => row.paymentLinks.map((link) => toPaymentLinkResource(link, config.publicUrl))),
      );
    }
    return included;
  }

  const narrow = (item: ResourceObject, fields: Record<string, string[]>) => applySparseFields(item, fields[item.type]);

  async function instanceDocument(
    context: ReadContext,
    row: MembershipInstanceRow,
    include: readonly string[],
    fields: Record<string, string[]> = {},
  ) {
    const included = await instanceIncludes(context, [row], include);
    return {
      jsonapi: { version: "1.1" },
      data: narrow(toMembershipInstanceResource(row), fields),
      ...(included.length > 0 ? { included: included.map((item) => narrow(item, fields)) } : {}),
      links: { self: `/v1c/membership-instances/${row.id}` },
    };
  }

  app.get("/membership-instances", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const query = parseCollectionQuery(request.query as Record<string, string>, instanceRules);
    const context = readContextOf(request, reply, db);
    const rows = await readMembershipInstances(db, clientId, {
      site: context.site,
      statuses: query.filter.status ?? [],
    });
    reply.header("cache-control", "private, no-store");
    // A client holds a few memberships at most: read whole, paged here.
    const page = pageOf(rows, query.page);
    const included = await instanceIncludes(context, page, query.include);
    return collectionDocument({
      url: new URL(request.url, "http://api"),
      data: page.map((row) => narrow(toMembershipInstanceResource(row), query.fields)),
      included: included.map((item) => narrow(item, query.fields)),
      total: rows.length,
      page: query.page,
    });
  });

  app.get<{ Params: { id: string } }>("/membership-instances/:id", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const query = parseResourceQuery(request.query as Record<string, string>, instanceRules);
    const { id } = request.params;
    const context = readContextOf(request, reply, db);
    const [row] = isDatabaseId(id)
      ? await readMembershipInstances(db, clientId, { site: context.site, ids: [Number(id)] })
      : [];
    if (!row) throw new AppError("not_found", `You have no membership ${id}.`);
    reply.header("cache-control", "private, no-store");
    return instanceDocument(context, row, query.include, query.fields);
  });

  app.post("/membership-instances", async (request, reply) => {
    const { clientId } = await requireClient(request, db, "appointments");
    const idempotent = idempotentWrite<Awaited<ReturnType<typeof instanceDocument>>>({
      db,
      clientId,
      request,
      reply,
      locationOf: (document) => document.links.self,
    });
    const { relationships } = parseResourceDocument(request.body, {
      type: "membership-instances",
      schema: newMembershipInstance,
    });
    const context = readContextOf(request, reply, db);
    return idempotent.answer<number>(
      201,
      (inTransaction) =>
        buyMembership({
          db,
          site: context.site,
          clientId,
          membershipId: Number(relationships.membership.data.id),
          now: clock.now(),
          inTransaction,
        }),
      async (reader, instanceId) => {
        const [row] = await readMembershipInstances(reader, clientId, { site: context.site, ids: [instanceId] });
        if (!row) throw new Error("the bought membership was not found again");
        return instanceDocument({ ...context, db: reader }, row, ["membershipInstanceServices", "paymentLinks"]);
      },
    );
  });
};
