import type { ErrorObject } from "@termin/contracts/jsonapi";
import type { MessageKey, MessageValues } from "../i18n/translate.ts";
import { AppError, type ErrorCode } from "./app-error.ts";

/**
 * A rule's refusal: its own code, the code's message worded in the request's language (with `values`), and
 * `meta.reason` naming the rule (the code again, for clients that read meta) beside the facts it quotes, so an app
 * may word it itself. docs/api-errors.md lists every one.
 */
export function refusal(
  code: ErrorCode & MessageKey,
  source: ErrorObject["source"],
  values?: MessageValues,
  facts: Record<string, unknown> = {},
): AppError {
  return new AppError(code, { key: code, ...(values ? { values } : {}) }, source, {}, { reason: code, ...facts });
}
