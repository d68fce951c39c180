import { and, eq, lte, sql } from "drizzle-orm";
import { bookingHolds } from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { formatZonedIso } from "@termin/domain/booking/local-time";
import type { InstantRange } from "@termin/domain/booking/types";
import { AppError } from "../http/app-error.ts";

/**
 * One person, one place at a time: the client's own time (their live appointments and holds, each service's time
 * without buffers) is busy for them wherever it is. `client_claims` holds it, and its exclusion constraint is what
 * makes the rule hold when requests race; the checks here only word the refusal before the write.
 */

/** What is in the way: one of the client's appointments (its place in it) or one of their holds. */
export interface OwnBooking {
  appointmentId: number | null;
  appointmentClientId: number | null;
  holdId: number | null;
  start: number;
  end: number;
  timeZone: string;
}

/** The client's time that does not count against a request: the holds it takes over, the appointment it moves. */
export interface OwnTimeExceptions {
  holdIds?: readonly number[] | undefined;
  appointmentId?: number | undefined;
  /** Holds of this service price: in a list of its free times, the client's own choice of it stays free for them. */
  servicePriceId?: number | undefined;
}

function exceptions(except: OwnTimeExceptions) {
  const conditions = [];
  if (except.holdIds?.length) {
    conditions.push(
      sql`(c.hold_id is null or c.hold_id not in (${sql.join(
        except.holdIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    );
  }
  if (except.appointmentId !== undefined) {
    conditions.push(sql`(c.appointment_client_id is null or c.appointment_client_id not in
      (select id from appointment_clients where appointment_id = ${except.appointmentId}))`);
  }
  if (except.servicePriceId !== undefined) {
    conditions.push(sql`(c.hold_id is null or c.hold_id not in
      (select id from booking_holds where service_price_id = ${except.servicePriceId}))`);
  }
  return conditions;
}

/** The client's live time overlapping [from, to), soonest first, with what owns each range. */
export async function ownBookings(
  db: Database,
  clientId: string,
  range: InstantRange,
  now: number,
  except: OwnTimeExceptions = {},
): Promise<OwnBooking[]> {
  const where = sql.join(
    [
      sql`c.client_id = ${clientId} and c.live`,
      sql`c.during && tstzrange(${new Date(range.start)}, ${new Date(range.end)})`,
      sql`(c.expires_at is null or c.expires_at > ${new Date(now)})`,
      ...exceptions(except),
    ],
    sql` and `,
  );
  const rows = await rawRows<{
    appointment_id: number | null;
    appointment_client_id: number | null;
    hold_id: number | null;
    start_ms: string;
    end_ms: string;
    time_zone: string;
  }>(
    db,
    sql`select ac.appointment_id, c.appointment_client_id, c.hold_id,
               extract(epoch from lower(c.during)) * 1000 as start_ms,
               extract(epoch from upper(c.during)) * 1000 as end_ms, l.time_zone
        from client_claims c
        left join appointment_clients ac on ac.id = c.appointment_client_id
        left join appointments a on a.id = ac.appointment_id
        left join booking_holds h on h.id = c.hold_id
        join locations l on l.id = coalesce(a.location_id, h.location_id)
        where ${where}
        order by lower(c.during), c.id`,
  );
  return rows.map((row) => ({
    appointmentId: row.appointment_id,
    appointmentClientId: row.appointment_client_id,
    holdId: row.hold_id,
    start: Number(row.start_ms),
    end: Number(row.end_ms),
    timeZone: row.time_zone,
  }));
}

/**
 * The 409 `overlaps_own_booking`: the client already has this time. It names what is in the way (meta: the
 * appointment's and the client's place's ids, or the hold's), so an app can link to it.
 */
export function overlapsOwnBooking(pointer: string, own: OwnBooking): AppError {
  const from = formatZonedIso(own.start, own.timeZone);
  const to = formatZonedIso(own.end, own.timeZone);
  const meta =
    own.holdId === null
      ? { appointment_id: String(own.appointmentId), appointment_client_id: String(own.appointmentClientId) }
      : { booking_hold_id: String(own.holdId) };
  const times = {
    from: { instant: own.start, timeZone: own.timeZone },
    to: { instant: own.end, timeZone: own.timeZone },
  };
  return new AppError(
    "overlaps_own_booking",
    { key: own.holdId === null ? "overlaps_own_appointment" : "overlaps_own_hold", values: times },
    { pointer },
    {},
    { reason: "overlaps_own_booking", ...meta, starts_at: from, ends_at: to },
  );
}

/** A service's own time as a client claim's range: buffers are the employee's and the room's, not the client's. */
export const asClaimRange = (range: InstantRange) =>
  `[${new Date(range.start).toISOString()},${new Date(range.end).toISOString()})`;

/**
 * In a writer's transaction, before its client claims: the client's expired holds go wherever they were taken (an
 * expired hold no longer blocks, but its claim would still meet the constraint).
 */
export async function releaseExpiredOwnHolds(tx: Database, clientId: string, now: number): Promise<void> {
  await tx
    .delete(bookingHolds)
    .where(and(eq(bookingHolds.clientId, clientId), lte(bookingHolds.expiresAt, new Date(now))));
}
