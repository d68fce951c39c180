import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { bookingHolds } from "@termin/db/booking-schema";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { checkStart } from "@termin/domain/booking/check-start";
import { formatZonedIso, localMomentAt } from "@termin/domain/booking/local-time";
import { measureWorkload, pickEmployee } from "@termin/domain/booking/pick-employee";
import { AppError } from "../http/app-error.ts";
import { refusal } from "../http/refusal.ts";
import {
  claimRange,
  chooseResourceUnits,
  invalidStart,
  nearestFreeTimes,
  overlaps,
  withRequestBusy,
} from "./booking-checks.ts";
import { asClaimRange, ownBookings, overlapsOwnBooking } from "./client-time.ts";
import { loadAvailability, loadBookingContext, type BookingContext } from "./load-availability.ts";

/** A service as the client asks for it. */
export interface RequestedService {
  servicePriceId: number;
  /** null: any employee who is free, chosen by pickEmployee (the least booked that day). */
  employeeId: number | null;
  /** Epoch ms of the service's start. */
  start: number;
}

/** The members of a requested service, named in errors by the caller's own pointers (a body's layout differs). */
export type ServiceMember = "service_price_id" | "employee_id" | "starts_at" | "location" | undefined;
export type PointerOf = (index: number, member?: ServiceMember) => string;

/** Pointers into `POST /appointments`' `services` list, and its `location` relationship for where. */
export const servicesPointer: PointerOf = (index, member) =>
  member === "location"
    ? "/data/relationships/location"
    : `/data/attributes/services/${index}${member ? `/${member}` : ""}`;

export interface PlanRequest {
  db: Database;
  clientId: string;
  /** Where; when absent, the chosen employee's location or the business's only one. */
  locationId?: number | undefined;
  services: readonly RequestedService[];
  now: number;
  /** An appointment being moved: its own claims do not make its new times busy. */
  ignoreAppointmentId?: number | undefined;
  pointer: PointerOf;
}

/** What a request will write: each service's employee and units, and the client's own holds it takes over. */
export interface BookingPlan {
  /** In time order, whatever the body's; each keeps its body index. */
  services: PlannedService[];
  /** The client's live holds of the same service price and start as a requested service: theirs to use. */
  ownHoldIds: number[];
}

/** A service checked against the schedule, with the employee and resource units it will take. */
export interface PlannedService {
  index: number;
  context: BookingContext;
  employeeId: number;
  start: number;
  end: number;
  resourceIds: number[];
}

/** Where a request books, and what said so: an error about the place then blames the member that chose it. */
interface ResolvedLocation {
  id: number;
  from: "request" | "employee" | "service";
}

/**
 * The location a request books at: the one it names; else its first named employee's; else the only location of
 * the business offering its first service price. The one place the API guesses where (a business with several
 * places must be told), so every refusal here points at the member at fault.
 */
async function resolveLocation(request: PlanRequest): Promise<ResolvedLocation> {
  if (request.locationId !== undefined) return { id: request.locationId, from: "request" };
  const [first] = request.services;
  if (!first) throw new AppError("invalid_body", "Book at least one service.", { pointer: "/data" });
  if (first.employeeId !== null) {
    const [employee] = await rawRows<{ id: number }>(
      request.db,
      sql`select location_id as id from employees where id = ${first.employeeId}`,
    );
    if (!employee) {
      throw refusal(
        "unknown_employee",
        { pointer: request.pointer(0, "employee_id") },
        { id: String(first.employeeId) },
      );
    }
    return { id: employee.id, from: "employee" };
  }
  const places = await rawRows<{ id: number | null }>(
    request.db,
    sql`select l.id from service_prices sp join services s on s.id = sp.service_id
        left join locations l on l.business_id = s.business_id where sp.id = ${first.servicePriceId} limit 2`,
  );
  const [only] = places;
  if (only?.id === null || only === undefined) {
    throw refusal(
      "unknown_service_price",
      { pointer: request.pointer(0, "service_price_id") },
      { id: String(first.servicePriceId) },
    );
  }
  if (places.length > 1) {
    throw refusal("location_required", { pointer: request.pointer(0, "location") });
  }
  return { id: only.id, from: "service" };
}

/**
 * The 409 (`slot_taken`) for a requested service whose time is taken, offering the nearest free times: free for its
 * employee and for the client, besides the request's services before it.
 */
async function slotTaken(
  request: PlanRequest,
  index: number,
  context: BookingContext,
  earlier: readonly PlannedService[],
  ownHoldIds: readonly number[],
): Promise<AppError> {
  const requested = request.services[index];
  if (!requested) throw new Error(`no requested service ${index}`);
  const detail =
    request.services.length > 1
      ? { key: "slot_taken_service" as const, values: { index: index + 1 } }
      : { key: "slot_taken" as const };
  const alternatives = await nearestFreeTimes(request.db, context, requested, request.now, {
    clientId: request.clientId,
    earlier,
    except: { holdIds: ownHoldIds, appointmentId: request.ignoreAppointmentId },
  });
  return new AppError(
    "slot_taken",
    detail,
    { pointer: request.pointer(index) },
    {},
    { reason: "slot_taken", alternatives },
  );
}

/**
 * The 409 for a write the client-time constraint refused: another request of the same client took an overlapping
 * time between our check and our write. Names it, as the check before the write would have.
 */
async function ownTimeTaken(request: PlanRequest, plan: BookingPlan): Promise<AppError> {
  for (const service of plan.services) {
    const [booked] = await ownBookings(request.db, request.clientId, service, request.now, {
      holdIds: plan.ownHoldIds,
      appointmentId: request.ignoreAppointmentId,
    });
    if (booked) return overlapsOwnBooking(request.pointer(service.index), booked);
  }
  return new AppError("conflict", "Another of your bookings changed at the same time. Try again.", {
    pointer: request.pointer(0),
  });
}

/**
 * The 409 for a write an exclusion constraint refused (another request wrote between our check and our write): at
 * `claiming`, the body index of the service whose employee or room claims met it, or "client" for the client's own
 * time.
 */
export async function refusedClaim(
  request: PlanRequest,
  plan: BookingPlan,
  claiming: number | "client",
): Promise<AppError> {
  if (claiming === "client") return ownTimeTaken(request, plan);
  const service = plan.services.find((each) => each.index === claiming);
  if (!service) throw new Error(`no planned service ${claiming}`);
  const earlier = plan.services.filter((each) => each.start < service.start);
  return slotTaken(request, claiming, service.context, earlier, plan.ownHoldIds);
}

/**
 * The 422 `services_overlap` for services of one request that overlap each other: the client would be in two
 * places at once. meta.earliest_start is when it could start.
 */
function overlapsEarlierService(request: PlanRequest, index: number, earlier: PlannedService): AppError {
  const from = formatZonedIso(earlier.end, earlier.context.timeZone);
  return refusal(
    "services_overlap",
    { pointer: request.pointer(index, "starts_at") },
    {
      index: index + 1,
      earlier: earlier.index + 1,
      from: { instant: earlier.end, timeZone: earlier.context.timeZone },
    },
    { earliest_start: from },
  );
}

/** The client's live holds of the same service price and start as one of the requested services. */
async function ownHolds(request: PlanRequest): Promise<number[]> {
  const matches = request.services.map(
    (service) => sql`(service_price_id = ${service.servicePriceId} and starts_at = ${new Date(service.start)})`,
  );
  const rows = await rawRows<{ id: number }>(
    request.db,
    sql`select id from booking_holds where client_id = ${request.clientId} and expires_at > ${new Date(request.now)}
        and (${sql.join(matches, sql` or `)})`,
  );
  return rows.map((row) => row.id);
}

/**
 * Where the client's live holds at a location end: a next service may start there back to back, off the grid
 * (the domain's backToBackStarts).
 */
async function ownHoldEnds(request: PlanRequest, locationId: number): Promise<number[]> {
  const rows = await request.db
    .select({ endsAt: bookingHolds.endsAt })
    .from(bookingHolds)
    .where(
      and(
        eq(bookingHolds.clientId, request.clientId),
        eq(bookingHolds.locationId, locationId),
        gt(bookingHolds.expiresAt, new Date(request.now)),
      ),
    );
  return rows.map((row) => row.endsAt.getTime());
}

/**
 * Checks each requested service against the schedule (422 for a time that is never a slot, 409 for one taken) and
 * picks its employee and resource units, without writing. The client's own hold of the same service and start does
 * not block it (the writer takes it over); their other holds do, and earlier services of the same request are as
 * busy as booked ones for the later ones. A service may start off the step's grid right where one of the client's
 * held services or an earlier service of the request ends (back to back). The writer's claims, refused by the database when they overlap, are what
 * makes the answer hold under races.
 */
export async function planServices(request: PlanRequest): Promise<BookingPlan> {
  const { db, pointer } = request;
  const [location, ownHoldIds] = await Promise.all([resolveLocation(request), ownHolds(request)]);
  const locationId = location.id;
  const holdEnds = await ownHoldEnds(request, locationId);
  const planned: PlannedService[] = [];
  // In time order, whatever the body's: a service may then follow an earlier one back to back. Errors still point
  // at each service's place in the body.
  const inTimeOrder = [...request.services.entries()].sort(([, a], [, b]) => a.start - b.start);
  for (const [index, requested] of inTimeOrder) {
    const context = await loadBookingContext(db, requested.servicePriceId, locationId).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "not_found") {
        // The place came from the employee: they work where this service is not offered.
        throw location.from === "employee"
          ? refusal("employee_not_at_location", { pointer: pointer(0, "employee_id") })
          : refusal("service_not_offered_here", { pointer: pointer(index, "service_price_id") });
      }
      throw error;
    });
    if (!context.rules.onlineBooking) {
      throw refusal("no_online_booking", { pointer: pointer(index) });
    }
    const date = localMomentAt(requested.start, context.timeZone).date;
    // One appointment is one visit: its services on one day at the place's clock (another day is another booking).
    const firstDay = planned[0] && localMomentAt(planned[0].start, planned[0].context.timeZone).date;
    if (firstDay && firstDay !== date) {
      throw refusal("services_on_several_days", { pointer: pointer(index, "starts_at") }, { index: index + 1 });
    }
    const loaded = await loadAvailability(db, context, {
      dateFrom: date,
      dateTo: date,
      now: request.now,
      ignoreAppointmentId: request.ignoreAppointmentId,
      ignoreHoldIds: ownHoldIds,
    });
    const employees = withRequestBusy(loaded.input.employees, planned);
    // Back to back: right where one of the client's held services, or an earlier one of this request, ends.
    const backToBackStarts = [...holdEnds, ...planned.map((each) => each.end)];
    const input = { ...loaded.input, employees, backToBackStarts };
    const check = checkStart(
      input,
      requested.start,
      requested.employeeId === null ? null : String(requested.employeeId),
    );
    if (check.kind === "invalid") {
      const member = check.reason === "employee_does_not_perform" ? "employee_id" : "starts_at";
      throw invalidStart(check.reason, context, pointer(index, member));
    }
    const end = requested.start + context.durationMinutes * 60_000;
    const own = { start: requested.start, end };
    const clash = planned.find((each) => overlaps(each, own));
    if (clash) throw overlapsEarlierService(request, index, clash);
    const [booked] = await ownBookings(db, request.clientId, own, request.now, {
      holdIds: ownHoldIds,
      appointmentId: request.ignoreAppointmentId,
    });
    if (booked) throw overlapsOwnBooking(pointer(index), booked);
    if (check.kind === "taken") throw await slotTaken(request, index, context, planned, ownHoldIds);
    const employeeId =
      requested.employeeId ??
      Number(
        pickEmployee(check.employeeIds, measureWorkload({ ...input, dateFrom: date, dateTo: date }, requested.start)),
      );
    const range = claimRange(context, requested.start, end);
    const taken = planned.flatMap((each) =>
      each.resourceIds.map((id) => ({ id, ...claimRange(each.context, each.start, each.end) })),
    );
    planned.push({
      index,
      context,
      employeeId,
      start: requested.start,
      end,
      resourceIds: chooseResourceUnits(loaded.resourceUnits, input.service.resourceNeeds, range, taken),
    });
  }
  return { services: planned, ownHoldIds };
}

/** The advisory lock namespace of booking writes (pg_advisory_xact_lock's first key; the second is a location). */
const BOOKING_WRITES = 1;

/**
 * First in every transaction that writes claims: writers at one location take turns. The exclusion constraints
 * alone keep times apart, but two transactions inserting clashing claims (a move deleting its old time while a
 * booking takes it) can wait on each other until PostgreSQL kills one as a deadlock; in turn, the later one simply
 * meets the earlier one's committed claims. Other locations are not held up.
 */
export async function lockLocationBookings(tx: Database, locationId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_WRITES}, ${locationId})`);
}

/** In the writer's transaction: the location's expired holds go (their claims with them), and those taken over. */
export async function releaseHolds(tx: Database, plan: BookingPlan, clientId: string, now: number): Promise<void> {
  const locationId = plan.services[0]?.context.locationId;
  if (locationId !== undefined) {
    await tx
      .delete(bookingHolds)
      .where(and(eq(bookingHolds.locationId, locationId), lte(bookingHolds.expiresAt, new Date(now))));
  }
  if (plan.ownHoldIds.length === 0) return;
  await tx
    .delete(bookingHolds)
    .where(and(eq(bookingHolds.clientId, clientId), inArray(bookingHolds.id, plan.ownHoldIds)));
}

/** The booking_claims rows of a planned service (its employee and each resource unit), for its owner. */
export function claimsOf(
  service: PlannedService,
  owner: { appointmentServiceId: number } | { holdId: number; expiresAt: Date },
) {
  const during = asClaimRange(claimRange(service.context, service.start, service.end));
  return [
    { employeeId: service.employeeId, during, ...owner },
    ...service.resourceIds.map((resourceId) => ({ resourceId, during, ...owner })),
  ];
}

/** The client_claims rows of planned services: the client's own time of each, for their place or their hold. */
export function clientClaimsOf(
  services: readonly PlannedService[],
  clientId: string,
  owner: { appointmentClientId: number } | { holdId: number; expiresAt: Date },
) {
  return services.map((service) => ({ clientId, during: asClaimRange(service), ...owner }));
}
