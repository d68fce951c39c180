import type { FormAnswerResource } from "@termin/contracts/form-resources";
import { toOne } from "../../jsonapi/relationships.ts";
import type { FormAnswerRow } from "./list-form-answers.ts";

export const formAnswerAttributes = ["values", "submitted_at"] as const;

export function toFormAnswerResource(row: FormAnswerRow): FormAnswerResource {
  return {
    type: "form-answers",
    id: row.id,
    attributes: { values: row.values, submitted_at: row.submittedAt.toISOString() },
    relationships: { form: toOne("forms", row.formRequestId) },
    links: { self: `/v1c/form-answers/${row.id}` },
  };
}
