import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { availableSlotRules } from "../booking/slot-routes.ts";
import {
  appointmentClientRules,
  cancellation,
  movedAppointment,
  newAppointment,
} from "../booking/appointment-routes.ts";
import { holdRules, newHold } from "../booking/hold-routes.ts";
import { HOLD_MINUTES, MAX_LIVE_HOLDS } from "../booking/booking-holds.ts";
import { MAX_SLOT_RANGE_DAYS } from "../booking/find-available-slots.ts";
import { SIGNED_IN, jsonApiBody, requestDocumentFrom, type ClientDocParts } from "./client-openapi-parts.ts";
import { resourceSchema, type Schema } from "./resource-schema.ts";
import type { Operation, Parameter } from "./document-types.ts";
import type { ErrorCode } from "../http/app-error.ts";
import { BOOKING_REFUSALS } from "./error-codes.ts";

/** The path's id, with an example of the resource's own. */
export const idParameter = (example: string): Parameter => ({
  name: "id",
  in: "path",
  required: true,
  schema: { type: "string", pattern: "^[1-9][0-9]{0,9}$" },
  example,
});
const zonedTime = {
  type: "string",
  description: "ISO 8601 with the location's offset, e.g. 2026-12-01T10:00:00+02:00",
};
export const idempotencyKey: Parameter = {
  name: "Idempotency-Key",
  in: "header",
  description:
    "Optional, 1-255 visible ASCII characters (a UUID), one per client. A write made with it (a booking, a hold or its release, a move, a cancellation) is answered again, for 24 hours, to the same request (same operation and resource, the same body, the order of its members aside), with Idempotent-Replayed: true; of parallel requests with one key exactly one writes. Another request with the key is a 422 (source.header). A refused request keeps nothing: it may be sent again with its key.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
  example: "0d6c1f7e-3b5a-4e2d-8f90-7a1b2c3d4e5f",
};

/** Answered again for an Idempotency-Key already used with the same request. */
export const replayedHeader = {
  "Idempotent-Replayed": {
    description: "true when this is the stored answer of an earlier request with the same Idempotency-Key",
    schema: { type: "string", enum: ["true"] },
  },
};
const keyReused = "or the Idempotency-Key was used with another request (source.header)";

const SLOTS_PATH = "/v1c/available-slots?filter[service_price_id]=240&filter[location_id]=12";

/** Example times, on the example location's clock (Sofia, UTC+2 in winter). */
const AT = { start: "2026-12-01T10:00:00+02:00", end: "2026-12-01T11:00:00+02:00", later: "2026-12-02T15:30:00+02:00" };

/** GET available-slots; POST appointments, PATCH appointments/{id}; booking-holds; GET/PATCH appointment-clients. */
export function bookingPaths(parts: ClientDocParts): Record<string, Record<string, Operation>> {
  const { documents, errorResponse, collectionParameters, fieldsParameter, includeParameter } = parts;
  const unauthorized = errorResponse("Not signed in, or the token expired or was revoked");
  const clients = documents("AppointmentClient");
  const holds = documents("BookingHold");
  const conflict = errorResponse(
    "slot_taken: the time was taken meanwhile. source.pointer names the service (/data/attributes/services/N); meta.alternatives lists the nearest free times ({starts_at, ends_at, employee_ids}), free for the client too. overlaps_own_booking: the client already has an appointment or a hold then (one person, one place at a time); source.pointer names the service, meta names what is in the way (appointment_id and appointment_client_id, or booking_hold_id) and its starts_at and ends_at. not_enough_seats: a class session has fewer seats left than attributes.seats_count (source.pointer /data/attributes/seats_count; meta.seats_left, 0 when full). conflict: data.type or data.id is not this operation's.",
    ["slot_taken", "overlaps_own_booking", "not_enough_seats", "conflict"],
  );
  const neverASlot = (codes: readonly ErrorCode[]) =>
    errorResponse(
      "A rule refused the request, with its own code and meta.reason (a time that is never a slot: passed, before the minimum notice, beyond the booking window, off the time grid, outside the working hours; what the body names is not there or not bookable online), or the body is malformed (invalid_body): source.pointer names the member.",
      codes,
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
        description: `Required: filter[service_price_id], filter[location_id]. Optional: filter[employee_id] (none: any employee; each slot lists the employees free then), filter[date_from] and filter[date_to] (YYYY-MM-DD in the location's time zone; default today and the 6 days after; at most ${MAX_SLOT_RANGE_DAYS} days, a longer range is a 400 naming filter[date_to]). Not paged. filter[back_to_back_at] (an instant with its offset where the client's previous service ends): also offered as a start, off the step's grid, when free from then; holding or booking it needs that previous service held by the client or earlier in the same booking. With a bearer token, the times are the client's to take: their holds of this service price count as free (a basket entry's own time), and no time is offered that overlaps their other appointments or holds, anywhere (one person, one place at a time). filter[appointment_id] (with a bearer token; one of the client's appointments, else a 400 naming it): the times that appointment could move to, its own time counting as free for its employees and the client (a move by less than its length). Never cached. meta: time_zone, date_from, date_to, total.`,
        parameters: [
          ...collectionParameters(availableSlotRules).filter((parameter) => !parameter.name.startsWith("page[")),
          includeParameter(availableSlotRules),
        ],
        responses: {
          200: {
            description: "The free times, soonest first (not paged)",
            content: {
              "application/vnd.api+json": { schema: { $ref: "#/components/schemas/AvailableSlotDocument" } },
            },
          },
          400: errorResponse("Invalid or missing filter"),
          401: errorResponse(
            "A bearer token was sent and is not valid (without one, the times are public), or filter[appointment_id] was sent without one",
          ),
          404: errorResponse("The location does not offer this service price"),
        },
      },
    },
    "/v1c/appointments": {
      post: {
        summary: "Book one or more services",
        description: `${SIGNED_IN} attributes.services: 1-10 of {service_price_id, employee_id (null or absent: any free employee, the least booked that day), starts_at}, in any order: the server books them in time order, the earliest starting the appointment; they may not overlap each other or the client's other appointments and holds (a next service may start when the previous one ends). Optional client_note (up to 1000 characters) and relationships.location (needed only when the business has several locations and no employee is named). Answers the appointment with, in included, the appointment-clients record, the appointment-services and the appointment-service-employees. A class: one service whose service_price_id and starts_at are a session's (GET /v1c/class-sessions) and attributes.seats_count (default 1, at most the business's settings max_seats_per_booking); the client's place in the shared session is written with its seats and total_amount is the price times the seats. The database caps the seats at the session's capacity however many requests race: more seats than are left is a 409 not_enough_seats saying how many are. A class is booked alone (422 class_books_alone) and seats_count other than 1 on an appointment is a 422 seats_only_for_classes.`,
        parameters: [idempotencyKey],
        requestBody: jsonApiBody("AppointmentCreate", {
          data: {
            type: "appointments",
            attributes: {
              services: [{ service_price_id: "240", employee_id: null, starts_at: AT.start }],
              client_note: "I'd like to keep the length.",
            },
            relationships: { location: { data: { type: "locations", id: "12" } } },
          },
        }),
        responses: {
          201: {
            ...appointmentAnswer("Booked; Location names the appointment (its links.self)"),
            headers: {
              Location: { description: "/v1c/appointments/{id}", schema: { type: "string" } },
              ...replayedHeader,
            },
          },
          401: unauthorized,
          409: conflict,
          422: neverASlot(BOOKING_REFUSALS.book),
        },
      },
    },
    "/v1c/appointments/{id}": {
      get: {
        summary: "Get one of the signed-in client's appointments (its links.self)",
        description: `${SIGNED_IN} The appointment as booking it answered: in included, the client's appointment-clients record and the appointment-services. Another client's appointment answers 404.`,
        parameters: [idParameter("4521"), fieldsParameter("appointments", ["starts_at", "ends_at", "capacity"])],
        responses: {
          200: appointmentAnswer("The appointment"),
          401: unauthorized,
          404: errorResponse("No such appointment of this client"),
        },
      },
      patch: {
        summary: "Move an appointment to new times",
        description: `${SIGNED_IN} attributes.services: a new {employee_id (null or absent: any free employee), starts_at} for each of the appointment's services, in its order (service_price_id may be repeated, not changed). Atomic: when a new time was taken meanwhile the answer is a 409 and the appointment keeps its old times. Allowed while cancelling is (new or confirmed, until the business's cancellation notice). The calendar file's SEQUENCE goes up, the reminder moves, and the client is told. A class session is shared with other clients and is never moved (422 class_not_movable): cancel the place and book another session. Answers the appointment as POST /v1c/appointments does.`,
        parameters: [idParameter("4521"), idempotencyKey],
        requestBody: jsonApiBody("AppointmentMove", {
          data: {
            type: "appointments",
            id: "4521",
            attributes: { services: [{ service_price_id: "240", employee_id: "57", starts_at: AT.later }] },
          },
        }),
        responses: {
          200: { ...appointmentAnswer("Moved"), headers: replayedHeader },
          401: unauthorized,
          404: errorResponse("No such appointment of this client"),
          409: conflict,
          422: neverASlot(BOOKING_REFUSALS.move),
        },
      },
    },
    "/v1c/booking-holds": {
      post: {
        summary: "Hold a time for a few minutes (the basket)",
        description: `${SIGNED_IN} attributes.starts_at; relationships servicePrice (required), employee (null or absent: any free employee, chosen as for booking) and location (needed only when the business has several locations and no employee is named). Held for ${HOLD_MINUTES} minutes: others no longer see the time free, the holder still does, and booking it turns the hold into the appointment. Holding a service at a start the client already holds replaces that hold; their other holds count as taken; at most ${MAX_LIVE_HOLDS} live holds per client (then 422). Seats in a class session: the session's servicePrice and starts_at with attributes.seats_count (default 1; the session's instructor, no employee needed): the seats count as taken for others until the hold expires or is booked (409 not_enough_seats when fewer are left). Location names the hold (GET /v1c/booking-holds/{id}).`,
        parameters: [idempotencyKey],
        requestBody: jsonApiBody("BookingHoldCreate", {
          data: {
            type: "booking-holds",
            attributes: { starts_at: AT.start },
            relationships: {
              servicePrice: { data: { type: "service-prices", id: "240" } },
              employee: { data: null },
              location: { data: { type: "locations", id: "12" } },
            },
          },
        }),
        responses: {
          201: {
            ...holds.single,
            description: "Held; Location names the hold",
            headers: {
              Location: { description: "/v1c/booking-holds/{id}", schema: { type: "string" } },
              ...replayedHeader,
            },
          },
          401: unauthorized,
          409: errorResponse(
            "slot_taken: the time was taken meanwhile (source.pointer /data/attributes/starts_at; meta.alternatives as for appointments); overlaps_own_booking: the client already has an appointment or another hold then (meta as for appointments); not_enough_seats: fewer seats left in the class session than asked for (meta.seats_left); conflict: data.type is not booking-holds",
            ["slot_taken", "overlaps_own_booking", "not_enough_seats", "conflict"],
          ),
          422: neverASlot(BOOKING_REFUSALS.hold),
        },
      },
      get: {
        summary: "The signed-in client's live holds",
        description: `${SIGNED_IN} Holds not yet expired, soonest first. Never cached.`,
        parameters: collectionParameters(holdRules),
        responses: { 200: holds.collection, 401: unauthorized },
      },
    },
    "/v1c/booking-holds/{id}": {
      get: {
        summary: "One of the signed-in client's live holds (a new hold's Location)",
        description: `${SIGNED_IN} Another client's, an expired, a released or a booked hold answers 404: its time is no longer the client's. Never cached.`,
        parameters: [idParameter("981"), fieldsParameter(holdRules.type, holdRules.attributes)],
        responses: {
          200: holds.single,
          400: errorResponse("Invalid query parameter"),
          401: unauthorized,
          404: errorResponse("No such live hold of this client"),
        },
      },
      delete: {
        summary: "Let a held time go",
        description: `${SIGNED_IN} 204; another client's, an expired or an unknown hold answers 404. A body is not needed; an empty one is accepted whatever the Content-Type.`,
        parameters: [idParameter("981"), idempotencyKey],
        responses: {
          204: { description: "Released", headers: replayedHeader },
          401: unauthorized,
          404: errorResponse("No such live hold of this client"),
          422: errorResponse("The Idempotency-Key was used with another request (source.header)", [
            "idempotency_key_reused",
          ]),
        },
      },
    },
    "/v1c/appointment-clients": {
      get: {
        summary: "The signed-in client's appointments",
        description: `${SIGNED_IN} filter[when]: upcoming (not yet ended and not cancelled, soonest first) or past (ended or cancelled, newest first); none: all, newest first. Include: ${appointmentClientRules.includable?.join(", ")}.`,
        parameters: [...collectionParameters(appointmentClientRules), includeParameter(appointmentClientRules)],
        responses: { 200: clients.collection, 400: errorResponse("Invalid query parameter"), 401: unauthorized },
      },
    },
    "/v1c/appointment-clients/{id}": {
      get: {
        summary: "One of the signed-in client's appointments",
        description: `${SIGNED_IN} Another client's id answers 404.`,
        parameters: [
          idParameter("4533"),
          fieldsParameter(appointmentClientRules.type, appointmentClientRules.attributes),
          includeParameter(appointmentClientRules),
        ],
        responses: { 200: clients.single, 401: unauthorized, 404: errorResponse("No such appointment of this client") },
      },
      patch: {
        summary: "Cancel an appointment",
        description: `${SIGNED_IN} Set relationships.status to appointment-statuses 4 (cancelled). Allowed while new or confirmed and until the business's cancellation_notice_hours before the start; later, a 422 whose detail says until when it was possible.`,
        parameters: [idParameter("4533"), idempotencyKey],
        requestBody: jsonApiBody("AppointmentClientCancel", {
          data: {
            type: "appointment-clients",
            id: "4533",
            relationships: { status: { data: { type: "appointment-statuses", id: "4" } } },
          },
        }),
        responses: {
          200: { ...clients.single, headers: replayedHeader },
          401: unauthorized,
          404: errorResponse("No such appointment of this client"),
          409: errorResponse("data.type or data.id does not match"),
          422: errorResponse(
            "Not a cancellation (only_cancel_allowed), too late to cancel online (too_late_to_cancel: meta.deadline, meta.notice_hours), or no longer live (not_cancellable), " +
              keyReused,
            BOOKING_REFUSALS.cancel,
          ),
        },
      },
    },
  };
}

/** The cancel body, its status narrowed to the one id a client may set: cancelled. */
function cancelDocument(): Schema {
  const document = requestDocumentFrom("appointment-clients", cancellation, { id: true });
  const identifier = {
    type: "object",
    required: ["type", "id"],
    additionalProperties: false,
    properties: { type: { const: "appointment-statuses" }, id: { const: String(APPOINTMENT_STATUS.cancelled) } },
  };
  const status = { type: "object", required: ["data"], properties: { data: identifier } };
  const data = (document.properties as { data: Schema }).data;
  const properties = data.properties as Record<string, Schema>;
  const relationships = { ...properties.relationships, properties: { status } };
  return { ...document, properties: { data: { ...data, properties: { ...properties, relationships } } } };
}

const appointmentTimes = {
  attributes: { starts_at: zonedTime, ends_at: zonedTime },
  example: { starts_at: AT.start, ends_at: AT.end },
};

const appointment = resourceSchema("appointments", {
  exampleId: "4521",
  selfLink: true,
  attributes: {
    ...appointmentTimes.attributes,
    capacity: {
      type: ["integer", "null"],
      description: "Seats of a class session, shared with other clients (never moved); null for an appointment",
    },
  },
  example: { ...appointmentTimes.example, capacity: null },
});

const appointmentService = resourceSchema("appointment-services", {
  exampleId: "6120",
  description: "One service of an appointment (included in its answers)",
  attributes: {
    ...appointmentTimes.attributes,
    price_minor: { type: "integer", description: "In the currency's minor units" },
    currency: { type: "string", description: "ISO 4217" },
    service_name: { type: "string" },
    variant_name: { type: ["string", "null"] },
  },
  example: {
    ...appointmentTimes.example,
    price_minor: 14000,
    currency: "EUR",
    service_name: "Balayage",
    variant_name: "Long hair",
  },
});

const appointmentClient = resourceSchema("appointment-clients", {
  exampleId: "4533",
  selfLink: true,
  attributes: {
    client_note: { type: ["string", "null"] },
    total_amount: { type: "integer", description: "In the currency's minor units" },
    currency: { type: "string" },
    seats_count: { type: "integer" },
    created_at: { type: "string", format: "date-time" },
    starts_at: zonedTime,
    ends_at: zonedTime,
    cancellable_until: {
      ...zonedTime,
      type: ["string", "null"],
      description:
        "Until when the client may cancel or move it online (the business's cancellation notice before the start); null: not online any more (too late, or no longer new or confirmed): the business can",
    },
    ics_download_link: { type: "string", format: "uri", description: "Works without sign-in" },
  },
  example: {
    client_note: "I'd like to keep the length.",
    total_amount: 14000,
    currency: "EUR",
    seats_count: 1,
    created_at: "2026-11-27T21:30:00.000Z",
    ...appointmentTimes.example,
    cancellable_until: "2026-11-30T10:00:00+02:00",
    ics_download_link: "https://termin.example/calendar/QmJ4c2V0LXRva2Vu.ics",
  },
});

export const BOOKING_SCHEMAS: Record<string, Schema> = {
  Appointment: appointment,
  AppointmentService: appointmentService,
  AppointmentClient: appointmentClient,
  AppointmentServiceEmployee: resourceSchema("appointment-service-employees", {
    exampleId: "7302",
    description: "Who performs one service of an appointment (included in its answers)",
    attributes: {},
    example: {},
  }),
  AppointmentDocument: {
    type: "object",
    required: ["jsonapi", "data", "included"],
    properties: {
      jsonapi: { $ref: "#/components/schemas/JsonApiVersion" },
      data: { $ref: "#/components/schemas/Appointment" },
      included: { type: "array", items: { $ref: "#/components/schemas/IncludedResource" } },
      links: { type: "object", properties: { self: { type: "string" } } },
    },
    example: {
      jsonapi: { version: "1.1" },
      data: appointment.example,
      included: [appointmentClient.example, appointmentService.example],
      links: { self: "/v1c/appointments/4521" },
    },
  },
  AvailableSlot: resourceSchema("available-slots", {
    id: { ...zonedTime, description: "The start time" },
    exampleId: AT.start,
    ...appointmentTimes,
  }),
  AvailableSlotDocument: {
    type: "object",
    required: ["jsonapi", "data", "meta", "links"],
    properties: {
      jsonapi: { $ref: "#/components/schemas/JsonApiVersion" },
      data: { type: "array", items: { $ref: "#/components/schemas/AvailableSlot" } },
      included: { type: "array", items: { $ref: "#/components/schemas/Employee" } },
      meta: {
        type: "object",
        required: ["time_zone", "date_from", "date_to", "total", "online_booking"],
        additionalProperties: false,
        properties: {
          time_zone: { type: "string", description: "The location's IANA time zone: dates and times are on its clock" },
          date_from: { type: "string", format: "date" },
          date_to: { type: "string", format: "date" },
          total: { type: "integer" },
          online_booking: {
            type: "boolean",
            description: "false: the business takes no online bookings (so there are no times, on any day)",
          },
        },
        example: {
          time_zone: "Europe/Sofia",
          date_from: "2026-12-01",
          date_to: "2026-12-07",
          total: 1,
          online_booking: true,
        },
      },
      links: {
        $ref: "#/components/schemas/PageLinks",
        description: "One page: first and last name the list itself",
        example: {
          self: SLOTS_PATH,
          first: SLOTS_PATH,
          last: SLOTS_PATH,
          prev: null,
          next: null,
        },
      },
    },
  },
  AppointmentCreate: requestDocumentFrom("appointments", newAppointment),
  AppointmentMove: requestDocumentFrom("appointments", movedAppointment, { id: true }),
  BookingHoldCreate: requestDocumentFrom("booking-holds", newHold),
  BookingHold: resourceSchema("booking-holds", {
    exampleId: "981",
    attributes: {
      ...appointmentTimes.attributes,
      expires_at: zonedTime,
      seats_count: { type: "integer", minimum: 1, description: "Seats held in a class session; 1 for a time" },
    },
    example: { ...appointmentTimes.example, expires_at: "2026-11-27T23:40:00+02:00", seats_count: 1 },
  }),
  AppointmentClientCancel: cancelDocument(),
};
