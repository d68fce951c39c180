/**
 * Appointment statuses have fixed ids because the app recognises `new`, `completed`
 * and `pendingPayment` by id (spec section 3). The ids are part of the public contract:
 * never renumber them. See docs/decisions/0006-fixed-appointment-status-ids.md.
 */
export const APPOINTMENT_STATUS = {
  new: 1,
  confirmed: 2,
  completed: 3,
  cancelled: 4,
  noShow: 5,
  pendingPayment: 6,
} as const;

export type AppointmentStatusKey = keyof typeof APPOINTMENT_STATUS;

/** Seed rows: the wire name of each status and its position in lists. */
export const APPOINTMENT_STATUSES: ReadonlyArray<{ id: number; name: string; orderIndex: number }> = [
  { id: APPOINTMENT_STATUS.new, name: "new", orderIndex: 1 },
  { id: APPOINTMENT_STATUS.confirmed, name: "confirmed", orderIndex: 2 },
  { id: APPOINTMENT_STATUS.completed, name: "completed", orderIndex: 3 },
  { id: APPOINTMENT_STATUS.cancelled, name: "cancelled", orderIndex: 4 },
  { id: APPOINTMENT_STATUS.noShow, name: "no-show", orderIndex: 5 },
  { id: APPOINTMENT_STATUS.pendingPayment, name: "pendingPayment", orderIndex: 6 },
];
