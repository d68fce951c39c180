import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { siteBusinessId } from "@termin/contracts/site";
import { bookingHolds } from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { waitlistEntries } from "@termin/db/waitlist-schema";
import { formatZonedIso } from "@termin/domain/booking/local-time";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { AppError } from "../../http/app-error.ts";
import { sqlState } from "../../http/database-errors.ts";
import type { TransactionSteps } from "../../http/idempotency.ts";
import { refusal } from "../../http/refusal.ts";
import { andOfSiteBusiness, type SiteReader } from "../../sites/read-context.ts";
import { toOne } from "../../jsonapi/relationships.ts";
import { loadBookingContext } from "../load-availability.ts";
import { seatsLeftSql } from "../sessions/find-session.ts";
import { scheduleWaitlistOffer } from "./waitlist-jobs.ts";

/** A client's place in a session's waitlist, as the API shows it. */
export interface WaitlistEntryRow {
  id: number;
  appointmentId: number;
  seatsCount: number;
  status: "waiting" | "offered" | "booked" | "left" | "expired";
  /** 1 for the first in line; null once no longer waiting. */
  position: number | null;
  holdId: number | null;
  offerExpiresAt: Date | null;
  createdAt: Date;
  timeZone: string;
}

export const WAITLIST_ATTRIBUTES = ["seats_count", "status", "position", "offer_expires_at", "created_at"] as const;

export function toWaitlistEntryResource(row: WaitlistEntryRow): ResourceObject {
  return {
    type: "waitlist-entries",
    id: String(row.id),
    attributes: {
      seats_count: row.seatsCount,
      status: row.status,
      position: row.position,
      offer_expires_at: row.offerExpiresAt ? formatZonedIso(row.offerExpiresAt.getTime(), row.timeZone) : null,
      created_at: row.createdAt.toISOString(),
    },
    relationships: {
      classSession: toOne("class-sessions", row.appointmentId),
      bookingHold: row.holdId === null ? { data: null } : toOne("booking-holds", row.holdId),
    },
    links: { self: `/v1c/waitlist-entries/${row.id}` },
  };
}

/**
 * The client's waitlist entries (of sessions not yet started, newest first), or one of them by id; on one
 * business's site, of its sessions only.
 */
export async function readWaitlistEntries(
  { db, site }: SiteReader,
  clientId: string,
  now: number,
  id?: number,
): Promise<WaitlistEntryRow[]> {
  const rows = await rawRows<{
    id: number;
    appointment_id: number;
    seats_count: number;
    status: WaitlistEntryRow["status"];
    position: number | null;
    hold_id: number | null;
    offer_expires_at: string | null;
    created_at: string;
    time_zone: string;
  }>(
    db,
    sql`select w.id, w.appointment_id, w.seats_count, w.status, w.hold_id, w.offer_expires_at, w.created_at, l.time_zone,
               case when w.status = 'waiting' then (
                 select count(*)::int from waitlist_entries o
                 where o.appointment_id = w.appointment_id and o.status = 'waiting'
                   and (o.created_at, o.id) <= (w.created_at, w.id)) end as position
        from waitlist_entries w
        join appointments a on a.id = w.appointment_id
        join locations l on l.id = a.location_id
        where w.client_id = ${clientId} ${andOfSiteBusiness({ site }, sql`l.business_id`)}
          ${id === undefined ? sql`and a.starts_at > ${new Date(now)}` : sql`and w.id = ${id}`}
        order by w.created_at desc, w.id desc`,
  );
  return rows.map((row) => ({
    id: row.id,
    appointmentId: row.appointment_id,
    seatsCount: row.seats_count,
    status: row.status,
    position: row.position,
    holdId: row.hold_id,
    offerExpiresAt: row.offer_expires_at === null ? null : new Date(row.offer_expires_at),
    createdAt: new Date(row.created_at),
    timeZone: row.time_zone,
  }));
}

/** Entries for sessions at the site's business's places; no condition on the marketplace. */
function inSiteSessions({ site }: Pick<SiteReader, "site">): SQL | undefined {
  const businessId = siteBusinessId(site);
  return businessId === null
    ? undefined
    : inArray(
        waitlistEntries.appointmentId,
        sql`(select a.id from appointments a join locations l on l.id = a.location_id where l.business_id = ${businessId})`,
      );
}

const SESSION_POINTER = { pointer: "/data/relationships/classSession" };

/**
 * A client joins a session's waitlist: only a full one (422 `seats_available` while seats are left: book them),
 * of a session still ahead and open (422 `no_such_session`), for seats within the business's per-booking maximum,
 * once (409 `already_waiting`, the partial unique index deciding under races), and not when already booked in it.
 * On one business's site, another business's session is as unknown as a missing one.
 */
export async function joinWaitlist(options: {
  db: Database;
  site: SiteReader["site"];
  clientId: string;
  appointmentId: number;
  seatsCount: number;
  now: number;
  inTransaction?: TransactionSteps<number> | undefined;
}): Promise<number> {
  const { db, clientId, appointmentId, seatsCount, now } = options;
  const [session] = await rawRows<{
    seats_left: number;
    location_id: number;
    service_price_id: number;
    booked: boolean;
  }>(
    db,
    sql`select ${seatsLeftSql(now)} as seats_left, a.location_id, aps.service_price_id,
               exists (select 1 from appointment_clients c where c.appointment_id = a.id and c.client_id = ${clientId}
                       and c.status_id <> 4) as booked
        from appointments a join appointment_services aps on aps.appointment_id = a.id
          join locations l on l.id = a.location_id
        where a.id = ${appointmentId} and a.capacity is not null and a.cancelled_at is null
          and a.starts_at > ${new Date(now)} ${andOfSiteBusiness(options, sql`l.business_id`)}`,
  );
  if (!session) throw refusal("no_such_session", SESSION_POINTER);
  const context = await loadBookingContext(db, session.service_price_id, session.location_id);
  const limit = context.rules.maxSeatsPerBooking;
  if (seatsCount > limit) {
    throw refusal("too_many_seats", { pointer: "/data/attributes/seats_count" }, { limit }, { limit });
  }
  if (session.booked) throw refusal("already_in_class", SESSION_POINTER);
  if (session.seats_left >= seatsCount) {
    throw refusal(
      "seats_available",
      SESSION_POINTER,
      { count: session.seats_left },
      { seats_left: session.seats_left },
    );
  }
  try {
    return await db.transaction(async (tx) => {
      await options.inTransaction?.first?.(tx);
      const [entry] = await tx
        .insert(waitlistEntries)
        .values({ appointmentId, clientId, seatsCount, createdAt: new Date(now), updatedAt: new Date(now) })
        .returning({ id: waitlistEntries.id });
      if (!entry) throw new Error("the waitlist entry insert returned no row");
      await options.inTransaction?.last?.(tx, entry.id);
      return entry.id;
    });
  } catch (error) {
    if (sqlState(error) !== "23505") throw error;
    throw refusal("already_waiting", SESSION_POINTER);
  }
}

/**
 * A client leaves a waitlist (or declines its offer): the entry is left, an offer's held seats go and pass to the
 * next in line. A 404 for an entry that is not theirs or no longer waiting or offered.
 */
export async function leaveWaitlist(options: {
  db: Database;
  site: SiteReader["site"];
  clientId: string;
  entryId: number;
  now: number;
  inTransaction?: TransactionSteps<void> | undefined;
}): Promise<void> {
  const { clientId, entryId, now } = options;
  await options.db.transaction(async (tx) => {
    await options.inTransaction?.first?.(tx);
    const [left] = await tx
      .update(waitlistEntries)
      .set({ status: "left", updatedAt: new Date(now) })
      .where(
        and(
          eq(waitlistEntries.id, entryId),
          eq(waitlistEntries.clientId, clientId),
          inArray(waitlistEntries.status, ["waiting", "offered"]),
          inSiteSessions(options),
        ),
      )
      .returning({ appointmentId: waitlistEntries.appointmentId, holdId: waitlistEntries.holdId });
    if (!left) throw new AppError("not_found", `You wait for no session as entry ${entryId}.`);
    if (left.holdId !== null) {
      await tx.delete(bookingHolds).where(eq(bookingHolds.id, left.holdId));
      await scheduleWaitlistOffer(tx, {
        appointmentId: left.appointmentId,
        cause: `left:${entryId}`,
        runAt: new Date(now),
      });
    }
    await options.inTransaction?.last?.(tx);
  });
}
