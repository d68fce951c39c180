import type { AppointmentClientResource, AppointmentDocument } from "@termin/contracts/booking-resources";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { ApiError, type ApiClient } from "../api/client.ts";

/** The signed-in client's seats in a session, with their booking's id (its page in My appointments). */
export interface OwnSeats {
  appointmentClientId: string;
  seats: number;
}

/**
 * The client's own booking in session `sessionId` (a session is an appointment shared by its clients), or null
 * when they hold no seats in it (none, or cancelled).
 */
export async function ownSeatsIn(api: ApiClient, sessionId: string): Promise<OwnSeats | null> {
  try {
    const document = await api.get<AppointmentDocument>(`appointments/${encodeURIComponent(sessionId)}`);
    const own = document.included?.find(
      (resource): resource is AppointmentClientResource => resource.type === "appointment-clients",
    );
    const status = own?.relationships?.status?.data;
    const cancelled = status && !Array.isArray(status) && Number(status.id) === APPOINTMENT_STATUS.cancelled;
    return own && !cancelled ? { appointmentClientId: own.id, seats: own.attributes.seats_count } : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
