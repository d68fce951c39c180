import { PAYMENT_LINK_ATTRIBUTES } from "../payments/payment-link-resources.ts";
import { paymentLinkRules, paymentMethodRules } from "../payments/payment-link-routes.ts";
import { SIGNED_IN, type ClientDocParts } from "./client-openapi-parts.ts";
import type { Operation, Parameter } from "./document-types.ts";
import { resourceSchema, type Schema } from "./resource-schema.ts";

const instant = (description: string) => ({ type: ["string", "null"], format: "date-time", description });
const htmlPage = { "text/html; charset=utf-8": { schema: { type: "string" }, example: "<!doctype html>…" } };
const html = (description: string) => ({ description, content: htmlPage });
const lang: Parameter = {
  name: "lang",
  in: "query",
  description: "The page's language (bg, en, de, es, it, fr, tr, ro, el, mk, ru); else Accept-Language",
  schema: { type: "string", pattern: "^[a-z]{2}$" },
  example: "en",
};
const pathParameter = (name: string, example: string): Parameter => ({
  name,
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^[A-Za-z0-9_-]{8,128}$" },
  example,
});

/** GET payment-links/{id} and payment-methods; the payment pages under /pay and Stripe's webhook. */
export function paymentPaths(parts: ClientDocParts): Record<string, Record<string, Operation>> {
  const { documents, errorResponse, collectionParameters, fieldsParameter } = parts;
  const methods = documents("PaymentMethod");
  /** A browser (Accept: text/html) gets the page; an API client the JSON:API error. */
  const pageOrError = (description: string) => {
    const error = errorResponse(description);
    return { ...error, content: { ...htmlPage, ...error.content } };
  };
  /** A page's answers: the page, a redirect, or nothing there. */
  const pageAnswers = (page: string, redirect: string, missing: string) => ({
    200: html(page),
    303: { description: redirect },
    404: pageOrError(missing),
  });
  const unauthorized = errorResponse("Not signed in, or the token expired or was revoked");
  return {
    "/v1c/payment-links": {
      get: {
        summary: "List the signed-in client's payment links, newest first",
        description: `${SIGNED_IN} Each booking (or membership) that asked for a payment online has one.`,
        parameters: collectionParameters(paymentLinkRules),
        responses: {
          200: documents("PaymentLink").collection,
          400: errorResponse("Invalid query parameter"),
          401: unauthorized,
        },
      },
    },
    "/v1c/payment-links/{id}": {
      get: {
        summary: "Get one of the signed-in client's payment links",
        description: `${SIGNED_IN} What a booking (or a membership) asks to be paid online: amount in the currency's minor units (like total_amount), currency_code, url (our page that opens the provider's checkout), expires_at (unpaid then, the booking is released and its time freed), paid_at, released_at, and refunded_at (a payment that arrived after the release, given back). Another client's link answers 404.`,
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "string", pattern: "^[1-9][0-9]{0,9}$" },
            example: "77",
          },
          fieldsParameter("payment-links", PAYMENT_LINK_ATTRIBUTES),
        ],
        responses: {
          200: documents("PaymentLink").single,
          401: unauthorized,
          404: errorResponse("No such payment link of this client"),
        },
      },
    },
    "/v1c/payment-methods": {
      get: {
        summary: "List the payment methods (fixed ids: 1 venue, 2 online, 3 membership)",
        description: "How a client's place is paid: the paymentMethod relationship of appointment-clients names one.",
        parameters: collectionParameters(paymentMethodRules),
        responses: { 200: methods.collection, 400: errorResponse("Invalid query parameter") },
      },
    },
    "/v1c/payment-methods/{id}": {
      get: {
        summary: "Get one payment method",
        parameters: [
          { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^\\d+$" }, example: "2" },
          fieldsParameter("payment-methods", paymentMethodRules.attributes),
        ],
        responses: { 200: methods.single, 404: errorResponse("No such payment method") },
      },
    },
    "/pay/{token}": {
      get: {
        summary: "A payment link's page (its url): opens the provider's checkout; no sign-in",
        description:
          "For an unpaid link before its expires_at: creates the provider's checkout session (or reuses the open one) and redirects to it (Stripe Checkout, or the demonstration provider's page on this site). Back from a paid checkout it completes the payment at once. A paid link shows that it was paid; a released one that it expired. An HTML page in the visitor's language.",
        parameters: [pathParameter("token", "Zm9vYmFyYmF6cXV4cXV1eA"), lang],
        responses: pageAnswers(
          "Paid, or expired",
          "To the provider's checkout (Location)",
          "No payment link has this token",
        ),
      },
    },
    "/pay/demo/{sessionId}": {
      get: {
        summary: "The demonstration provider's checkout page (no money moves)",
        description:
          "Only when no real provider is configured: a page labelled as a demonstration with one button, Pay and the amount. A paid or released link's session redirects to its /pay/{token} page.",
        parameters: [pathParameter("sessionId", "demo_Zm9vYmFyYmF6cXV4"), lang],
        responses: pageAnswers(
          "The demonstration checkout",
          "The link was paid or released: to its page",
          "No demonstration session has this id",
        ),
      },
      post: {
        summary: "Pay on the demonstration checkout (its button)",
        description:
          "Completes the payment through the same code as Stripe's webhook: the booking goes from pendingPayment to new. A payment for a link released meanwhile is refunded. Redirects to the link's page.",
        parameters: [pathParameter("sessionId", "demo_Zm9vYmFyYmF6cXV4"), lang],
        responses: {
          303: { description: "To the link's /pay/{token} page" },
          404: pageOrError("No demonstration session has this id"),
        },
      },
    },
    "/pay/webhooks/stripe": {
      post: {
        summary: "Stripe's webhook: checkout.session.completed completes the payment link",
        description:
          "Verified by the Stripe-Signature header (the raw body, the STRIPE_WEBHOOK_SECRET); the same event delivered twice changes nothing. A payment for a link released meanwhile is refunded.",
        parameters: [
          {
            name: "Stripe-Signature",
            in: "header",
            required: true,
            schema: { type: "string" },
            example: "t=1764547200,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
          },
        ],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { type: "object" }, example: { id: "evt_1", type: "x" } } },
        },
        responses: {
          200: {
            description: "Received",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["received"],
                  additionalProperties: false,
                  properties: { received: { const: true } },
                },
                example: { received: true },
              },
            },
          },
          400: errorResponse("The Stripe-Signature header does not sign this body"),
          404: errorResponse("Stripe is not configured on this server"),
        },
      },
    },
  };
}

const when = (description: string) => instant(description);

export const PAYMENT_SCHEMAS: Record<string, Schema> = {
  PaymentLink: resourceSchema("payment-links", {
    exampleId: "77",
    selfLink: true,
    attributes: {
      amount: { type: "integer", description: "Due online, in the currency's minor units" },
      currency_code: { type: "string", description: "ISO 4217" },
      url: { type: "string", format: "uri", description: "Our page that opens the provider's checkout" },
      expires_at: { type: "string", format: "date-time", description: "Unpaid then, the booking is released" },
      paid_at: when("When it was paid; null while unpaid"),
      released_at: when("When it was released unpaid (the booking cancelled, its time freed)"),
      refunded_at: when("When a payment that arrived after the release was given back"),
    },
    example: {
      amount: 2800,
      currency_code: "EUR",
      url: "https://termin.example/pay/Zm9vYmFyYmF6cXV4cXV1eA",
      expires_at: "2026-11-27T22:00:00.000Z",
      paid_at: null,
      released_at: null,
      refunded_at: null,
    },
  }),
  PaymentMethod: resourceSchema("payment-methods", {
    exampleId: "2",
    selfLink: true,
    attributes: { name: { type: "string", enum: ["venue", "online", "membership"] } },
    example: { name: "online" },
  }),
};
