import { classSessionRules } from "../classes/class-session-routes.ts";
import { MAX_SESSION_RANGE_DAYS } from "../classes/list-class-sessions.ts";
import { JSONAPI, type ClientDocParts } from "./client-openapi-parts.ts";
import { resourceSchema, type Schema } from "./resource-schema.ts";
import type { Operation } from "./document-types.ts";

const SESSIONS_PATH = "/v1c/class-sessions?filter[location_id]=12";
const zonedTime = {
  type: "string",
  description: "ISO 8601 with the location's offset, e.g. 2026-12-01T18:00:00+02:00",
};

/** GET /v1c/class-sessions and /v1c/class-sessions/{id}. */
export function classPaths(parts: ClientDocParts): Record<string, Record<string, Operation>> {
  const { errorResponse, collectionParameters, fieldsParameter, includeParameter } = parts;
  return {
    "/v1c/class-sessions": {
      get: {
        summary: "Sessions of classes at a location or in a city, with their seats left",
        description: `Required: filter[location_id] or filter[city_id] (a location wins when both are given). Optional: filter[service_id] (one class), filter[employee_id] (one instructor), filter[date_from] and filter[date_to] (YYYY-MM-DD on each place's own calendar; default today in the location's or the city's zone and the 6 days after; at most ${MAX_SESSION_RANGE_DAYS} days, a longer range is a 400 naming filter[date_to]). Not paged; soonest first. Past and cancelled sessions are left out; full ones are listed with seats_left 0. seats_left counts the seats of booked places and live holds; book seats with POST /v1c/booking-holds and POST /v1c/appointments (attributes.seats_count) at the session's starts_at and service price. Public, kept up to 2 s like the catalogue. meta: date_from, date_to, total.`,
        parameters: [
          ...collectionParameters(classSessionRules).filter((parameter) => !parameter.name.startsWith("page[")),
          includeParameter(classSessionRules),
        ],
        responses: {
          200: {
            description: "The sessions, soonest first (not paged)",
            content: { [JSONAPI]: { schema: { $ref: "#/components/schemas/ClassSessionDocument" } } },
          },
          400: errorResponse("Invalid or missing filter (neither location_id nor city_id), or a paging parameter"),
        },
      },
    },
    "/v1c/class-sessions/{id}": {
      get: {
        summary: "Get one session of a class that can still be booked",
        description: "A past or cancelled session answers 404.",
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "string", pattern: "^[1-9][0-9]{0,9}$" },
            example: "9120",
          },
          fieldsParameter(classSessionRules.type, classSessionRules.attributes),
          includeParameter(classSessionRules),
        ],
        responses: {
          200: {
            description: "The session",
            content: { [JSONAPI]: { schema: { $ref: "#/components/schemas/ClassSessionSingleDocument" } } },
          },
          400: errorResponse("Invalid query parameter"),
          404: errorResponse("No such session, or it is past or cancelled"),
        },
      },
    },
  };
}

const session = resourceSchema("class-sessions", {
  exampleId: "9120",
  selfLink: true,
  attributes: {
    starts_at: zonedTime,
    ends_at: zonedTime,
    capacity: { type: "integer", minimum: 1, description: "Seats in the session" },
    seats_left: { type: "integer", minimum: 0, description: "Seats anyone may still book or hold now" },
  },
  example: {
    starts_at: "2026-12-01T18:00:00+02:00",
    ends_at: "2026-12-01T19:00:00+02:00",
    capacity: 12,
    seats_left: 5,
  },
});

const includedSchema: Schema = {
  type: "array",
  items: {
    oneOf: [
      { $ref: "#/components/schemas/Service" },
      { $ref: "#/components/schemas/ServicePrice" },
      { $ref: "#/components/schemas/Employee" },
      { $ref: "#/components/schemas/Location" },
    ],
  },
};

export const CLASS_SCHEMAS: Record<string, Schema> = {
  ClassSession: session,
  ClassSessionDocument: {
    type: "object",
    required: ["jsonapi", "data", "meta", "links"],
    properties: {
      jsonapi: { $ref: "#/components/schemas/JsonApiVersion" },
      data: { type: "array", items: { $ref: "#/components/schemas/ClassSession" } },
      included: includedSchema,
      meta: {
        type: "object",
        required: ["date_from", "date_to", "total"],
        additionalProperties: false,
        properties: {
          date_from: { type: "string", format: "date" },
          date_to: { type: "string", format: "date" },
          total: { type: "integer" },
        },
        example: { date_from: "2026-12-01", date_to: "2026-12-07", total: 1 },
      },
      links: {
        $ref: "#/components/schemas/PageLinks",
        description: "One page: first and last name the list itself",
        example: { self: SESSIONS_PATH, first: SESSIONS_PATH, last: SESSIONS_PATH, prev: null, next: null },
      },
    },
  },
  ClassSessionSingleDocument: {
    type: "object",
    required: ["jsonapi", "data"],
    properties: {
      jsonapi: { $ref: "#/components/schemas/JsonApiVersion" },
      data: { $ref: "#/components/schemas/ClassSession" },
      included: includedSchema,
      links: {
        type: "object",
        required: ["self"],
        properties: { self: { type: "string" } },
        example: { self: "/v1c/class-sessions/9120" },
      },
    },
  },
};
