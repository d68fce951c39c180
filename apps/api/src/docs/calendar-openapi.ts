import type { Operation } from "./document-types.ts";
import type { ClientDocParts } from "./client-openapi-parts.ts";

/** GET /calendar/{token}.ics: an appointment as a calendar file, without sign-in. */
export function calendarPaths({
  errorResponse,
}: {
  errorResponse: ClientDocParts["errorResponse"];
}): Record<string, Record<string, Operation>> {
  return {
    "/calendar/{token}.ics": {
      get: {
        summary: "An appointment as an iCalendar file (RFC 5545), for calendar apps; no sign-in",
        description:
          "The token is the appointment client's `calendar_token`; `ics_download_link` of an appointment client is this URL. One VEVENT for the whole appointment: UID stable per appointment client, SEQUENCE raised by every reschedule or cancellation, STATUS CANCELLED or CONFIRMED, DTSTART and DTEND in UTC, SUMMARY, LOCATION and DESCRIPTION (each service with its employees and time in the location's zone) in the client's language, URL to their appointments. Calendar apps may subscribe to it (REFRESH-INTERVAL one hour).",
        parameters: [
          {
            name: "token",
            in: "path",
            required: true,
            schema: { type: "string", pattern: "^[A-Za-z0-9_-]{16,128}$" },
            example: "QmJ4c2V0LXRva2Vu",
          },
        ],
        responses: {
          200: {
            description:
              'The calendar file; Content-Disposition: attachment; filename="appointment.ics"; Cache-Control: private, no-cache',
            content: {
              "text/calendar; charset=utf-8": {
                schema: { type: "string" },
                example:
                  "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Termin//Appointments//EN\r\nBEGIN:VEVENT\r\nUID:appointment-client-4533@termin\r\nSEQUENCE:0\r\nSTATUS:CONFIRMED\r\nDTSTART:20261201T080000Z\r\nDTEND:20261201T090000Z\r\nSUMMARY:Balayage at Studio Lena\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
              },
            },
          },
          404: errorResponse("No appointment has this calendar token (or its client deleted the account)"),
        },
      },
    },
  };
}
