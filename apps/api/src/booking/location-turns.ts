import { sql } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { retryTransaction } from "../http/retry-transaction.ts";
import { claimRange } from "./booking-checks.ts";
import { refusedClaim, type BookingPlan, type PlanRequest } from "./plan-booking.ts";

/**
 * Bookings at one location take turns in this process before they queue on the location's advisory lock
 * (lockLocationBookings, which still orders them across processes). A booking waiting for its turn learns from
 * each turn's end whether its time was taken meanwhile (from the claims that turn committed, or one indexed query
 * when it committed none), and then answers the same 409 the exclusion constraint would have led to, without
 * waiting for the turns of all those before it: of 100 requests racing for one time, the 99 losers learn it
 * together as soon as the winner commits (decision 0045).
 *
 * Per database and location, the turn under way: it ends with the claims it committed, or null for none. */
const turnsPerDatabase = new WeakMap<object, Map<number, Promise<Claimed[] | null>>>();

/** A claim a turn's booking committed: its employee or resource unit, over its buffered time. */
interface Claimed {
  employeeId?: number;
  resourceId?: number;
  start: number;
  end: number;
}

/** The claims a plan writes (claimsOf), as subjects and times. */
function claimedBy(plan: BookingPlan): Claimed[] {
  return plan.services.flatMap((service) => {
    const { start, end } = claimRange(service.context, service.start, service.end);
    return [
      { employeeId: service.employeeId, start, end },
      ...service.resourceIds.map((resourceId) => ({ resourceId, start, end })),
    ];
  });
}

/**
 * The body index of the first planned service whose claims meet one that a turn in this process just committed:
 * the exclusion constraints would refuse it, so no query is needed to know.
 */
function metCommitted(plan: BookingPlan, committed: readonly Claimed[]): number | null {
  const met = plan.services.filter((service) =>
    claimedBy({ services: [service], ownHoldIds: [] }).some((mine) =>
      committed.some(
        (theirs) =>
          (mine.employeeId === undefined
            ? mine.resourceId === theirs.resourceId
            : mine.employeeId === theirs.employeeId) &&
          mine.start < theirs.end &&
          theirs.start < mine.end,
      ),
    ),
  );
  return met.length === 0 ? null : Math.min(...met.map((service) => service.index));
}

/**
 * The body index of the first planned service whose employee or resource units a live claim now overlaps (as the
 * exclusion constraints would see it once the writer released the holds it takes over and the expired ones), or
 * null when every time is still free.
 */
async function takenService(db: Database, plan: BookingPlan, now: number): Promise<number | null> {
  const notOwn =
    plan.ownHoldIds.length === 0
      ? sql`true`
      : sql`(c.hold_id is null or c.hold_id not in (${sql.join(
          plan.ownHoldIds.map((id) => sql`${id}`),
          sql`, `,
        )}))`;
  const branches = plan.services.flatMap((service) => {
    const range = claimRange(service.context, service.start, service.end);
    const during = sql`tstzrange(${new Date(range.start)}, ${new Date(range.end)})`;
    const live = sql`c.live and c.during && ${during} and (c.expires_at is null or c.expires_at > ${new Date(now)})
      and ${notOwn}`;
    return [
      sql`(select ${service.index}::integer as index from booking_claims c
          where c.employee_id = ${service.employeeId} and ${live} limit 1)`,
      ...service.resourceIds.map(
        (resourceId) =>
          sql`(select ${service.index}::integer as index from booking_claims c
              where c.resource_id = ${resourceId} and ${live} limit 1)`,
      ),
    ];
  });
  if (branches.length === 0) return null;
  const rows = await rawRows<{ index: number }>(db, sql.join(branches, sql` union all `));
  return rows.length === 0 ? null : Math.min(...rows.map((row) => row.index));
}

/**
 * Runs `write` (the booking's transaction) in the location's turn in this process. While another booking there has
 * the turn, waits for its end and checks whether this plan's time was taken (by the claims that turn committed, or by
 * a query when it committed none); if so, throws the 409 `slot_taken` (with its alternatives) that a refused claim
 * gives. A time taken by another process meanwhile is still refused by the exclusion constraints when written.
 */
async function inBookingTurn<T>(request: PlanRequest, plan: BookingPlan, write: () => Promise<T>): Promise<T> {
  const locationId = plan.services[0]?.context.locationId;
  if (locationId === undefined) return write();
  let turns = turnsPerDatabase.get(request.db);
  if (!turns) {
    turns = new Map();
    turnsPerDatabase.set(request.db, turns);
  }
  for (let current = turns.get(locationId); current; current = turns.get(locationId)) {
    // What the turn committed tells at once, without a query. A turn that wrote nothing was refused, perhaps by
    // another process's booking: the database tells whether that took this time too.
    const committed = await current;
    const taken =
      committed === null ? await takenService(request.db, plan, request.now) : metCommitted(plan, committed);
    if (taken !== null) throw await refusedClaim(request, plan, taken);
  }
  let end: (committed: Claimed[] | null) => void = () => {};
  turns.set(
    locationId,
    new Promise<Claimed[] | null>((resolve) => {
      end = resolve;
    }),
  );
  let committed: Claimed[] | null = null;
  try {
    const written = await write();
    committed = claimedBy(plan);
    return written;
  } finally {
    turns.delete(locationId);
    end(committed);
  }
}

/**
 * retryTransaction (a deadlock victim is run again), in the location's turn (inBookingTurn). Only for a booking that
 * writes its plan's employee and resource claims (claimsOf): the check reads those claims as taken. Seats in a class
 * session, whose claims the session already holds, must not go through it.
 */
export const retryInBookingTurn =
  (request: PlanRequest, plan: BookingPlan) =>
  <T>(transaction: () => Promise<T>): Promise<T> =>
    inBookingTurn(request, plan, () => retryTransaction(transaction));
