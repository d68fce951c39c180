import type { FormResource } from "@termin/contracts/form-resources";
import { toOne } from "../../jsonapi/relationships.ts";
import type { FormRow } from "./select-forms.ts";

export const formAttributes = ["name", "delivery_type", "fields", "sent_at", "status"] as const;

export function toFormResource(row: Omit<FormRow, "total">): FormResource {
  return {
    type: "forms",
    id: row.id,
    attributes: {
      name: row.name,
      delivery_type: row.deliveryType,
      fields: row.fields,
      sent_at: row.sentAt.toISOString(),
      status: row.answerId === null ? "pending" : "submitted",
    },
    relationships: {
      business: toOne("businesses", row.businessId),
      formAnswer: toOne("form-answers", row.answerId),
    },
    links: { self: `/v1c/forms/${row.id}` },
  };
}
