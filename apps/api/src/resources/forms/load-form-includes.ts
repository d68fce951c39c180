import { inArray } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { businesses } from "@termin/db/catalogue-schema";
import { businessColumns, toBusinessResource } from "../businesses/serialize.ts";
import { findFormAnswers } from "../form-answers/list-form-answers.ts";
import { toFormAnswerResource } from "../form-answers/serialize.ts";
import { distinctIds } from "../read-only-resource.ts";
import type { SiteReader } from "../../sites/read-context.ts";
import type { FormRow } from "./select-forms.ts";

export const FORM_INCLUDES = ["business", "formAnswer"] as const;

/** One query per relationship asked for; answers are read as this client's only, like everything here. */
export async function loadFormIncludes(
  context: SiteReader,
  clientId: string,
  rows: readonly FormRow[],
  include: readonly string[],
): Promise<ResourceObject[]> {
  if (rows.length === 0) return [];
  const answerIds = rows.map((row) => row.answerId).filter((id): id is string => id !== null);
  const [businessRows, answers] = await Promise.all([
    // The forms' own businesses: on one business's site, the forms are its own already.
    include.includes("business")
      ? context.db
          .select(businessColumns)
          .from(businesses)
          .where(inArray(businesses.id, distinctIds(rows.map((row) => row.businessId))))
          .orderBy(businesses.id)
      : [],
    include.includes("formAnswer") ? findFormAnswers(context, clientId, answerIds) : [],
  ]);
  return [...businessRows.map((row) => toBusinessResource(row)), ...answers.map(toFormAnswerResource)];
}
