import { z } from "zod";
import type { ErrorObject } from "@termin/contracts/jsonapi";
import { AppError } from "../../http/app-error.ts";

const formAnswerDocument = z.object({
  data: z.object({
    type: z.literal("form-answers"),
    attributes: z.strictObject({
      values: z.record(z.string(), z.unknown(), { error: "values must be an object of answers keyed by field key." }),
    }),
    relationships: z.object({
      form: z.object({
        data: z.object({ type: z.literal("forms"), id: z.string().min(1) }, { error: "Name the form answered." }),
      }),
    }),
  }),
});

export type FormAnswerDocument = z.infer<typeof formAnswerDocument>;

/**
 * The body of POST /form-answers, or one 422 error per bad member (pointing at it). A resource of another
 * type is a 409, as JSON:API prescribes for a collection that holds only one type.
 */
export function parseFormAnswerDocument(body: unknown): { document: FormAnswerDocument } | { errors: ErrorObject[] } {
  const type = (body as { data?: { type?: unknown } } | null)?.data?.type;
  if (typeof type === "string" && type !== "form-answers") {
    throw new AppError("conflict", `This collection holds form-answers, not ${type}.`, { pointer: "/data/type" });
  }
  const result = formAnswerDocument.safeParse(body);
  if (result.success) return { document: result.data };
  const seen = new Set<string>();
  const errors: ErrorObject[] = [];
  for (const issue of result.error.issues) {
    const pointer = `/${issue.path.map(String).join("/")}`;
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    errors.push({ status: "422", code: "invalid_body", detail: `${pointer}: ${issue.message}`, source: { pointer } });
  }
  return { errors };
}
