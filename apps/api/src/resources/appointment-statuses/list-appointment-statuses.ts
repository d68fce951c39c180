import { asc, desc, inArray } from "drizzle-orm";
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
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(appointmentStatuses)
      .where(where)
      .orderBy(
        ...sort.map(({ field, direction }) => (direction === "asc" ? asc : desc)(sortColumns[field])),
        asc(appointmentStatuses.id),
      )
      .limit(page.size)
      .offset((page.number - 1) * page.size),
    db.$count(appointmentStatuses, where),
  ]);
  return { rows, total };
}
