import { and, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import { employees, serviceEmployees } from "@termin/db/catalogue-schema";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { ofSiteBusiness, type ReadContext } from "../../sites/read-context.ts";
import { orderBy, pageResult, type ListQuery } from "../read-only-resource.ts";
import { selectEmployees } from "./select-employees.ts";

export type EmployeeSortField = "name";
export type EmployeeFilter = "location" | "business" | "service";

function conditions(
  context: ReadContext,
  filter: ListQuery<EmployeeSortField, EmployeeFilter>["filter"],
): SQL | undefined {
  return and(
    ofSiteBusiness(context, employees.businessId),
    filter.location ? inArray(employees.locationId, databaseIds(filter.location)) : undefined,
    filter.business ? inArray(employees.businessId, databaseIds(filter.business)) : undefined,
    filter.service
      ? exists(
          sql`(select 1 from ${serviceEmployees} where ${eq(serviceEmployees.employeeId, employees.id)}
               and ${serviceEmployees.active} and ${inArray(serviceEmployees.serviceId, databaseIds(filter.service))})`,
        )
      : undefined,
  );
}

export async function listEmployees(
  context: ReadContext,
  { page, sort, filter }: ListQuery<EmployeeSortField, EmployeeFilter>,
) {
  const { db } = context;
  const where = conditions(context, filter);
  const rows = await selectEmployees(db)
    .where(where)
    .orderBy(...orderBy(sort, { name: [employees.lastName, employees.firstName] }, employees.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, () => db.$count(employees, where));
}

/** Employees by id (an include's), those of the site's business only. */
export async function findEmployees(context: ReadContext, ids: number[]) {
  return ids.length > 0
    ? selectEmployees(context.db).where(and(inArray(employees.id, ids), ofSiteBusiness(context, employees.businessId)))
    : [];
}

export async function findEmployee(context: ReadContext, id: number) {
  const [row] = await selectEmployees(context.db).where(
    and(eq(employees.id, id), ofSiteBusiness(context, employees.businessId)),
  );
  return row;
}
