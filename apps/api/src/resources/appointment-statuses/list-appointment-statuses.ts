import { totalOfPage } from "../read-only-resource.ts";
import { asc, desc, getTableColumns, inArray, sql } from "drizzle-orm";
import { appointmentStatuses } from "@termin/db/schema";
import type { Database } from "@termin/db/database";
import type { PageRequest, SortField } from "../../jsonapi/query.ts";

export type AppointmentStatusRow = typeof appointmentStatuses.$inferSelect;
export type AppointmentStatusSortField = "name" | "order_index";

const sortColumns = { name: appointmentStatuses.name, order_index: appointmentStatuses.orderIndex };

export interface ListAppointmentStatusesOptions {
  page: PageRequest;
  sort: SortField<AppointmentStatusSortField>[];
  names?: string[] | undefined;
}

export async function listAppointmentStatuses(
  db: Database,
  { page, sort, names }: ListAppointmentStatusesOptions,
): Promise<{ rows: AppointmentStatusRow[]; total: number }> {
  const where = names ? inArray(appointmentStatuses.name, names) : undefined;
  // One round trip: the window count gives the total alongside the page.
  const found = await db
    .select({ ...getTableColumns(appointmentStatuses), total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(appointmentStatuses)
    .where(where)
    .orderBy(
      ...sort.map(({ field, direction }) => (direction === "asc" ? asc : desc)(sortColumns[field])),
      asc(appointmentStatuses.id),
    )
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  // A page past the end has no rows to carry the total: count separately only then.
  const total = await totalOfPage(found, page, () => db.$count(appointmentStatuses, where));
  return { rows: found.map(({ total: _, ...row }) => row), total };
}
