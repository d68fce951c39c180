import { z } from "zod";
import type { TopicListener } from "@termin/db/change-channel";

/**
 * What an open page learns (decision 0048), public facts only, never who booked: the free times of a location
 * changed between two instants (a time taken, held, freed), or a class session has this many seats left.
 */
export type LiveChange =
  | { kind: "free-times"; locationId: number; from: number; to: number }
  | { kind: "seats"; locationId: number; sessionId: number; seatsLeft: number };

/** When a hold frees its time or its seats by itself, if nobody books or releases it first. */
export interface HoldExpiry {
  locationId: number;
  /** The class session whose seats it holds; null for a time. */
  sessionId: number | null;
  expiresAt: number;
  from: number;
  to: number;
}

/** The topics migration 0016's triggers send on, with the payloads they send. */
const id = z.number().int().positive();
const instant = z.number().int();
export const LIVE_TOPICS = {
  freeTimes: {
    topic: "termin_free_times",
    payload: z.object({ location_id: id, from: instant, to: instant }),
  },
  seats: {
    topic: "termin_seats",
    payload: z.object({ appointment_id: id, location_id: id, seats_left: z.number().int().nonnegative() }),
  },
  holdExpiries: {
    topic: "termin_hold_expiries",
    payload: z.object({
      location_id: id,
      appointment_id: id.nullable(),
      expires_at: instant,
      from: instant,
      to: instant,
    }),
  },
} as const;

export const freeTimesChange = (payload: z.infer<typeof LIVE_TOPICS.freeTimes.payload>): LiveChange => ({
  kind: "free-times",
  locationId: payload.location_id,
  from: payload.from,
  to: payload.to,
});

export const seatsChange = (payload: z.infer<typeof LIVE_TOPICS.seats.payload>): LiveChange => ({
  kind: "seats",
  locationId: payload.location_id,
  sessionId: payload.appointment_id,
  seatsLeft: payload.seats_left,
});

export const holdExpiry = (payload: z.infer<typeof LIVE_TOPICS.holdExpiries.payload>): HoldExpiry => ({
  locationId: payload.location_id,
  sessionId: payload.appointment_id,
  expiresAt: payload.expires_at,
  from: payload.from,
  to: payload.to,
});

/**
 * A listener of one topic that reads each payload with `schema` and hands on what it means; a payload that is not
 * what the triggers send (a hand-made NOTIFY) goes to `malformed` and no further.
 */
export function payloadsOf<T extends z.ZodType, R>(
  schema: T,
  meaning: (payload: z.infer<T>) => R,
  handlers: { heard(value: R): void; missed(): void; malformed(reason: string): void },
): TopicListener {
  return {
    heard(payload) {
      let parsed: z.ZodSafeParseResult<z.infer<T>>;
      try {
        parsed = schema.safeParse(JSON.parse(payload));
      } catch (error) {
        handlers.malformed((error as Error).message);
        return;
      }
      if (parsed.success) handlers.heard(meaning(parsed.data));
      else handlers.malformed(parsed.error.message);
    },
    missed: handlers.missed,
  };
}
