import type { z } from "zod";
import { AppError, AppErrors, type ErrorCode } from "../http/app-error.ts";

/**
 * The /auth bodies are flat objects (JSON or an HTML/OAuth form), so a bad field is pointed at as "/<field>".
 * Every bad field is reported at once, with `code` (invalid_request on the OAuth token endpoint, else
 * invalid_body).
 */
export function parseBody<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
  code: ErrorCode = "invalid_body",
): z.infer<Schema> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const seen = new Set<string>();
  const errors: AppError[] = [];
  for (const issue of result.error.issues) {
    const pointer = `/${issue.path.map(String).join("/")}`;
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    const field = issue.path.length ? `${issue.path.map(String).join(".")}: ` : "";
    errors.push(new AppError(code, `${field}${issue.message}`, { pointer }));
  }
  throw new AppErrors(errors as [AppError, ...AppError[]]);
}
