import type { ErrorObject } from "@termin/contracts/jsonapi";

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
  invalid_body: 422,
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
  /** Booking: the client already has an appointment or a hold then; meta names it (appointment_id or booking_hold_id). */
  overlaps_own_booking: 409,
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

  constructor(
    code: ErrorCode,
    detail: string,
    source?: ErrorObject["source"],
    headers: Record<string, string> = {},
    meta?: ErrorObject["meta"],
  ) {
    super(detail);
    this.code = code;
    this.source = source;
    this.headers = headers;
    this.meta = meta;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toErrorObject(): ErrorObject {
    return {
      status: String(this.status),
      code: this.code,
      detail: this.message,
      ...(this.source ? { source: this.source } : {}),
      ...(this.meta ? { meta: this.meta } : {}),
    };
  }
}
