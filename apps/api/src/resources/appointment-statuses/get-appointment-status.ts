import { eq } from "drizzle-orm";
import { appointmentStatuses } from "@termin/db/schema";
import type { Database } from "@termin/db/database";
import type { AppointmentStatusRow } from "./list-appointment-statuses.ts";

export async function getAppointmentStatus(db: Database, id: number): Promise<AppointmentStatusRow | undefined> {
  const [row] = await db.select().from(appointmentStatuses).where(eq(appointmentStatuses.id, id));
  return row;
}
