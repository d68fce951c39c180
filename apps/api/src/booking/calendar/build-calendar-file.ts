import ical, { ICalEventStatus } from "ical-generator";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { linksOrigin, type AppointmentDetails } from "../notices/appointment-details.ts";
import { describeAppointment } from "../notices/describe-appointment.ts";

/** Calendar apps that subscribe to the file's URL look again after this long. */
const REFRESH_SECONDS = 3600;

/** The event's UID: the same for one appointment client in every download, so calendars update it in place. */
export const calendarEventUid = (appointmentClientId: number, publicUrl: string) =>
  `appointment-client-${appointmentClientId}@${new URL(publicUrl).hostname}`;

/**
 * The appointment as an iCalendar file (RFC 5545): one VEVENT for the whole visit, whatever its services. Times in
 * UTC, so no VTIMEZONE is needed and every calendar shows them right in its own zone; the description lists each
 * service with its time in the place's zone, where the client will be. SEQUENCE and STATUS follow the appointment,
 * so a calendar that has the event moves or cancels it when it reads the file again.
 */
export function buildCalendarFile(details: AppointmentDetails, site: { publicUrl: string; appName: string }): string {
  const described = describeAppointment(details);
  const url = `${linksOrigin(details, site.publicUrl)}/${details.client.language}/appointments`;
  const calendar = ical({
    prodId: { company: site.appName, product: "Booking", language: details.client.language.toUpperCase() },
    name: site.appName,
    ttl: REFRESH_SECONDS,
  });
  calendar.createEvent({
    // The UID stays the product's, wherever it was booked: calendars that have the event keep updating it.
    id: calendarEventUid(details.appointmentClientId, site.publicUrl),
    sequence: details.sequence,
    status: details.statusId === APPOINTMENT_STATUS.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    start: details.startsAt,
    end: details.endsAt,
    stamp: details.updatedAt,
    created: details.createdAt,
    lastModified: details.updatedAt,
    summary: described.summary,
    location: described.place,
    description: [...described.serviceLines, "", url].join("\n"),
    url,
  });
  return calendar.toString();
}
