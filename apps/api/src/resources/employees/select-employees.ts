import { and, eq, getTableColumns } from "drizzle-orm";
import { employees, serviceEmployees } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { relatedIds, totalOverAll } from "../read-only-resource.ts";

/** Employees with the ids of the services they actively perform, in one query. */
export function selectEmployees(db: Database) {
  return db
    .select({
      ...getTableColumns(employees),
      serviceIds: relatedIds(
        db,
        serviceEmployees.serviceId,
        and(eq(serviceEmployees.employeeId, employees.id), eq(serviceEmployees.active, true)),
      ),
      total: totalOverAll(),
    })
    .from(employees)
    .$dynamic();
}

export type EmployeeRow = Awaited<ReturnType<typeof selectEmployees>>[number];
