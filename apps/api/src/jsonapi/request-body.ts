import { z } from "zod";
import { AppError, AppErrors } from "../http/app-error.ts";
import type { Message, MessageKey } from "../i18n/translate.ts";

/** The value at `path` in `data`, or undefined where the path leads nowhere. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const step of path) value = (value as Record<PropertyKey, unknown> | null | undefined)?.[step];
  return value;
}

/**
 * A schema's refusal of a member as a message: the schema's own English words (they name the member's rule), and
 * in other languages the catalog's for the common shapes (required, too long or short, not a date, not one of),
 * else that the value is not valid.
 */
function validationMessage(issue: z.core.$ZodIssue, value: unknown, field: string): Message {
  const english = `${field}: ${issue.message}`;
  const at = (key: MessageKey, values: Record<string, string | number> = {}): Message => ({
    key,
    values: { field, ...values },
    english,
  });
  if (issue.code === "unrecognized_keys") return at("validation_unknown_member");
  if (value === undefined || value === null) return at("validation_required");
  if (issue.code === "too_big" && issue.origin === "string")
    return at("validation_too_long", { maximum: Number(issue.maximum) });
  if (issue.code === "too_small" && issue.origin === "string") {
    return value === "" ? at("validation_required") : at("validation_too_short", { minimum: Number(issue.minimum) });
  }
  if (issue.code === "invalid_format" && ["datetime", "date", "time"].includes(issue.format)) {
    return at("validation_not_a_date");
  }
  if (issue.code === "invalid_value") return at("validation_not_one_of");
  return at("validation_invalid");
}

/**
 * The `data` of a JSON:API request document (POST or PATCH). JSON:API 1.1 answers 409 when `data.type` is another
 * type than the collection's or `data.id` is not the URL's; every other problem (a missing type too) is a 422 pointing at its member
 * ("/data/attributes/read", "/data/relationships/location/data/id"), all bad members at once.
 */
export function parseResourceDocument<Schema extends z.ZodType>(
  body: unknown,
  /** `id`: the URL's, or the ways it may be written (an account's `me` and its UUID). */
  options: { type: string; id?: string | readonly string[]; schema: Schema },
): z.infer<Schema> {
  const data = (body as { data?: unknown } | null | undefined)?.data;
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new AppError("invalid_body", "The body must be a JSON:API document with one resource object in data.", {
      pointer: "/data",
    });
  }
  const { type, id } = data as { type?: unknown; id?: unknown };
  // No type at all is a malformed document (422, like any missing member); another type is a conflict (409).
  if (typeof type !== "string") {
    throw new AppError("invalid_body", `data.type is required: "${options.type}".`, { pointer: "/data/type" });
  }
  if (type !== options.type) {
    throw new AppError("conflict", `data.type must be "${options.type}".`, { pointer: "/data/type" });
  }
  const ids = options.id === undefined ? undefined : [options.id].flat();
  if (ids !== undefined && !ids.includes(id as string)) {
    throw new AppError("conflict", `data.id must be "${ids.join('" or "')}", the id in the URL.`, {
      pointer: "/data/id",
    });
  }
  const result = options.schema.safeParse(data);
  if (result.success) return result.data;
  const seen = new Set<string>();
  const errors: AppError[] = [];
  for (const issue of result.error.issues) {
    // An unknown member is named by the issue's keys, not its path.
    const paths = issue.code === "unrecognized_keys" ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
    for (const path of paths) {
      const pointer = `/data/${path.map(String).join("/")}`;
      if (seen.has(pointer)) continue;
      seen.add(pointer);
      const field = path.map(String).join(".");
      const message = validationMessage(issue, valueAt(data, path), field);
      errors.push(new AppError("invalid_body", message, { pointer }));
    }
  }
  throw new AppErrors(errors as [AppError, ...AppError[]]);
}

/** A to-one relationship in a request: `{ data: { type, id } }` naming a row by its database id. */
export function relationshipTo(type: string) {
  return z.object({
    data: z.object({
      type: z.literal(type, { error: `The related resource must be of type "${type}".` }),
      id: z.string({ error: "The related id is required." }).regex(/^\d{1,9}$/, "The related id must be a number."),
    }),
  });
}
