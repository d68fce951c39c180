import { and, eq, getTableColumns, inArray } from "drizzle-orm";
import { servicePrices, services } from "@termin/db/catalogue-schema";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { atSiteRowsOf, type ReadContext } from "../../sites/read-context.ts";
import type { CollectionRules } from "../../jsonapi/query.ts";
import { orderBy, pageResult, readOnlyRoutes, totalOverAll, type ListQuery } from "../read-only-resource.ts";
import { servicePriceAttributes, toServicePriceResource } from "./serialize.ts";

export const servicePriceRules: CollectionRules<never, "service"> = {
  type: "service-prices",
  attributes: servicePriceAttributes,
  sortable: [],
  defaultSort: [],
  filters: { service: "id" },
};

/** Prices of the site's business's services only. */
const withinSite = (context: ReadContext) => atSiteRowsOf(context, servicePrices.serviceId, services);

async function listServicePrices(context: ReadContext, { page, filter }: ListQuery<never, "service">) {
  const { db } = context;
  const where = and(
    withinSite(context),
    filter.service ? inArray(servicePrices.serviceId, databaseIds(filter.service)) : undefined,
  );
  const rows = await db
    .select({ ...getTableColumns(servicePrices), total: totalOverAll() })
    .from(servicePrices)
    .where(where)
    .orderBy(...orderBy([], {}, servicePrices.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, () => db.$count(servicePrices, where));
}

/** The prices (and variants) of services, in the order the business listed them. */
export const servicePriceRoutes = readOnlyRoutes({
  rules: servicePriceRules,
  noun: "service price",
  list: listServicePrices,
  find: async (context, id) =>
    (
      await context.db
        .select()
        .from(servicePrices)
        .where(and(eq(servicePrices.id, id), withinSite(context)))
    )[0],
  serialize: toServicePriceResource,
});
