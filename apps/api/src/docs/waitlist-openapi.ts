import { OFFER_MINUTES } from "../booking/waitlist/waitlist-jobs.ts";
import { newWaitlistEntry, waitlistRules } from "../booking/waitlist/waitlist-routes.ts";
import { SIGNED_IN, jsonApiBody, requestDocumentFrom, type ClientDocParts } from "./client-openapi-parts.ts";
import type { Operation, Parameter } from "./document-types.ts";
import { resourceSchema, type Schema } from "./resource-schema.ts";

const entryId: Parameter = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^[1-9][0-9]{0,9}$" },
  example: "77",
};

const zonedTime = (description: string) => ({ type: ["string", "null"], description });

/** POST, GET /v1c/waitlist-entries; GET, DELETE /v1c/waitlist-entries/{id}. */
export function waitlistPaths(parts: ClientDocParts): Record<string, Record<string, Operation>> {
  const { documents, errorResponse, collectionParameters, fieldsParameter } = parts;
  const entries = documents("WaitlistEntry");
  const unauthorized = errorResponse("Not signed in, or the token expired or was revoked");
  return {
    "/v1c/waitlist-entries": {
      post: {
        summary: "Join a full class session's waitlist",
        description: `${SIGNED_IN} relationships.classSession names the session (GET /v1c/class-sessions); attributes.seats_count (default 1, at most the business's max_seats_per_booking). Only a full session is waited for: while it has the seats asked for, the answer is a 422 seats_available (book them). When seats free up, those waiting are offered them first come first served: the seats are held for the first in line for ${OFFER_MINUTES} minutes (a booking hold in their basket, named by relationships.bookingHold; status offered, offer_expires_at), and they are told in the app and by e-mail in their language; booking the session takes the hold, and an offer not booked in time passes to the next.`,
        parameters: [
          {
            name: "Idempotency-Key",
            in: "header",
            description: "Optional, as for bookings: the same request is answered again for 24 hours.",
            schema: { type: "string", minLength: 1, maxLength: 255 },
            example: "6b1d8c3e-41f0-4a52-9d0e-2f3a4b5c6d7e",
          },
        ],
        requestBody: jsonApiBody("WaitlistEntryCreate", {
          data: {
            type: "waitlist-entries",
            attributes: { seats_count: 1 },
            relationships: { classSession: { data: { type: "class-sessions", id: "4521" } } },
          },
        }),
        responses: {
          201: {
            ...entries.single,
            description: "In line; Location names the entry",
            headers: { Location: { description: "/v1c/waitlist-entries/{id}", schema: { type: "string" } } },
          },
          401: unauthorized,
          409: errorResponse("already_waiting: the client already waits for this session; conflict: data.type", [
            "already_waiting",
            "conflict",
          ]),
          422: errorResponse(
            "no_such_session: no such session ahead (past, called off, not a class); seats_available: it has the seats (meta.seats_left), book them; already_in_class: the client is booked in it; too_many_seats: beyond the per-booking maximum (meta.limit); or the body is malformed",
            ["no_such_session", "seats_available", "already_in_class", "too_many_seats", "idempotency_key_reused"],
          ),
        },
      },
      get: {
        summary: "The signed-in client's waitlist entries",
        description: `${SIGNED_IN} Entries of sessions not yet started, newest first, whatever their status: waiting (with position, 1 for the first in line), offered (a hold of the seats until offer_expires_at), booked, left or expired. Never cached.`,
        parameters: collectionParameters(waitlistRules),
        responses: { 200: entries.collection, 400: errorResponse("Invalid query parameter"), 401: unauthorized },
      },
    },
    "/v1c/waitlist-entries/{id}": {
      get: {
        summary: "One of the signed-in client's waitlist entries (a new entry's Location)",
        description: `${SIGNED_IN} Another client's entry answers 404.`,
        parameters: [entryId, fieldsParameter(waitlistRules.type, waitlistRules.attributes)],
        responses: {
          200: entries.single,
          400: errorResponse("Invalid query parameter"),
          401: unauthorized,
          404: errorResponse("No such entry of this client"),
        },
      },
      delete: {
        summary: "Leave a waitlist, or decline its offer",
        description: `${SIGNED_IN} 204: the entry is left; an offer's held seats go to the next in line. Another client's entry, or one no longer waiting or offered, answers 404.`,
        parameters: [entryId],
        responses: {
          204: { description: "Left" },
          401: unauthorized,
          404: errorResponse("No such waiting or offered entry of this client"),
          422: errorResponse("The Idempotency-Key was used with another request (source.header)", [
            "idempotency_key_reused",
          ]),
        },
      },
    },
  };
}

export const WAITLIST_SCHEMAS: Record<string, Schema> = {
  WaitlistEntryCreate: requestDocumentFrom("waitlist-entries", newWaitlistEntry),
  WaitlistEntry: resourceSchema("waitlist-entries", {
    exampleId: "77",
    selfLink: true,
    description: "A client's place in line for a full class session",
    attributes: {
      seats_count: { type: "integer", minimum: 1 },
      status: { type: "string", enum: ["waiting", "offered", "booked", "left", "expired"] },
      position: { type: ["integer", "null"], minimum: 1, description: "1 for the first in line; null unless waiting" },
      offer_expires_at: zonedTime("Until when the offered seats are held (the place's offset); null unless offered"),
      created_at: { type: "string", format: "date-time" },
    },
    example: {
      seats_count: 1,
      status: "waiting",
      position: 2,
      offer_expires_at: null,
      created_at: "2026-11-27T10:12:00.000Z",
    },
  }),
};
