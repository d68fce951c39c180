import type { AppointmentDetails } from "./appointment-details.ts";
import { BOOKING_NOTICE_TEXTS } from "./booking-notice-texts.ts";
import { formatClockRange, formatDateAndTime } from "@termin/domain/time-format";
import { fillText, listNames } from "./format-appointment.ts";

/** The parts of an appointment every notice and the calendar file say, in the client's language and the place's zone. */
export interface AppointmentDescription {
  /** "Manicure and Pedicure" */
  services: string;
  /** "Manicure and Pedicure at Studio Nova": the calendar event's title. */
  summary: string;
  /** "Sunday, October 25, 2026 at 10:30 AM" */
  when: string;
  /** "Studio Nova, 1 Vitosha Blvd, Sofia" */
  place: string;
  /** "10:30–11:15 AM Manicure with Maria Ivanova", one per service. */
  serviceLines: string[];
}

export function describeAppointment(details: AppointmentDetails): AppointmentDescription {
  const { language } = details.client;
  const { timeZone } = details.location;
  const texts = BOOKING_NOTICE_TEXTS[language];
  const services = listNames([...new Set(details.services.map((service) => service.name))], language);
  const when = formatDateAndTime(details.startsAt, language, timeZone);
  const values = { services, place: details.location.name, when };
  const serviceLines = details.services.map((service) => {
    const time = formatClockRange(service.startsAt, service.endsAt, language, timeZone);
    if (service.employees.length === 0) return `${time} ${service.name}`;
    const employee = listNames(service.employees, language);
    return fillText(texts.serviceLine, { time, service: service.name, employee }, language);
  });
  return {
    services,
    summary: fillText(texts.summary, values, language),
    when,
    place: [details.location.name, details.location.address, details.location.city].filter(Boolean).join(", "),
    serviceLines,
  };
}
