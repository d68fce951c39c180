import type { ErrorObject } from "@termin/contracts/jsonapi";

/** Error codes the API answers with; each maps to exactly one HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  invalid_parameter: 400,
  invalid_body: 422,
  unauthenticated: 401,
  invalid_token: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  not_acceptable: 406,
  conflict: 409,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** The one error type use cases throw; the error handler turns it into a JSON:API error document. */
export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly source: ErrorObject["source"];

  constructor(code: ErrorCode, detail: string, source?: ErrorObject["source"]) {
    super(detail);
    this.code = code;
    this.source = source;
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
    };
  }
}
