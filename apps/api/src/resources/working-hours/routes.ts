import { and, eq, getTableColumns, inArray } from "drizzle-orm";
import { workingHours } from "@termin/db/catalogue-schema";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { atSiteLocations, type ReadContext } from "../../sites/read-context.ts";
import type { CollectionRules } from "../../jsonapi/query.ts";
import { orderBy, pageResult, readOnlyRoutes, totalOverAll, type ListQuery } from "../read-only-resource.ts";
import { toWorkingHoursResource, workingHoursAttributes } from "./serialize.ts";

type SortField = "weekday" | "opens_at";

export const workingHoursRules: CollectionRules<SortField, "location"> = {
  type: "working-hours",
  attributes: workingHoursAttributes,
  sortable: ["weekday", "opens_at"],
  defaultSort: [
    { field: "weekday", direction: "asc" },
    { field: "opens_at", direction: "asc" },
  ],
  filters: { location: "id" },
};

async function listWorkingHours(context: ReadContext, { page, sort, filter }: ListQuery<SortField, "location">) {
  const { db } = context;
  const where = and(
    atSiteLocations(context, workingHours.locationId),
    filter.location ? inArray(workingHours.locationId, databaseIds(filter.location)) : undefined,
  );
  const rows = await db
    .select({ ...getTableColumns(workingHours), total: totalOverAll() })
    .from(workingHours)
    .where(where)
    .orderBy(...orderBy(sort, { weekday: [workingHours.weekday], opens_at: [workingHours.opensAt] }, workingHours.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, () => db.$count(workingHours, where));
}

/** Opening spans of locations (a day may have several), in each location's local time. */
export const workingHoursRoutes = readOnlyRoutes({
  rules: workingHoursRules,
  noun: "working hours entry",
  list: listWorkingHours,
  find: async (context, id) =>
    (
      await context.db
        .select()
        .from(workingHours)
        .where(and(eq(workingHours.id, id), atSiteLocations(context, workingHours.locationId)))
    )[0],
  serialize: toWorkingHoursResource,
});
