import { and, eq, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import { FORM_STATUSES, type FormStatus } from "@termin/contracts/form-resources";
import { formAnswers, formRequests, forms } from "@termin/db/account-schema";
import { AppError } from "../../http/app-error.ts";
import { ofSiteBusiness, type SiteReader } from "../../sites/read-context.ts";
import { orderBy, pageResult, type ListQuery } from "../read-only-resource.ts";
import { isUuid } from "../../jsonapi/relationships.ts";
import { selectForms } from "./select-forms.ts";

export type FormSortField = "sent_at";
export type FormFilter = "status";

function statuses(values: string[]): FormStatus[] {
  const unknown = values.filter((value) => !(FORM_STATUSES as readonly string[]).includes(value));
  if (unknown.length > 0) {
    throw new AppError(
      "invalid_parameter",
      `filter[status] takes ${FORM_STATUSES.join(" or ")}, not ${unknown.join(", ")}.`,
      {
        parameter: "filter[status]",
      },
    );
  }
  return values as FormStatus[];
}

function statusCondition(values: FormStatus[]): SQL | undefined {
  if (values.includes("pending") && values.includes("submitted")) return undefined;
  if (values.includes("pending")) return isNull(formAnswers.id);
  if (values.includes("submitted")) return isNotNull(formAnswers.id);
  return undefined;
}

/** The forms sent to one client (on one business's site, by that business), newest first unless sorted otherwise. */
export async function listForms(
  { db, site }: SiteReader,
  clientId: string,
  { page, sort, filter }: ListQuery<FormSortField, FormFilter>,
) {
  const where = and(
    eq(formRequests.clientId, clientId),
    ofSiteBusiness({ site }, forms.businessId),
    filter.status ? statusCondition(statuses(filter.status)) : undefined,
  );
  const rows = await selectForms(db)
    .where(where)
    .orderBy(...orderBy(sort, { sent_at: [formRequests.sentAt] }, formRequests.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, async () => {
    // Past the last page: the first matching row still carries the total (the status filter needs the join).
    const [count] = await selectForms(db).where(where).limit(1);
    return count?.total ?? 0;
  });
}

export function noSuchForm(id: string): AppError {
  return new AppError("not_found", `You have no form with the id ${id}.`);
}

/** One form sent to this client; another client's, another business's on its site, or an unknown id is not found. */
export async function findForm(context: SiteReader, clientId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await selectForms(context.db).where(
    and(eq(formRequests.id, id), eq(formRequests.clientId, clientId), ofSiteBusiness(context, forms.businessId)),
  );
  return row;
}

/** Several of this client's forms by id (the forms of included answers). */
export async function findForms(context: SiteReader, clientId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return selectForms(context.db)
    .where(
      and(
        inArray(formRequests.id, [...ids]),
        eq(formRequests.clientId, clientId),
        ofSiteBusiness(context, forms.businessId),
      ),
    )
    .orderBy(formRequests.id);
}
