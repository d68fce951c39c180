import { APPOINTMENT_STATUS, type AppointmentStatusKey } from "@termin/domain/appointment-statuses";
import type {
  appointmentClients,
  appointmentServiceEmployees,
  appointmentServices,
  appointments,
  bookingClaims,
  clientClaims,
} from "../../booking-schema.ts";
import { bufferedRange, type PlacedService } from "./booking-planner.ts";
import type { Rows } from "./generate-catalogue.ts";

/** The rows of booked appointments, in insert order. Calendar tokens are secrets: the insert draws them. */
export interface AppointmentRowSet {
  appointments: Rows<typeof appointments>;
  appointmentServices: Rows<typeof appointmentServices>;
  appointmentServiceEmployees: Rows<typeof appointmentServiceEmployees>;
  appointmentClients: Array<Omit<(typeof appointmentClients)["$inferInsert"], "calendarToken">>;
  bookingClaims: Rows<typeof bookingClaims>;
  clientClaims: Rows<typeof clientClaims>;
}

/** One client's visit: the appointment as a booking writes it, then as the business or the client changed it. */
export interface Visit {
  locationId: number;
  clientId: string;
  status: AppointmentStatusKey;
  services: readonly PlacedService[];
  note: string | null;
  /** When it was booked, and when its status last changed. */
  bookedAt: Date;
  changedAt: Date;
}

/** A PostgreSQL timestamptz in UTC: "2026-12-01 08:45:00+00". */
const pgInstant = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace("T", " ")}+00`;

/** The text form of a tstzrange claim: "[2026-12-01 08:45:00+00,2026-12-01 10:15:00+00)". */
export const claimRange = (from: number, to: number) => `[${pgInstant(from)},${pgInstant(to)})`;

/**
 * Writes visits as the API's booking does: an appointment from the first service's start to the last one's end,
 * a row per service with its booked price, its employee, the client's place with the total, and claims for the
 * employee and each resource unit over the buffered time, and for the client over each service's own time. Claims of a cancelled visit are not live, and its
 * sequence is 1 (cancelling is a change a calendar must see).
 */
export class AppointmentRows {
  readonly rows: AppointmentRowSet = {
    appointments: [],
    appointmentServices: [],
    appointmentServiceEmployees: [],
    appointmentClients: [],
    bookingClaims: [],
    clientClaims: [],
  };
  private readonly last: Record<keyof AppointmentRowSet, number>;

  /** Ids start at firstId in every table, so a separate set (the bench's) never meets the demo's ids. */
  constructor(firstId = 1) {
    const before = firstId - 1;
    this.last = {
      appointments: before,
      appointmentServices: before,
      appointmentServiceEmployees: before,
      appointmentClients: before,
      bookingClaims: before,
      clientClaims: before,
    };
  }

  private nextId(table: keyof AppointmentRowSet): number {
    this.last[table] += 1;
    return this.last[table];
  }

  add(visit: Visit): number {
    const first = visit.services[0];
    const last = visit.services.at(-1);
    if (!first || !last) throw new Error("A visit books at least one service");
    const live = visit.status !== "cancelled";
    const appointmentId = this.nextId("appointments");
    const stamps = { createdAt: visit.bookedAt, updatedAt: visit.changedAt };
    this.rows.appointments.push({
      id: appointmentId,
      locationId: visit.locationId,
      startsAt: new Date(first.start),
      endsAt: new Date(last.end),
      sequence: live ? 0 : 1,
      ...stamps,
    });
    visit.services.forEach((placed, position) => {
      const serviceRowId = this.nextId("appointmentServices");
      this.rows.appointmentServices.push({
        id: serviceRowId,
        appointmentId,
        servicePriceId: placed.service.servicePriceId,
        position,
        startsAt: new Date(placed.start),
        endsAt: new Date(placed.end),
        priceMinor: placed.service.priceMinor,
        currencyCode: placed.service.currencyCode,
      });
      this.rows.appointmentServiceEmployees.push({
        id: this.nextId("appointmentServiceEmployees"),
        appointmentServiceId: serviceRowId,
        employeeId: placed.employeeId,
      });
      const during = claimRange(...bufferedRange(placed));
      const claim = { appointmentServiceId: serviceRowId, during, live };
      this.rows.bookingClaims.push({ id: this.nextId("bookingClaims"), employeeId: placed.employeeId, ...claim });
      for (const resourceId of placed.resourceIds) {
        this.rows.bookingClaims.push({ id: this.nextId("bookingClaims"), resourceId, ...claim });
      }
    });
    const appointmentClientId = this.nextId("appointmentClients");
    this.rows.appointmentClients.push({
      id: appointmentClientId,
      appointmentId,
      clientId: visit.clientId,
      statusId: APPOINTMENT_STATUS[visit.status],
      clientNote: visit.note,
      totalMinor: visit.services.reduce((sum, placed) => sum + placed.service.priceMinor, 0),
      currencyCode: first.service.currencyCode,
      seatsCount: 1,
      ...stamps,
    });
    for (const placed of visit.services) {
      this.rows.clientClaims.push({
        id: this.nextId("clientClaims"),
        clientId: visit.clientId,
        during: claimRange(placed.start, placed.end),
        appointmentClientId,
        live,
      });
    }
    return appointmentId;
  }
}
