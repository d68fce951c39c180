import { and, eq, inArray, type SQL } from "drizzle-orm";
import { serviceEmployees } from "@termin/db/catalogue-schema";
import type { Database } from "@termin/db/database";
import { databaseIds } from "../../jsonapi/relationships.ts";
import { orderBy, pageResult, totalOverAll, type ListQuery } from "../read-only-resource.ts";

export type ServiceEmployeeFilter = "service" | "employee";

// Never select the commission columns: what is not read cannot leak.
const publicColumns = {
  id: serviceEmployees.id,
  serviceId: serviceEmployees.serviceId,
  employeeId: serviceEmployees.employeeId,
  active: serviceEmployees.active,
};

function conditions(filter: ListQuery<never, ServiceEmployeeFilter>["filter"]): SQL | undefined {
  return and(
    filter.service ? inArray(serviceEmployees.serviceId, databaseIds(filter.service)) : undefined,
    filter.employee ? inArray(serviceEmployees.employeeId, databaseIds(filter.employee)) : undefined,
  );
}

export async function listServiceEmployees(db: Database, { page, filter }: ListQuery<never, ServiceEmployeeFilter>) {
  const where = conditions(filter);
  const rows = await db
    .select({ ...publicColumns, total: totalOverAll() })
    .from(serviceEmployees)
    .where(where)
    .orderBy(...orderBy([], {}, serviceEmployees.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return pageResult(rows, page, () => db.$count(serviceEmployees, where));
}

export async function findServiceEmployee(db: Database, id: number) {
  const [row] = await db.select(publicColumns).from(serviceEmployees).where(eq(serviceEmployees.id, id));
  return row;
}
