import type { ErrorObject } from "@termin/contracts/jsonapi";
import type { Language } from "@termin/domain/languages";
import { translate, type Message } from "../i18n/translate.ts";

/** Error codes the API answers with; each maps to exactly one HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_parameter: 400,
  /** The path is not valid percent-encoded UTF-8, or a part of it is longer than the router reads. */
  invalid_path: 400,
  /** The bot check (Turnstile) did not confirm a person: no token, or the provider refused it. */
  bot_check_failed: 400,
  /** OAuth 2 (RFC 6749 section 5.2): a missing or malformed parameter of /auth/token. */
  invalid_request: 400,
  /** OAuth 2: wrong e-mail or password, or a refresh token that is unknown, expired, spent or revoked. */
  invalid_grant: 400,
  unsupported_grant_type: 400,
  /** OAuth 2: this client may not use this grant (a partner's app asking for the password grant). */
  unauthorized_client: 400,
  /** OAuth 2: an unknown OAuth client, or a confidential one without its correct secret. */
  invalid_client: 401,
  /** OAuth authorize: no client has this client_id (the page shows an error, never redirects). */
  unknown_client: 400,
  /** OAuth authorize: the redirect_uri is not one registered for the client (never followed). */
  invalid_redirect_uri: 400,
  /** OAuth authorize: a scope that does not exist or that the client may not ask for. */
  invalid_scope: 400,
  /** Social login: the provider refused the code or its ID token failed a check (nonce, issuer, audience). */
  social_login_failed: 400,
  /** Social login into an account that was deleted. */
  account_deleted: 400,
  /** A body that is malformed: not a JSON:API document, or a member of the wrong type, missing or too long (zod). */
  invalid_body: 422,
  // Booking rules (docs/api-errors.md): a time that is never bookable, and what the body names wrongly.
  time_passed: 422,
  before_minimum_notice: 422,
  beyond_booking_window: 422,
  not_on_time_grid: 422,
  outside_working_hours: 422,
  employee_does_not_perform: 422,
  missing_resources: 422,
  unknown_service_price: 422,
  /** A membership purchase names a membership that is not on offer. */
  unknown_membership: 422,
  unknown_employee: 422,
  location_required: 422,
  employee_not_at_location: 422,
  service_not_offered_here: 422,
  no_online_booking: 422,
  services_overlap: 422,
  services_on_several_days: 422,
  hold_limit: 422,
  /** Classes: more seats than one booking may take (meta.limit). */
  too_many_seats: 422,
  /** Classes: no session of this class at the time asked for, or it was called off. */
  no_such_session: 422,
  class_books_alone: 422,
  seats_only_for_classes: 422,
  /** Waitlists: seats are free (book them), or the client is booked in the session already. */
  seats_available: 422,
  already_in_class: 422,
  /** Classes: a session is shared, so a client cancels and books another rather than moving it. */
  class_not_movable: 422,
  only_cancel_allowed: 422,
  too_late_to_cancel: 422,
  not_cancellable: 422,
  too_late_to_move: 422,
  not_movable: 422,
  move_changes_services: 422,
  move_needs_each_service: 422,
  /** Account: the current password given to change it is not the account's. */
  wrong_password: 422,
  /** An e-mailed link (confirmation, reset) that expired, was used or is unknown. */
  link_not_valid: 422,
  /** An Idempotency-Key sent before with another request (method, path or body). */
  idempotency_key_reused: 422,
  /** An avatar upload that is not a picture we can read. */
  unreadable_picture: 422,
  /** A phone number without its country, or not a valid number there. */
  phone_country_required: 422,
  invalid_phone_number: 422,
  /** Forms: an answer that does not fit its question; meta.reason says how (required, too_long...). */
  invalid_answer: 422,
  /** Reviews: only a completed appointment is reviewed. */
  appointment_not_completed: 422,
  unauthenticated: 401,
  invalid_token: 401,
  forbidden: 403,
  /** The token's sign-in was not granted the scope this operation needs (RFC 6750 section 3.1). */
  insufficient_scope: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  conflict: 409,
  /** Booking: the time was taken meanwhile; meta.alternatives lists the nearest free ones. */
  slot_taken: 409,
  /** Classes: fewer seats left than asked for; meta.seats_left says how many (0: full). */
  not_enough_seats: 409,
  /** Waitlists: the client already waits for this session (meta.waitlist_entry_id). */
  already_waiting: 409,
  /** Booking: the client already has an appointment or a hold then; meta names it (appointment_id or booking_hold_id). */
  overlaps_own_booking: 409,
  /** Reviews: one review per appointment, and this one has it. */
  already_reviewed: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Several errors answered together (every bad field of a body); the response takes the first one's status. */
export class AppErrors extends Error {
  override name = "AppErrors";
  readonly errors: [AppError, ...AppError[]];

  constructor(errors: [AppError, ...AppError[]]) {
    super(errors.map((error) => error.message).join(" "));
    this.errors = errors;
  }
}

/** The one error type use cases throw; the error handler turns it into a JSON:API error document. */
export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly source: ErrorObject["source"];
  /** Response headers that go with the error, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string>;
  /** Machine-readable facts (e.g. `reason`), so apps can word the error in their user's language. */
  readonly meta: ErrorObject["meta"];
  /** The detail as a catalog message, worded in each request's language; else `message`, in English. */
  readonly detailMessage: Message | undefined;

  /**
   * `detail`: a catalog message (worded in the request's language), or English words; a request in another language
   * then gets the code's own message (every code has one in every catalog).
   */
  constructor(
    code: ErrorCode,
    detail: string | Message,
    source?: ErrorObject["source"],
    headers: Record<string, string> = {},
    meta?: ErrorObject["meta"],
  ) {
    super(typeof detail === "string" ? detail : translate("en", detail));
    this.detailMessage = typeof detail === "string" ? undefined : detail;
    this.code = code;
    this.source = source;
    this.headers = headers;
    this.meta = meta;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  /** The detail in `language`: the message's words there, or the English words, or the code's own message. */
  detailIn(language: Language): string {
    if (this.detailMessage) return translate(language, this.detailMessage);
    return language === "en" ? this.message : translate(language, { key: this.code });
  }

  toErrorObject(language: Language = "en"): ErrorObject {
    return {
      status: String(this.status),
      code: this.code,
      detail: this.detailIn(language),
      ...(this.source ? { source: this.source } : {}),
      ...(this.meta ? { meta: this.meta } : {}),
    };
  }
}
