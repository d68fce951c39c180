import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import type { PaymentView } from "./payment-view.ts";

/** An appointment as the client's list shows it. */
export interface AppointmentSummary {
  id: string;
  startsAt: string;
  /** "Tuesday, 1 December 2026 · 10:00", at the place's clock. */
  when: string;
  locationName: string;
  services: string[];
  statusId: number;
  totalMinor: number;
  currency: string;
  /** Places taken: more than one only in a class session. */
  seats: number;
  /** How it is paid, and an online payment still due. */
  payment: PaymentView;
  /** Paid by a membership's credit (its total is 0). */
  coveredByMembership: boolean;
}

export interface AppointmentServiceLine {
  id: string;
  name: string;
  variantName: string | null;
  employees: Array<{ id: string; name: string }>;
  /** "10:00–10:45". */
  time: string;
  startsAt: string;
  priceMinor: number;
  currency: string;
  servicePriceId: string | null;
}

/** One appointment in full, for its page. */
export interface AppointmentDetails extends AppointmentSummary {
  appointmentId: string | null;
  endsAt: string;
  location: {
    id: string;
    slug: string;
    name: string;
    address: string;
    phone: string;
    latitude: number;
    longitude: number;
    timeZone: string;
    timeZoneName: string;
  } | null;
  lines: AppointmentServiceLine[];
  /** A class session, shared with other clients: cancelled and booked again, never moved. */
  isClass: boolean;
  note: string | null;
  /** Until when it can be cancelled, worded at the place's clock; null when no longer. */
  cancellableUntil: string | null;
  icsLink: string;
  /** The client's review of this visit, once written. */
  reviewId: string | null;
}

/** The status words' catalog keys by status id. */
export const STATUS_KEYS = {
  [APPOINTMENT_STATUS.new]: "appointments.status.new",
  [APPOINTMENT_STATUS.confirmed]: "appointments.status.confirmed",
  [APPOINTMENT_STATUS.completed]: "appointments.status.completed",
  [APPOINTMENT_STATUS.cancelled]: "appointments.status.cancelled",
  [APPOINTMENT_STATUS.noShow]: "appointments.status.noShow",
  [APPOINTMENT_STATUS.pendingPayment]: "appointments.status.pendingPayment",
} as const;

export function statusKey(statusId: number) {
  return STATUS_KEYS[statusId as keyof typeof STATUS_KEYS] ?? STATUS_KEYS[APPOINTMENT_STATUS.new];
}
