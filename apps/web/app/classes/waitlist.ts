import type { CollectionDocument, ResourceObject } from "@termin/contracts/jsonapi";
import type { ApiClient } from "../api/client.ts";
import { ApiError } from "../api/client.ts";

/** The signed-in client's place in a session's waitlist, as the session's page shows it. */
export interface WaitlistPlace {
  id: string;
  status: "waiting" | "offered";
  /** 1 for the first in line, while waiting. */
  position: number | null;
  seats: number;
  /** While offered: the hold keeping the seats, and until when. */
  holdId: string | null;
  offerExpiresAt: string | null;
}

type EntryResource = ResourceObject<
  "waitlist-entries",
  { status: string; position: number | null; seats_count: number; offer_expires_at: string | null }
>;

/** The client's waiting or offered entry for session `sessionId`, or null (none, or the API has no waitlists). */
export async function ownWaitlistPlace(api: ApiClient, sessionId: string): Promise<WaitlistPlace | null> {
  try {
    const document = await api.get<CollectionDocument<EntryResource>>("waitlist-entries", { "page[size]": "100" });
    const entry = document.data.find((each) => {
      const session = each.relationships?.classSession?.data;
      return session && !Array.isArray(session) && session.id === sessionId;
    });
    const status = entry?.attributes.status;
    if (!entry || (status !== "waiting" && status !== "offered")) return null;
    const hold = entry.relationships?.bookingHold?.data;
    return {
      id: entry.id,
      status,
      position: entry.attributes.position,
      seats: entry.attributes.seats_count,
      holdId: hold && !Array.isArray(hold) ? hold.id : null,
      offerExpiresAt: entry.attributes.offer_expires_at,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Joins a full session's waitlist for `seats`; the API's refusal (seats free again, already waiting) is thrown. */
export async function joinWaitlist(api: ApiClient, sessionId: string, seats: number): Promise<void> {
  await api.post("waitlist-entries", {
    data: {
      type: "waitlist-entries",
      attributes: { seats_count: seats },
      relationships: { classSession: { data: { type: "class-sessions", id: sessionId } } },
    },
  });
}

export async function leaveWaitlist(api: ApiClient, entryId: string): Promise<void> {
  await api.delete(`waitlist-entries/${encodeURIComponent(entryId)}`);
}
