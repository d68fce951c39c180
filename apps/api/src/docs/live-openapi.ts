import { HEARTBEAT_MS } from "../booking/live/live-feed.ts";
import { MAX_STREAM_LOCATIONS } from "../booking/live/free-time-change-routes.ts";
import type { ClientDocParts } from "./client-openapi-parts.ts";
import type { Operation } from "./document-types.ts";

const EXAMPLE_STREAM = [
  "retry: 1000",
  "",
  "id: 3f9a1c2b-41",
  "event: free-times",
  'data: {"location_id":"12","from":"2026-12-01T08:00:00.000Z","to":"2026-12-01T09:00:00.000Z"}',
  "",
  "id: 3f9a1c2b-42",
  "event: seats",
  'data: {"location_id":"12","class_session_id":"345","seats_left":3}',
  "",
  ":",
  "",
  "",
].join("\n");

/** GET /v1c/free-time-changes: the server-sent events of free times and seats (decision 0048). */
export function livePaths({
  errorResponse,
}: Pick<ClientDocParts, "errorResponse">): Record<string, Record<string, Operation>> {
  return {
    "/v1c/free-time-changes": {
      get: {
        summary: "Changes of free times and seats at locations, as they happen (server-sent events)",
        description: `A \`text/event-stream\` (EventSource) that stays open: within a second of a commit anywhere, an event tells that something a page shows at one of the locations changed, so it reads it again. Only public facts, never who booked. \`free-times\`: the location's free times changed between \`from\` and \`to\` (instants, UTC; a time was booked, held, moved, cancelled, or a hold expired): read available-slots again if its range meets it. \`seats\`: a class session's \`seats_left\` changed (a seat booked, held, freed, or the session called off: 0). \`reset\`: changes may have been missed (a reconnect to another server, or too long away): read everything again. Each event has an id; a client reconnecting with \`Last-Event-ID\` (EventSource does it by itself) gets what it missed. A new stream first repeats the changes of the last few seconds, those made while the page was on its way. A comment line every ${HEARTBEAT_MS / 1_000} s keeps it open through proxies; \`retry\` asks for a reconnect after 1 s when it ends (a server restarting ends its streams). Never compressed, never cached. On a business's own site, locations of other businesses are never streamed.`,
        parameters: [
          {
            name: "filter[location_id]",
            in: "query",
            required: true,
            description: `The locations followed: ids separated by commas, at most ${MAX_STREAM_LOCATIONS}.`,
            schema: {
              type: "array",
              items: { type: "string", pattern: "^[1-9][0-9]{0,9}$" },
              maxItems: MAX_STREAM_LOCATIONS,
            },
            style: "form",
            explode: false,
            example: ["12", "14"],
          },
          {
            name: "Last-Event-ID",
            in: "header",
            description: "The id of the last event received, when reconnecting: the events after it are sent first.",
            schema: { type: "string", maxLength: 64 },
            example: "3f9a1c2b-41",
          },
        ],
        responses: {
          200: {
            description: "The stream of events; Cache-Control: no-store",
            content: { "text/event-stream": { schema: { type: "string" }, example: EXAMPLE_STREAM } },
          },
          400: errorResponse(
            "filter[location_id] is missing, not ids, or names too many locations; or another parameter was sent",
          ),
        },
      },
    },
  };
}
