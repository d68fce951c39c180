import { AppError } from "./app-error.ts";

/** The SQLSTATE of a database error, whether the driver's own or wrapped by Drizzle (`error.cause`). */
export function sqlState(error: unknown): string | undefined {
  for (let current = error, hops = 0; current && hops < 3; hops++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * SQLSTATEs that mean the database is away or busy, not that the request was wrong: connection exceptions (class
 * 08), an administrator or crash ending the session (57P01-57P03, what `pg_terminate_backend` sends), a database
 * refusing connections (55000 "not currently accepting connections"), too many connections or too few resources
 * (class 53), and a statement cut off by `statement_timeout` (57014).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|55000|53...|57014)$/;

/** How node-postgres and the socket say the database could not be reached or went away; these carry no SQLSTATE. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable|Cannot use a pool after calling end/;

/** Seconds a client should wait before trying again while the database is away (Retry-After). */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

/** Whether `error`, or what it wraps, says the database is unreachable or refused to work now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, hops = 0; current && hops < 4; hops++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Why the database refused, fit for a log line: its SQLSTATE or socket code, else the driver's own words. Never the
 * failed query's text or parameters, which Drizzle's wrapper carries (a token's hash may be among them).
 */
export function unavailableReason(error: unknown): string {
  let innermost: unknown = error;
  for (let current = error, hops = 0; current && hops < 4; hops++) {
    const { code } = current as { code?: unknown };
    if (typeof code === "string") return code;
    innermost = current;
    current = (current as { cause?: unknown }).cause;
  }
  return String((innermost as { message?: unknown } | null)?.message ?? innermost).split("\n")[0] ?? "unknown";
}

/**
 * A database that is away answers 503 with Retry-After, never 500: the request was fine and will work again once
 * the database is back (the pool's connection timeout bounds how long finding that out takes, database.ts).
 */
export function unavailableFromDatabase(error: unknown): AppError | undefined {
  if (!isDatabaseUnavailable(error)) return undefined;
  return new AppError(
    "unavailable",
    "The service is briefly unavailable. Please try again in a few seconds.",
    undefined,
    { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
    { reason: "database_unavailable" },
  );
}

/**
 * The last line of the input edge: a database error that input caused, as the client error it is. The edge and
 * each endpoint's parser should have caught the input first, so every such answer is logged as a gap to close.
 * Reads get 400 (a query value), writes 422 (a body member); a clash with stored rows is a 409. Anything else is
 * a real fault: undefined, and the caller answers 500.
 */
export function clientErrorFromDatabase(error: unknown, method: string): AppError | undefined {
  const state = sqlState(error);
  if (state === undefined) return undefined;
  const reading = method === "GET" || method === "HEAD";
  const badValue = (detail: string) =>
    reading ? new AppError("invalid_parameter", detail) : new AppError("invalid_body", detail);
  switch (state) {
    case "22P02": // invalid_text_representation
    case "22007": // invalid_datetime_format
    case "22008": // datetime_field_overflow
      return badValue("A value has the wrong form for what it names (a number, a date or an id).");
    case "22003": // numeric_value_out_of_range
      return badValue("A number is out of the range this API accepts.");
    case "22021": // character_not_in_repertoire (invalid byte sequence)
    case "22P05": // untranslatable_character
      return badValue("A value is not valid UTF-8 text.");
    case "22001": // string_data_right_truncation
      return badValue("A value is longer than allowed.");
    case "23505": // unique_violation
      return new AppError("conflict", "This already exists.");
    case "23P01": // exclusion_violation
      return new AppError("conflict", "This clashes with something already there.");
    case "23503": // foreign_key_violation
      return new AppError("invalid_body", "A related resource does not exist.");
    case "40P01": // deadlock_detected, still after retryTransaction's attempts
    case "40001": // serialization_failure
      return new AppError("unavailable", "Many requests changed the same thing at once. Try again.", undefined, {
        "retry-after": "1",
      });
    default:
      return undefined;
  }
}
