import { data } from "react-router";
import { ApiError, type ApiClient } from "../api/client.ts";
import { APPOINTMENT_INCLUDES } from "./appointment-view.server.ts";
import type { AppointmentClientDocument } from "./resources.ts";

/** One of the client's appointments (another client's id is the 404 page, as the API answers). */
export async function loadAppointment(api: ApiClient, id: string): Promise<AppointmentClientDocument> {
  try {
    return await api.get<AppointmentClientDocument>(`appointment-clients/${encodeURIComponent(id)}`, {
      include: APPOINTMENT_INCLUDES,
    });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw data(null, { status: 404 });
    throw error;
  }
}
