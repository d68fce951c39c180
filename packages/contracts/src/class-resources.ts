import type { CollectionDocument, ResourceObject } from "./jsonapi.ts";

// The classes API's resources (apps/api/src/classes): what the web app, the native app and the widget read.

/** `class-sessions`: one session of a class (an appointment with a capacity); id = the appointment's id. */
export interface ClassSessionAttributes {
  /** ISO 8601 with the location's offset. */
  starts_at: string;
  ends_at: string;
  capacity: number;
  /** Seats anyone may still book or hold now (0: full, and still listed). */
  seats_left: number;
}
export type ClassSessionResource = ResourceObject<"class-sessions", ClassSessionAttributes>;
export type ClassSessionDocument = Omit<CollectionDocument<ClassSessionResource>, "meta"> & {
  meta: { date_from: string; date_to: string; total: number };
};
