import { and, eq, inArray } from "drizzle-orm";
import { businesses } from "@termin/db/catalogue-schema";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { ofSiteBusiness, type ReadContext } from "../../sites/read-context.ts";
import type { CollectionRules } from "../../jsonapi/query.ts";
import { orderBy, pageResult, readOnlyRoutes, totalOverAll, type ListQuery } from "../read-only-resource.ts";
import { settingsAttributes, toSettingsResource } from "./public-settings.ts";

export const settingsRules: CollectionRules<never, "business"> = {
  type: "settings",
  attributes: settingsAttributes,
  sortable: [],
  defaultSort: [],
  filters: { business: "id" },
};

const columns = { id: businesses.id, settings: businesses.settings };

async function listSettings(context: ReadContext, { page, filter }: ListQuery<never, "business">) {
  const { db } = context;
  const where = and(
    ofSiteBusiness(context, businesses.id),
    filter.business ? inArray(businesses.id, databaseIds(filter.business)) : undefined,
  );
  const rows = await db
    .select({ ...columns, total: totalOverAll() })
    .from(businesses)
    .where(where)
    .orderBy(...orderBy([], {}, businesses.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, () => db.$count(businesses, where));
}

/** A business's public booking rules, one resource per business with the business's id (decision 0013). */
export const settingsRoutes = readOnlyRoutes({
  rules: settingsRules,
  noun: "business",
  list: listSettings,
  find: async (context, id) =>
    (
      await context.db
        .select(columns)
        .from(businesses)
        .where(and(eq(businesses.id, id), ofSiteBusiness(context, businesses.id)))
    )[0],
  serialize: toSettingsResource,
});
