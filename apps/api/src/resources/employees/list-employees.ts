import { and, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import { employees, serviceEmployees } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { orderBy, pageResult, type ListQuery } from "../read-only-resource.ts";
import { selectEmployees } from "./select-employees.ts";

export type EmployeeSortField = "name";
export type EmployeeFilter = "location" | "business" | "service";

function conditions(filter: ListQuery<EmployeeSortField, EmployeeFilter>["filter"]): SQL | undefined {
  return and(
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
  db: Database,
  { page, sort, filter }: ListQuery<EmployeeSortField, EmployeeFilter>,
) {
  const where = conditions(filter);
  const rows = await selectEmployees(db)
    .where(where)
    .orderBy(...orderBy(sort, { name: [employees.lastName, employees.firstName] }, employees.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, () => db.$count(employees, where));
}

export async function findEmployees(db: Database, ids: number[]) {
  return ids.length > 0 ? selectEmployees(db).where(inArray(employees.id, ids)) : [];
}

export async function findEmployee(db: Database, id: number) {
  const [row] = await selectEmployees(db).where(eq(employees.id, id));
  return row;
}
