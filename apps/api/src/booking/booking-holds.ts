import type { BookingHoldResource } from "@termin/contracts/booking-resources";
import { and, eq, gt, sql } from "drizzle-orm";
import { bookingClaims, bookingHolds, clientClaims } from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { waitlistEntries } from "@termin/db/waitlist-schema";
import { rawRows } from "@termin/db/raw-rows";
import { formatZonedIso } from "@termin/domain/booking/local-time";
import { AppError } from "../http/app-error.ts";
import { refusal } from "../http/refusal.ts";
import { sqlState } from "../http/database-errors.ts";
import type { TransactionSteps } from "../http/idempotency.ts";
import { retryTransaction } from "../http/retry-transaction.ts";
import { toOne } from "../jsonapi/relationships.ts";
import { andOfSiteBusiness, atSiteLocations, type SiteReader } from "../sites/read-context.ts";
import { releaseExpiredOwnHolds } from "./client-time.ts";
import { scheduleWaitlistOffer } from "./waitlist/waitlist-jobs.ts";
import {
  claimsOf,
  clientClaimsOf,
  lockLocationBookings,
  planServices,
  refusedClaim,
  releaseHolds,
  type PlanRequest,
  type PointerOf,
} from "./plan-booking.ts";

/** How long a time added to the basket stays the client's (Fresha and Booksy keep it about as long). */
export const HOLD_MINUTES = 10;
/** Live holds one client may have at once: a basket's worth, so nobody can block a calendar. */
export const MAX_LIVE_HOLDS = 10;

/** Pointers into a `booking-holds` document; a refused time (taken, never a slot) points at its start. */
const HOLD_MEMBERS: Record<NonNullable<Parameters<PointerOf>[1]>, string> = {
  employee_id: "/data/relationships/employee",
  service_price_id: "/data/relationships/servicePrice",
  location: "/data/relationships/location",
  starts_at: "/data/attributes/starts_at",
};
export const holdPointer: PointerOf = (_index, member) => HOLD_MEMBERS[member ?? "starts_at"];

/** A live hold as the API shows it. */
export interface HoldRow {
  id: number;
  servicePriceId: number;
  employeeId: number;
  locationId: number;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  expiresAt: Date;
  /** Seats held in a class session; 1 for a time. */
  seatsCount: number;
}

/** A hold's attributes, as `fields[booking-holds]` may name them. */
export const HOLD_ATTRIBUTES = ["starts_at", "ends_at", "expires_at", "seats_count"] as const;

export function toHoldResource(row: HoldRow): BookingHoldResource {
  const zoned = (at: Date) => formatZonedIso(at.getTime(), row.timeZone);
  return {
    type: "booking-holds",
    id: String(row.id),
    attributes: {
      starts_at: zoned(row.startsAt),
      ends_at: zoned(row.endsAt),
      expires_at: zoned(row.expiresAt),
      seats_count: row.seatsCount,
    },
    relationships: {
      servicePrice: toOne("service-prices", row.servicePriceId),
      employee: toOne("employees", row.employeeId),
      location: toOne("locations", row.locationId),
    },
  };
}

/** One client's holds are taken one at a time, so the count of refuseBeyondHoldLimit cannot be outrun. */
export async function lockClientHolds(tx: Database, clientId: string): Promise<void> {
  await rawRows(tx, sql`select id from clients where id = ${clientId} for update`);
}

/** The 422 `hold_limit` when the client already holds MAX_LIVE_HOLDS live holds (after lockClientHolds). */
export async function refuseBeyondHoldLimit(tx: Database, clientId: string, now: number): Promise<void> {
  const [{ count } = { count: 0 }] = await rawRows<{ count: number }>(
    tx,
    sql`select count(*)::int as count from booking_holds
        where client_id = ${clientId} and expires_at > ${new Date(now)}`,
  );
  if (count >= MAX_LIVE_HOLDS) {
    throw refusal("hold_limit", { pointer: "/data" }, { limit: MAX_LIVE_HOLDS }, { limit: MAX_LIVE_HOLDS });
  }
}

/**
 * Holds a time for a client for HOLD_MINUTES: the same checks as booking (an invalid time 422, a taken one 409
 * with the nearest free ones), and the same claims, so the no-overlap constraints keep holds and appointments
 * apart, the client's own other holds included. Holding a service at a start the client already holds replaces
 * that hold.
 */
export async function holdTime(
  options: Omit<PlanRequest, "pointer" | "services"> & {
    servicePriceId: number;
    employeeId: number | null;
    start: number;
    /** Steps of the caller's inside the hold's transaction (idempotency). */
    inTransaction?: TransactionSteps<HoldRow> | undefined;
  },
): Promise<HoldRow> {
  const { db, clientId, now } = options;
  const request: PlanRequest = {
    ...options,
    services: [{ servicePriceId: options.servicePriceId, employeeId: options.employeeId, start: options.start }],
    pointer: holdPointer,
  };
  const plan = await planServices(request);
  const [planned] = plan.services;
  if (!planned) throw new Error("a hold plans one service");
  const expiresAt = new Date(now + HOLD_MINUTES * 60_000);
  let claiming: 0 | "client" = 0;
  try {
    return await retryTransaction(() =>
      db.transaction(async (tx) => {
        await options.inTransaction?.first?.(tx);
        await lockLocationBookings(tx, planned.context.locationId);
        await lockClientHolds(tx, clientId);
        await releaseHolds(tx, plan, clientId, now);
        await releaseExpiredOwnHolds(tx, clientId, now);
        await refuseBeyondHoldLimit(tx, clientId, now);
        const [hold] = await tx
          .insert(bookingHolds)
          .values({
            clientId,
            locationId: planned.context.locationId,
            servicePriceId: planned.context.servicePriceId,
            employeeId: planned.employeeId,
            startsAt: new Date(planned.start),
            endsAt: new Date(planned.end),
            expiresAt,
          })
          .returning();
        if (!hold) throw new Error("the hold insert returned no row");
        claiming = 0;
        await tx.insert(bookingClaims).values(claimsOf(planned, { holdId: hold.id, expiresAt }));
        claiming = "client";
        await tx.insert(clientClaims).values(clientClaimsOf([planned], clientId, { holdId: hold.id, expiresAt }));
        const held = { ...hold, timeZone: planned.context.timeZone };
        await options.inTransaction?.last?.(tx, held);
        return held;
      }),
    );
  } catch (error) {
    if (sqlState(error) !== "23P01") throw error;
    throw await refusedClaim(request, plan, claiming);
  }
}

/**
 * The client's holds that have not expired, soonest first; `holdId` narrows them to one. An expired hold is as
 * gone as a released one: its time is free again and booking it is refused, so it is no longer the client's. On
 * one business's site, the basket holds that business's times only.
 */
export async function liveHolds(
  { db, site }: SiteReader,
  clientId: string,
  now: number,
  holdId?: number,
): Promise<HoldRow[]> {
  const rows = await rawRows<{
    id: number;
    service_price_id: number;
    employee_id: number;
    location_id: number;
    time_zone: string;
    starts_at: string;
    ends_at: string;
    expires_at: string;
    seats_count: number;
  }>(
    db,
    sql`select h.id, h.service_price_id, h.employee_id, h.location_id, l.time_zone, h.starts_at, h.ends_at, h.expires_at,
               h.seats_count
        from booking_holds h join locations l on l.id = h.location_id
        where h.client_id = ${clientId} and h.expires_at > ${new Date(now)} ${andOfSiteBusiness({ site }, sql`l.business_id`)}
          ${holdId === undefined ? sql`` : sql`and h.id = ${holdId}`}
        order by h.starts_at, h.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    servicePriceId: row.service_price_id,
    employeeId: row.employee_id,
    locationId: row.location_id,
    timeZone: row.time_zone,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    expiresAt: new Date(row.expires_at),
    seatsCount: row.seats_count,
  }));
}

/**
 * Lets a client's hold go (its claims go with it); a 404 when they have no such live hold (on one business's site,
 * of that business).
 */
export async function releaseHold(options: {
  db: Database;
  site: SiteReader["site"];
  clientId: string;
  holdId: number;
  now: number;
  inTransaction?: TransactionSteps<void> | undefined;
}): Promise<void> {
  const { clientId, holdId, now } = options;
  await options.db.transaction(async (tx) => {
    await options.inTransaction?.first?.(tx);
    // Before the hold goes (its entry's hold_id is then cleared): a waitlist offer let go is declined.
    await tx
      .update(waitlistEntries)
      .set({ status: "left", updatedAt: new Date(now) })
      .where(
        and(
          eq(waitlistEntries.holdId, holdId),
          eq(waitlistEntries.clientId, clientId),
          eq(waitlistEntries.status, "offered"),
        ),
      );
    const deleted = await tx
      .delete(bookingHolds)
      .where(
        and(
          eq(bookingHolds.id, holdId),
          eq(bookingHolds.clientId, clientId),
          gt(bookingHolds.expiresAt, new Date(now)),
          atSiteLocations(options, bookingHolds.locationId),
        ),
      )
      .returning({ id: bookingHolds.id, appointmentId: bookingHolds.appointmentId });
    const [released] = deleted;
    if (!released) throw new AppError("not_found", `You hold no time ${holdId}.`);
    // Seats let go are offered to those waiting at once: the hold's hand-over job, due at its expiry, moves to now.
    if (released.appointmentId !== null) {
      await scheduleWaitlistOffer(tx, {
        appointmentId: released.appointmentId,
        cause: `hold:${holdId}`,
        runAt: new Date(now),
      });
    }
    await options.inTransaction?.last?.(tx);
  });
}
