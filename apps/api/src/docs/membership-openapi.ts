import { instanceRules, membershipRules, newMembershipInstance } from "../memberships/membership-routes.ts";
import { idParameter, idempotencyKey, replayedHeader } from "./booking-openapi.ts";
import { SIGNED_IN, jsonApiBody, requestDocumentFrom, type ClientDocParts } from "./client-openapi-parts.ts";
import type { Operation } from "./document-types.ts";
import { resourceSchema, type Schema } from "./resource-schema.ts";

const text = { type: "string" };
const instant = { type: ["string", "null"], format: "date-time" };
const nullableCount = { type: ["integer", "null"], minimum: 0 };

/** The public offers (memberships) and the signed-in client's own (membership-instances), with buying one. */
export function membershipPaths(parts: ClientDocParts): Record<string, Record<string, Operation>> {
  const { documents, errorResponse, collectionParameters, fieldsParameter, includeParameter } = parts;
  const offers = documents("Membership");
  const instances = documents("MembershipInstance");
  const unauthorized = errorResponse("Not signed in, or the token expired or was revoked");
  return {
    "/v1c/memberships": {
      get: {
        summary: "List memberships on offer (a price for a period, with services and classes included)",
        description:
          "Filters by id: business_id, location_id (the memberships of that location's business). In the business's order. include=membershipServices,membershipServices.service lists what each includes: a membership-services record per service or class with its count of visits in the period (null: unlimited). period_months is how long it lasts once started; starts_on is purchase (from when it is paid) or first_use (from the first booking it covers). payment_policy says how it is paid (venue, deposit, prepay) and amount_due_online what buying it asks online now (0: it is active at once).",
        parameters: [...collectionParameters(membershipRules), includeParameter(membershipRules)],
        responses: { 200: offers.collection, 400: errorResponse("Invalid query parameter") },
      },
    },
    "/v1c/memberships/{id}": {
      get: {
        summary: "Get one membership on offer",
        parameters: [
          idParameter("3"),
          fieldsParameter(membershipRules.type, membershipRules.attributes),
          includeParameter(membershipRules),
        ],
        responses: { 200: offers.single, 404: errorResponse("No such membership on offer") },
      },
    },
    "/v1c/membership-instances": {
      get: {
        summary: "The signed-in client's memberships, newest first",
        description: `${SIGNED_IN} Each with its membership-instance-services (credits_total and credits_left per service or class; null: unlimited) and membership-credit-uses (the history: credits spent by a booking, positive, and returned by its cancellation, negative, newest first) when included. filter[status]: pendingPayment (waiting for its payment link to be paid), active, cancelled. starts_at and ends_at are null until it starts (on payment, or with the first booking it covers when it starts on first use). Never cached.`,
        parameters: [...collectionParameters(instanceRules), includeParameter(instanceRules)],
        responses: { 200: instances.collection, 400: errorResponse("Invalid query parameter"), 401: unauthorized },
      },
      post: {
        summary: "Buy a membership",
        description: `${SIGNED_IN} relationships.membership names a membership on offer. Answers 201 with the membership-instances record and, in included, its membership-instance-services (credits as the membership's counts) and, when buying asks for a payment online (amount_due_online above 0), its payment-links record: the status is pendingPayment until the link's url is paid, and the purchase is released unpaid at release_at. Otherwise (free, or paid at the venue) it is active at once.`,
        parameters: [idempotencyKey],
        requestBody: jsonApiBody("MembershipInstanceCreate", {
          data: {
            type: "membership-instances",
            relationships: { membership: { data: { type: "memberships", id: "3" } } },
          },
        }),
        responses: {
          201: {
            ...instances.single,
            description: "Bought; Location names the membership instance",
            headers: {
              Location: { description: "/v1c/membership-instances/{id}", schema: { type: "string" } },
              ...replayedHeader,
            },
          },
          401: unauthorized,
          409: errorResponse("data.type is not membership-instances", ["conflict"]),
          422: errorResponse(
            "The membership is not on offer (unknown_membership, source.pointer /data/relationships/membership/data/id), the Idempotency-Key was used with another request, or the body is malformed (invalid_body)",
            ["unknown_membership", "idempotency_key_reused"],
          ),
        },
      },
    },
    "/v1c/membership-instances/{id}": {
      get: {
        summary: "Get one of the signed-in client's memberships (a purchase's Location)",
        description: `${SIGNED_IN} Another client's membership answers 404. Never cached.`,
        parameters: [
          idParameter("88"),
          fieldsParameter(instanceRules.type, instanceRules.attributes),
          includeParameter(instanceRules),
        ],
        responses: {
          200: instances.single,
          401: unauthorized,
          404: errorResponse("No such membership of this client"),
        },
      },
    },
  };
}

export const MEMBERSHIP_SCHEMAS: Record<string, Schema> = {
  Membership: resourceSchema("memberships", {
    exampleId: "3",
    selfLink: true,
    attributes: {
      name: text,
      description: text,
      price_minor: { type: "integer", minimum: 0, description: "In the currency's minor units" },
      currency: { type: "string", description: "ISO 4217" },
      period_months: { type: "integer", minimum: 1 },
      starts_on: { enum: ["purchase", "first_use"] },
      payment_policy: { enum: ["venue", "deposit", "prepay"] },
      amount_due_online: { type: "integer", minimum: 0, description: "What buying it asks online now, minor units" },
    },
    example: {
      name: "10 yoga classes",
      description: "Ten classes of any yoga session within three months.",
      price_minor: 12000,
      currency: "EUR",
      period_months: 3,
      starts_on: "first_use",
      payment_policy: "prepay",
      amount_due_online: 12000,
    },
  }),
  MembershipService: resourceSchema("membership-services", {
    exampleId: "7",
    description: "A service or class a membership includes (included with memberships)",
    attributes: {
      count: { type: ["integer", "null"], minimum: 1, description: "Visits in the period; null: unlimited" },
    },
    example: { count: 10 },
  }),
  MembershipInstance: resourceSchema("membership-instances", {
    exampleId: "88",
    selfLink: true,
    description: "A membership the signed-in client bought",
    attributes: {
      status: { enum: ["pendingPayment", "active", "cancelled"] },
      price_minor: { type: "integer", minimum: 0 },
      currency: text,
      starts_at: instant,
      ends_at: instant,
      created_at: { type: "string", format: "date-time" },
    },
    example: {
      status: "active",
      price_minor: 12000,
      currency: "EUR",
      starts_at: "2026-12-01T08:00:00.000Z",
      ends_at: "2027-03-01T08:00:00.000Z",
      created_at: "2026-11-30T18:12:00.000Z",
    },
  }),
  MembershipInstanceService: resourceSchema("membership-instance-services", {
    exampleId: "140",
    description: "What a client's membership still covers of one service or class (null: unlimited)",
    attributes: { credits_total: nullableCount, credits_left: nullableCount },
    example: { credits_total: 10, credits_left: 7 },
  }),
  MembershipCreditUse: resourceSchema("membership-credit-uses", {
    exampleId: "301",
    description:
      "A line of a membership's history: credits a booking spent (positive) or its cancellation returned (negative)",
    attributes: {
      credits: { type: "integer" },
      created_at: { type: "string", format: "date-time" },
      visit_starts_at: { type: "string", description: "When the visit starts, with its place's offset" },
    },
    example: { credits: 1, created_at: "2026-12-02T09:30:00.000Z", visit_starts_at: "2026-12-04T18:00:00+02:00" },
  }),
  MembershipInstanceCreate: requestDocumentFrom("membership-instances", newMembershipInstance),
};
