import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { siteBusinessId } from "@termin/contracts/site";
import { formAnswers } from "@termin/db/account-schema";
import { type SiteReader } from "../../sites/read-context.ts";
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

/** Answers to forms the site's business sent; no condition on the marketplace. */
function toSiteBusinessForms({ site }: Pick<SiteReader, "site">): SQL | undefined {
  const businessId = siteBusinessId(site);
  return businessId === null
    ? undefined
    : inArray(
        formAnswers.formRequestId,
        sql`(select r.id from form_requests r join forms f on f.id = r.form_id where f.business_id = ${businessId})`,
      );
}

/**
 * One client's answers (on one business's site, to its forms), newest first unless sorted otherwise; filter[form]
 * by the forms' ids.
 */
export async function listFormAnswers(
  { db, site }: SiteReader,
  clientId: string,
  { page, sort, filter }: ListQuery<FormAnswerSortField, FormAnswerFilter>,
) {
  const where = and(
    eq(formAnswers.clientId, clientId),
    toSiteBusinessForms({ site }),
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

/** This client's answers by id; another client's (or another business's, on its site) are not found. */
export async function findFormAnswers(
  context: SiteReader,
  clientId: string,
  ids: readonly string[],
): Promise<FormAnswerRow[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  return context.db
    .select(columns)
    .from(formAnswers)
    .where(and(inArray(formAnswers.id, valid), eq(formAnswers.clientId, clientId), toSiteBusinessForms(context)))
    .orderBy(formAnswers.id);
}
