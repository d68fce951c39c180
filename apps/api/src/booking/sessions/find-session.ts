import { sql } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";

/** A class session as booking sees it: its time, instructor and seats. */
export interface SessionRow {
  appointmentId: number;
  locationId: number;
  servicePriceId: number;
  employeeId: number;
  capacity: number;
  /** Seats free to take now: capacity less the clients' seats and the live holds' (expired holds count as free). */
  seatsLeft: number;
  startsAt: number;
  endsAt: number;
}

/** Which of these service prices are classes': those are booked as seats in a session, never as a free time. */
export async function classPrices(db: Database, servicePriceIds: readonly number[]): Promise<Set<number>> {
  if (servicePriceIds.length === 0) return new Set();
  const rows = await rawRows<{ id: number }>(
    db,
    sql`select sp.id from service_prices sp join services s on s.id = sp.service_id
        where s.kind = 'class' and sp.id in (${sql.join(
          servicePriceIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * The seats of a session free at `now`: its capacity less the seats counted in seats_taken, plus those of its
 * holds that expired but were not swept yet (they are free; the next writer deletes them).
 */
export const seatsLeftSql = (now: number) => sql`a.capacity - a.seats_taken + coalesce(
  (select sum(h.seats_count) from booking_holds h where h.appointment_id = a.id and h.expires_at <= ${new Date(now)}),
  0)::int`;

/**
 * The sessions of a class's service price starting at `start` (one per location that runs it then), not called
 * off. `locationId` narrows them to one place.
 */
export async function findSessions(
  db: Database,
  query: { servicePriceId: number; start: number; locationId?: number | undefined; now: number },
): Promise<SessionRow[]> {
  const rows = await rawRows<{
    id: number;
    location_id: number;
    service_price_id: number;
    employee_id: number;
    capacity: number;
    seats_left: number;
    starts_at: string;
    ends_at: string;
  }>(
    db,
    sql`select a.id, a.location_id, aps.service_price_id, ase.employee_id, a.capacity, ${seatsLeftSql(query.now)} as seats_left,
               a.starts_at, a.ends_at
        from appointments a
        join appointment_services aps on aps.appointment_id = a.id
        join appointment_service_employees ase on ase.appointment_service_id = aps.id
        where a.starts_at = ${new Date(query.start)} and aps.service_price_id = ${query.servicePriceId}
          and a.capacity is not null and a.cancelled_at is null
          ${query.locationId === undefined ? sql`` : sql`and a.location_id = ${query.locationId}`}
        order by a.id`,
  );
  return rows.map((row) => ({
    appointmentId: row.id,
    locationId: row.location_id,
    servicePriceId: row.service_price_id,
    employeeId: row.employee_id,
    capacity: row.capacity,
    seatsLeft: row.seats_left,
    startsAt: new Date(row.starts_at).getTime(),
    endsAt: new Date(row.ends_at).getTime(),
  }));
}

/** The seats of one session free now, read inside a writer's transaction after its write was refused. */
export async function seatsLeftIn(db: Database, appointmentId: number, now: number): Promise<number> {
  const [row] = await rawRows<{ seats_left: number }>(
    db,
    sql`select ${seatsLeftSql(now)} as seats_left from appointments a where a.id = ${appointmentId}`,
  );
  return Math.max(0, row?.seats_left ?? 0);
}
