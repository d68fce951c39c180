import { and, eq, inArray } from "drizzle-orm";
import { formAnswers } from "@termin/db/account-schema";
import type { Database } from "@termin/db/database";
import { orderBy, pageResult, totalOverAll, type ListQuery } from "../read-only-resource.ts";
import { isUuid } from "../../jsonapi/relationships.ts";

export type FormAnswerSortField = "submitted_at";
export type FormAnswerFilter = "form";

const columns = {
  id: formAnswers.id,
  formRequestId: formAnswers.formRequestId,
  values: formAnswers.values,
  submittedAt: formAnswers.submittedAt,
};

export type FormAnswerRow = { [K in keyof typeof columns]: (typeof formAnswers.$inferSelect)[K] };

/** One client's answers, newest first unless sorted otherwise; filter[form] by the forms' ids. */
export async function listFormAnswers(
  db: Database,
  clientId: string,
  { page, sort, filter }: ListQuery<FormAnswerSortField, FormAnswerFilter>,
) {
  const where = and(
    eq(formAnswers.clientId, clientId),
    filter.form ? inArray(formAnswers.formRequestId, filter.form) : undefined,
  );
  const rows = await db
    .select({ ...columns, total: totalOverAll() })
    .from(formAnswers)
    .where(where)
    .orderBy(...orderBy(sort, { submitted_at: [formAnswers.submittedAt] }, formAnswers.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, () => db.$count(formAnswers, where));
}

/** This client's answers by id; another client's are not found. */
export async function findFormAnswers(
  db: Database,
  clientId: string,
  ids: readonly string[],
): Promise<FormAnswerRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return db
    .select(columns)
    .from(formAnswers)
    .where(and(inArray(formAnswers.id, valid), eq(formAnswers.clientId, clientId)))
    .orderBy(formAnswers.id);
}
