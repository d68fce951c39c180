import { and, eq, inArray, type SQL } from "drizzle-orm";
import { employees, serviceEmployees } from "@termin/db/catalogue-schema";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { atSiteRowsOf, type ReadContext } from "../../sites/read-context.ts";
import { orderBy, pageResult, totalOverAll, type ListQuery } from "../read-only-resource.ts";

export type ServiceEmployeeFilter = "service" | "employee";

// Never select the commission columns: what is not read cannot leak.
const publicColumns = {
  id: serviceEmployees.id,
  serviceId: serviceEmployees.serviceId,
  employeeId: serviceEmployees.employeeId,
  active: serviceEmployees.active,
};

/** Who performs what at the site's business only. */
const withinSite = (context: ReadContext) => atSiteRowsOf(context, serviceEmployees.employeeId, employees);

function conditions(context: ReadContext, filter: ListQuery<never, ServiceEmployeeFilter>["filter"]): SQL | undefined {
  return and(
    withinSite(context),
    filter.service ? inArray(serviceEmployees.serviceId, databaseIds(filter.service)) : undefined,
    filter.employee ? inArray(serviceEmployees.employeeId, databaseIds(filter.employee)) : undefined,
  );
}

export async function listServiceEmployees(
  context: ReadContext,
  { page, filter }: ListQuery<never, ServiceEmployeeFilter>,
) {
  const { db } = context;
  const where = conditions(context, filter);
  const rows = await db
    .select({ ...publicColumns, total: totalOverAll() })
    .from(serviceEmployees)
    .where(where)
    .orderBy(...orderBy([], {}, serviceEmployees.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, () => db.$count(serviceEmployees, where));
}

export async function findServiceEmployee(context: ReadContext, id: number) {
  const [row] = await context.db
    .select(publicColumns)
    .from(serviceEmployees)
    .where(and(eq(serviceEmployees.id, id), withinSite(context)));
  return row;
}
