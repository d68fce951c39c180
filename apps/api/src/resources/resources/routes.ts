import { and, eq, getTableColumns, inArray } from "drizzle-orm";
import type { BookableResourceResource } from "@termin/contracts/catalogue-resources";
import { resources } from "@termin/db/catalogue-schema";
import { databaseIds, toOne } from "../../jsonapi/relationships.ts";
import { atSiteLocations, type ReadContext } from "../../sites/read-context.ts";
import type { CollectionRules } from "../../jsonapi/query.ts";
import { orderBy, pageResult, readOnlyRoutes, totalOverAll, type ListQuery } from "../read-only-resource.ts";

export const resourceRules: CollectionRules<"name", "location"> = {
  type: "resources",
  attributes: ["name"],
  sortable: ["name"],
  defaultSort: [{ field: "name", direction: "asc" }],
  filters: { location: "id" },
};

function toBookableResource(row: typeof resources.$inferSelect): BookableResourceResource {
  return {
    type: "resources",
    id: String(row.id),
    attributes: { name: row.name },
    relationships: { location: toOne("locations", row.locationId) },
    links: { self: `/v1c/resources/${row.id}` },
  };
}

async function listResources(context: ReadContext, { page, sort, filter }: ListQuery<"name", "location">) {
  const { db } = context;
  const where = and(
    atSiteLocations(context, resources.locationId),
    filter.location ? inArray(resources.locationId, databaseIds(filter.location)) : undefined,
  );
  const rows = await db
    .select({ ...getTableColumns(resources), total: totalOverAll() })
    .from(resources)
    .where(where)
    .orderBy(...orderBy(sort, { name: [resources.name] }, resources.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, () => db.$count(resources, where));
}

/** The bookable rooms, chairs and equipment of locations. */
export const resourceRoutes = readOnlyRoutes({
  rules: resourceRules,
  noun: "resource",
  list: listResources,
  find: async (context, id) =>
    (
      await context.db
        .select()
        .from(resources)
        .where(and(eq(resources.id, id), atSiteLocations(context, resources.locationId)))
    )[0],
  serialize: toBookableResource,
});
