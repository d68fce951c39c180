import { availableSlotRules } from "../booking/slot-routes.ts";
import {
  appointmentClientRules,
  cancellation,
  movedAppointment,
  newAppointment,
} from "../booking/appointment-routes.ts";
import { newHold } from "../booking/hold-routes.ts";
import { HOLD_MINUTES, MAX_LIVE_HOLDS } from "../booking/booking-holds.ts";
import { MAX_SLOT_RANGE_DAYS } from "../booking/find-available-slots.ts";
import {
  SIGNED_IN,
  jsonApiBody,
  requestDocumentFrom,
  type ClientDocParts,
  type Schema,
} from "./client-openapi-parts.ts";
import type { Operation, Parameter } from "./openapi.ts";

const idParameter: Parameter = {
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^[1-9][0-9]{0,9}$" },
};
const zonedTime = {
  type: "string",
  description: "ISO 8601 with the location's offset, e.g. 2026-12-01T10:00:00+02:00",
};
const idString = { type: "string", pattern: "^[1-9][0-9]{0,9}$" };
const idempotencyKey: Parameter = {
  name: "Idempotency-Key",
  in: "header",
  description:
    "Optional, 1-255 visible ASCII characters (a UUID). The first answer is replayed for 24 hours to the same body; another body with the key is a 422.",
  schema: { type: "string" },
};

/** GET available-slots; POST appointments, PATCH appointments/{id}; booking-holds; GET/PATCH appointment-clients. */
export function bookingPaths(parts: ClientDocParts): Record<string, Record<string, Operation>> {
  const { documents, errorResponse, collectionParameters, fieldsParameter, includeParameter } = parts;
  const unauthorized = errorResponse("Not signed in, or the token expired or was revoked");
  const clients = documents("AppointmentClient");
  const holds = documents("BookingHold");
  const conflict = errorResponse(
    "slot_taken: the time was taken meanwhile. source.pointer names the service (/data/attributes/services/N); meta.alternatives lists the nearest free times ({starts_at, ends_at, employee_ids}).",
  );
  const neverASlot = errorResponse(
    "A member is invalid, or a time was never a slot (outside hours, not aligned to the step, in the past, before the minimum notice, beyond the booking window): source.pointer names it.",
  );
  const appointmentAnswer = (description: string) => ({
    description,
    content: { "application/vnd.api+json": { schema: { $ref: "#/components/schemas/AppointmentDocument" } } },
  });
  return {
    "/v1c/available-slots": {
      get: {
        summary: "Free start times of a service price at a location",
        security: [{}, { bearer: [] }],
        description: `Required: filter[service_price_id], filter[location_id]. Optional: filter[employee_id] (none: any employee; each slot lists the employees free then), filter[date_from] and filter[date_to] (YYYY-MM-DD in the location's time zone; default today and the 6 days after; at most ${MAX_SLOT_RANGE_DAYS} days, a longer range is a 400 naming filter[date_to]). Not paged. filter[back_to_back_at] (an instant with its offset where the client's previous service ends): also offered as a start, off the step's grid, when free from then; holding or booking it needs that previous service held by the client or earlier in the same booking. With a bearer token the client's own holds count as free. Never cached. meta: time_zone, date_from, date_to, total.`,
        parameters: [
          ...collectionParameters(availableSlotRules).filter((parameter) => !parameter.name.startsWith("page[")),
          includeParameter(availableSlotRules),
        ],
        responses: {
          200: documents("AvailableSlot").collection,
          400: errorResponse("Invalid or missing filter"),
          401: errorResponse("A bearer token was sent and is not valid (without one, the times are public)"),
          404: errorResponse("The location does not offer this service price"),
        },
      },
    },
    "/v1c/appointments": {
      post: {
        summary: "Book one or more services",
        description: `${SIGNED_IN} attributes.services: 1-10 of {service_price_id, employee_id (null or absent: any free employee, the least booked that day), starts_at}. Optional client_note (up to 1000 characters) and location_id (needed only when the business has several locations and no employee is named). Answers the appointment with, in included, the appointment-clients record, the appointment-services and the appointment-service-employees.`,
        parameters: [idempotencyKey],
        requestBody: jsonApiBody("AppointmentCreate"),
        responses: {
          201: appointmentAnswer("Booked; Location names the appointment (its links.self)"),
          401: unauthorized,
          409: conflict,
          422: neverASlot,
        },
      },
    },
    "/v1c/appointments/{id}": {
      get: {
        summary: "Get one of the signed-in client's appointments (its links.self)",
        description: `${SIGNED_IN} The appointment as booking it answered: in included, the client's appointment-clients record and the appointment-services. Another client's appointment answers 404.`,
        parameters: [idParameter],
        responses: {
          200: appointmentAnswer("The appointment"),
          401: unauthorized,
          404: errorResponse("No such appointment of this client"),
        },
      },
      patch: {
        summary: "Move an appointment to new times",
        description: `${SIGNED_IN} attributes.services: a new {employee_id (null or absent: any free employee), starts_at} for each of the appointment's services, in its order (service_price_id may be repeated, not changed). Atomic: when a new time was taken meanwhile the answer is a 409 and the appointment keeps its old times. Allowed while cancelling is (new or confirmed, until the business's cancellation notice). The calendar file's SEQUENCE goes up, the reminder moves, and the client is told. Answers the appointment as POST /v1c/appointments does.`,
        parameters: [idParameter],
        requestBody: jsonApiBody("AppointmentMove"),
        responses: {
          200: appointmentAnswer("Moved"),
          401: unauthorized,
          404: errorResponse("No such appointment of this client"),
          409: conflict,
          422: neverASlot,
        },
      },
    },
    "/v1c/booking-holds": {
      post: {
        summary: "Hold a time for a few minutes (the basket)",
        description: `${SIGNED_IN} attributes.starts_at; relationships servicePrice (required), employee (null or absent: any free employee, chosen as for booking) and location (needed only when the business has several locations and no employee is named). Held for ${HOLD_MINUTES} minutes: others no longer see the time free, the holder still does, and booking it turns the hold into the appointment. Holding a service at a start the client already holds replaces that hold; their other holds count as taken; at most ${MAX_LIVE_HOLDS} live holds per client (then 422).`,
        requestBody: jsonApiBody("BookingHoldCreate"),
        responses: {
          201: holds.single,
          401: unauthorized,
          409: errorResponse(
            "slot_taken: the time was taken meanwhile (source.pointer /data/attributes/starts_at; meta.alternatives as for appointments)",
          ),
          422: neverASlot,
        },
      },
      get: {
        summary: "The signed-in client's live holds",
        description: `${SIGNED_IN} Holds not yet expired, soonest first. Never cached.`,
        responses: { 200: holds.collection, 401: unauthorized },
      },
    },
    "/v1c/booking-holds/{id}": {
      delete: {
        summary: "Let a held time go",
        description: `${SIGNED_IN} 204; another client's, an expired or an unknown hold answers 404.`,
        parameters: [idParameter],
        responses: {
          204: { description: "Released" },
          401: unauthorized,
          404: errorResponse("No such live hold of this client"),
        },
      },
    },
    "/v1c/appointment-clients": {
      get: {
        summary: "The signed-in client's appointments",
        description: `${SIGNED_IN} filter[when]: upcoming (not yet ended, soonest first) or past (newest first); none: all, newest first. Include: ${appointmentClientRules.includable?.join(", ")}.`,
        parameters: [...collectionParameters(appointmentClientRules), includeParameter(appointmentClientRules)],
        responses: { 200: clients.collection, 400: errorResponse("Invalid query parameter"), 401: unauthorized },
      },
    },
    "/v1c/appointment-clients/{id}": {
      get: {
        summary: "One of the signed-in client's appointments",
        description: `${SIGNED_IN} Another client's id answers 404.`,
        parameters: [
          idParameter,
          fieldsParameter(appointmentClientRules.type, appointmentClientRules.attributes),
          includeParameter(appointmentClientRules),
        ],
        responses: { 200: clients.single, 401: unauthorized, 404: errorResponse("No such appointment of this client") },
      },
      patch: {
        summary: "Cancel an appointment",
        description: `${SIGNED_IN} Set relationships.status to appointment-statuses 4 (cancelled). Allowed while new or confirmed and until the business's cancellation_notice_hours before the start; later, a 422 whose detail says until when it was possible.`,
        parameters: [idParameter],
        requestBody: jsonApiBody("AppointmentClientCancel"),
        responses: {
          200: clients.single,
          401: unauthorized,
          404: errorResponse("No such appointment of this client"),
          409: errorResponse("data.type or data.id does not match"),
          422: errorResponse("Not a cancellation, or too late to cancel"),
        },
      },
    },
  };
}

export const BOOKING_SCHEMAS: Record<string, Schema> = {
  Appointment: {
    type: "object",
    required: ["type", "id", "attributes", "relationships", "links"],
    properties: {
      type: { const: "appointments" },
      id: idString,
      attributes: {
        type: "object",
        required: ["starts_at", "ends_at"],
        additionalProperties: false,
        properties: { starts_at: zonedTime, ends_at: zonedTime },
      },
      relationships: {
        type: "object",
        additionalProperties: false,
        properties: { location: { type: "object" }, appointmentServices: { type: "object" } },
      },
      links: {
        type: "object",
        required: ["self"],
        properties: { self: { type: "string", pattern: "^/v1c/appointments/[1-9][0-9]*$" } },
      },
    },
  },
  AppointmentDocument: {
    type: "object",
    required: ["data", "included"],
    properties: {
      data: { $ref: "#/components/schemas/Appointment" },
      included: {
        type: "array",
        items: {
          oneOf: [
            { $ref: "#/components/schemas/AppointmentClient" },
            {
              type: "object",
              required: ["type"],
              properties: { type: { enum: ["appointment-services", "appointment-service-employees"] } },
            },
          ],
        },
      },
    },
  },
  AvailableSlot: {
    type: "object",
    properties: {
      type: { const: "available-slots" },
      id: zonedTime,
      attributes: { type: "object", properties: { starts_at: zonedTime, ends_at: zonedTime } },
      relationships: { type: "object", properties: { employees: { type: "object" } } },
    },
  },
  AppointmentCreate: requestDocumentFrom("appointments", newAppointment),
  AppointmentMove: requestDocumentFrom("appointments", movedAppointment, { id: true }),
  BookingHoldCreate: requestDocumentFrom("booking-holds", newHold),
  BookingHold: {
    type: "object",
    properties: {
      type: { const: "booking-holds" },
      id: { type: "string" },
      attributes: {
        type: "object",
        properties: { starts_at: zonedTime, ends_at: zonedTime, expires_at: zonedTime },
      },
      relationships: { type: "object", description: "servicePrice, employee, location" },
    },
  },
  AppointmentClient: {
    type: "object",
    properties: {
      type: { const: "appointment-clients" },
      id: { type: "string" },
      attributes: {
        type: "object",
        properties: {
          client_note: { type: ["string", "null"] },
          total_amount: { type: "integer", description: "In the currency's minor units" },
          currency: { type: "string" },
          seats_count: { type: "integer" },
          created_at: { type: "string", format: "date-time" },
          starts_at: zonedTime,
          ends_at: zonedTime,
          cancellable_until: { ...zonedTime, type: ["string", "null"] },
          ics_download_link: { type: "string", format: "uri", description: "Works without sign-in" },
        },
      },
      relationships: {
        type: "object",
        description:
          "status, appointment, client, review, paymentMethod, servicePrice, formAnswers, location, appointmentServices",
      },
    },
  },
  AppointmentClientCancel: requestDocumentFrom("appointment-clients", cancellation, { id: true }),
};
