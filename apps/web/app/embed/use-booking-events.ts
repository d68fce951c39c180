import { useEffect } from "react";
import type { AppointmentSummary } from "../booking/appointment-view.ts";
import { tellParent } from "./frame-messages.ts";

/**
 * Tells the page that frames the widget of a booking just made or cancelled (nothing when not framed): the host
 * page's `booking-completed` and `booking-cancelled` events. Once per appointment and outcome.
 */
export function useBookingEvents(
  appointment: Pick<AppointmentSummary, "id" | "startsAt" | "totalMinor" | "currency" | "payment">,
  outcome: { booked: boolean; cancelled: boolean },
): void {
  const { id, startsAt, totalMinor, currency } = appointment;
  const paymentPending = appointment.payment.link?.state === "due";
  useEffect(() => {
    if (!outcome.booked) return;
    tellParent({
      termin: 1,
      type: "booking-completed",
      detail: { appointmentId: id, startsAt, amountMinor: totalMinor, currency, paymentPending },
    });
  }, [outcome.booked, id, startsAt, totalMinor, currency, paymentPending]);
  useEffect(() => {
    if (outcome.cancelled) tellParent({ termin: 1, type: "booking-cancelled", detail: { appointmentId: id } });
  }, [outcome.cancelled, id]);
}
