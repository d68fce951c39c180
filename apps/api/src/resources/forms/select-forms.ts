import { eq } from "drizzle-orm";
import { formAnswers, formRequests, forms } from "@termin/db/account-schema";
import type { Database } from "@termin/db/database";
import { totalOverAll } from "../read-only-resource.ts";

/** A form as one client received it: the sending, the form's questions and, once answered, the answer's id. */
export function selectForms(db: Database) {
  return db
    .select({
      id: formRequests.id,
      sentAt: formRequests.sentAt,
      name: forms.name,
      deliveryType: forms.deliveryType,
      fields: forms.fields,
      businessId: forms.businessId,
      answerId: formAnswers.id,
      total: totalOverAll(),
    })
    .from(formRequests)
    .innerJoin(forms, eq(forms.id, formRequests.formId))
    .leftJoin(formAnswers, eq(formAnswers.formRequestId, formRequests.id))
    .$dynamic();
}

export type FormRow = Awaited<ReturnType<typeof selectForms>>[number];
