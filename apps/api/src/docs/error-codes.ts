import { ERROR_STATUS, type ErrorCode } from "../http/app-error.ts";

/**
 * The codes any operation may answer with a status, whatever it does (the framework's, the edge's, the generic
 * ones): the document lists them on every error answer, after the operation's own.
 */
const GENERIC_CODES: Readonly<Record<number, readonly ErrorCode[]>> = {
  400: ["invalid_parameter", "bad_request", "invalid_path"],
  401: ["unauthenticated", "invalid_token"],
  403: ["forbidden"],
  404: ["not_found"],
  405: ["method_not_allowed"],
  406: ["not_acceptable"],
  409: ["conflict"],
  413: ["payload_too_large"],
  415: ["unsupported_media_type"],
  416: ["range_not_satisfiable"],
  422: ["invalid_body"],
  429: ["rate_limited"],
  500: ["internal"],
  503: ["unavailable"],
};

/**
 * Every code an error answer of `status` may carry: the operation's own (first: the most telling, which examples
 * show) and the generic ones. A code of another status is a mistake in the document, refused when it is built.
 */
export function errorCodesOf(status: number, own: readonly string[] = []): string[] {
  for (const code of own) {
    if (ERROR_STATUS[code as ErrorCode] !== status) {
      throw new Error(`error code ${code} is answered with ${ERROR_STATUS[code as ErrorCode]}, not ${status}`);
    }
  }
  return [...new Set([...own, ...(GENERIC_CODES[status] ?? [])])];
}

/** A time that is never a slot, whoever asks: the start checks of holds, bookings and moves. */
const NEVER_A_SLOT: readonly ErrorCode[] = [
  "time_passed",
  "before_minimum_notice",
  "beyond_booking_window",
  "not_on_time_grid",
  "outside_working_hours",
  "employee_does_not_perform",
  "missing_resources",
];
/** What a hold, a booking or a move names that is not there, or not bookable online. */
const WHERE_AND_WHAT: readonly ErrorCode[] = [
  "unknown_service_price",
  "unknown_employee",
  "location_required",
  "employee_not_at_location",
  "service_not_offered_here",
  "no_online_booking",
];

/** What a hold or a booking of seats in a class session may be refused for. */
const SEATS: readonly ErrorCode[] = [
  "no_such_session",
  "too_many_seats",
  "class_books_alone",
  "seats_only_for_classes",
];

/** The 422 codes of each booking write (docs/api-errors.md describes each). */
export const BOOKING_REFUSALS = {
  hold: [...NEVER_A_SLOT, ...WHERE_AND_WHAT, ...SEATS, "hold_limit", "idempotency_key_reused"],
  book: [
    ...NEVER_A_SLOT,
    ...WHERE_AND_WHAT,
    ...SEATS,
    "services_overlap",
    "services_on_several_days",
    "idempotency_key_reused",
  ],
  move: [
    "class_not_movable",
    "too_late_to_move",
    "not_movable",
    "move_changes_services",
    "move_needs_each_service",
    ...NEVER_A_SLOT,
    ...WHERE_AND_WHAT,
    "services_overlap",
    "services_on_several_days",
    "idempotency_key_reused",
  ],
  cancel: ["too_late_to_cancel", "not_cancellable", "only_cancel_allowed", "idempotency_key_reused"],
} as const satisfies Record<string, readonly ErrorCode[]>;
