import { data } from "react-router";
import type { ReviewResource } from "@termin/contracts/offer-resources";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import type { Review } from "../catalogue/location-page/Reviews.tsx";
import { ApiError, type ApiClient } from "../api/client.ts";
import { APPOINTMENT_INCLUDES } from "./appointment-data.ts";
import type { AppointmentClientDocument } from "@termin/contracts/booking-resources";

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

/** The client's review of a visit, as the place's page shows it (null if it cannot be read now: the page goes on). */
export async function loadReview(api: ApiClient, id: string): Promise<Review | null> {
  try {
    const review = await api.get<SingleDocument<ReviewResource>>(`reviews/${encodeURIComponent(id)}`);
    const a = review.data.attributes;
    return {
      id: review.data.id,
      author: a.author_name,
      rating: a.rating,
      text: a.text,
      language: a.language,
      createdAt: a.created_at,
      items: [],
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
