import { eq, getTableColumns, inArray } from "drizzle-orm";
import { servicePrices } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { databaseIds } from "../../jsonapi/relationships.ts";
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

async function listServicePrices(db: Database, { page, filter }: ListQuery<never, "service">) {
  const where = filter.service ? inArray(servicePrices.serviceId, databaseIds(filter.service)) : undefined;
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
  find: async (db, id) => (await db.select().from(servicePrices).where(eq(servicePrices.id, id)))[0],
  serialize: toServicePriceResource,
});
