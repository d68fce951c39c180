import type { ErrorObject } from "@termin/contracts/jsonapi";

export interface AlternativeTime {
  startsAt: string;
  endsAt: string;
  employeeIds: string[];
}

/** A service whose time could not be booked: its place in the request, and the nearest free times. */
export interface UnavailableTime {
  /** Index of the service in the request's `services` (basket order). */
  index: number;
  reason: RefusalReason;
  alternatives: AlternativeTime[];
}

const SERVICE_POINTER = /^\/data\/attributes\/services\/(\d+)(\/|$)/;

/**
 * The API's codes for a time someone else has: `slot_taken`, or `conflict` when two bookings met in the database
 * itself. Decided by code, never by HTTP status (a 422 about the request must never read as "taken").
 */
const TAKEN_CODES: ReadonlySet<string | undefined> = new Set(["slot_taken", "conflict"]);

export const isTaken = (error: Pick<ErrorObject, "code">) => TAKEN_CODES.has(error.code);

/**
 * Why a time was refused: "taken", someone booked it meanwhile; "own", the client has another booking or hold then
 * (one person, one place at a time); "invalid", it was never a free time (hours, notice, horizon).
 */
export type RefusalReason = "taken" | "own" | "invalid";

export const refusalReason = (error: Pick<ErrorObject, "code">): RefusalReason =>
  isTaken(error) ? "taken" : error.code === "overlaps_own_booking" ? "own" : "invalid";

function alternativesOf(meta: ErrorObject["meta"]): AlternativeTime[] {
  const list = meta?.alternatives;
  if (!Array.isArray(list)) return [];
  return list.flatMap((value: unknown) => {
    if (typeof value !== "object" || value === null) return [];
    const entry = value as { starts_at?: unknown; ends_at?: unknown; employee_ids?: unknown };
    if (typeof entry.starts_at !== "string" || typeof entry.ends_at !== "string") return [];
    const employeeIds = Array.isArray(entry.employee_ids) ? entry.employee_ids.map(String) : [];
    return [{ startsAt: entry.starts_at, endsAt: entry.ends_at, employeeIds }];
  });
}

/**
 * The services an appointment's 409 or 422 names (`source.pointer` /data/attributes/services/N), with the
 * alternatives the API offers in `meta.alternatives` for a time taken meanwhile.
 */
export function unavailableTimes(errors: readonly ErrorObject[]): UnavailableTime[] {
  return errors.flatMap((error) => {
    const match = SERVICE_POINTER.exec(error.source?.pointer ?? "");
    if (!match) return [];
    return [{ index: Number(match[1]), reason: refusalReason(error), alternatives: alternativesOf(error.meta) }];
  });
}
