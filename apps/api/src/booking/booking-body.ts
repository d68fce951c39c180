import { z } from "zod";
import { isDatabaseId } from "../jsonapi/relationships.ts";

/** An id in a booking body: a whole number written as a string, small enough to name a row. */
export const databaseIdString = (what: string) =>
  z.string().refine(isDatabaseId, `${what}: a whole number from 1 to 2147483647, written as a string.`);

/** ISO 8601 with a zone: "2026-12-01T10:00:00+02:00" or "...Z"; a time without its offset would be ambiguous. */
const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A start time as clients send it. */
export const zonedTime = z
  .string()
  .regex(ZONED_TIME, "A time with its offset, e.g. 2026-12-01T10:00:00+02:00.")
  .refine((value) => !Number.isNaN(Date.parse(value)), "Not a real date and time.");

/** Seats in a class session a body asks for; the business's own maximum is a rule checked with the session. */
export const seatsCount = z
  .number()
  .int("A whole number of seats.")
  .min(1, "At least one seat.")
  .max(100, "At most 100 seats.");
