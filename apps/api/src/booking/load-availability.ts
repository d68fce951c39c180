import { sql } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import type { BusinessSettings } from "@termin/db/business-settings";
import { rawRows } from "@termin/db/raw-rows";
import { addDays } from "@termin/domain/booking/calendar";
import { zonedTimeToEpochMs } from "@termin/domain/booking/local-time";
import type {
  AvailabilityInput,
  DateException,
  EmployeeAvailability,
  InstantRange,
  LocalDate,
  Weekday,
  WeeklyInterval,
} from "@termin/domain/booking/types";
import { paymentPolicyOf, type PaymentPolicy } from "@termin/domain/payments/amount-due";
import { AppError } from "../http/app-error.ts";
import { keptRead, sharedRead } from "./free-time-cache.ts";
import { bookingRulesOf, type BookingRulesOfBusiness } from "./booking-rules.ts";

/** The service price, its service and the location it is booked at, with the business's rules. */
export interface BookingContext {
  locationId: number;
  businessId: number;
  timeZone: string;
  servicePriceId: number;
  serviceId: number;
  serviceName: string;
  variantName: string | null;
  durationMinutes: number;
  priceMinor: number;
  currencyCode: string;
  rules: BookingRulesOfBusiness;
  /** How the business asks this service to be paid, and how long an unpaid booking of it is kept. */
  payment: { policy: PaymentPolicy; unpaidReleaseMinutes: number };
  /** The location's claims version when the context was read (free-time-cache.ts). */
  claimsVersion: string;
}

export interface AvailabilityRequest {
  /** Local dates whose slots are asked for; busy time is read a day beyond each end (buffers, night shifts). */
  dateFrom: LocalDate;
  dateTo: LocalDate;
  now: number;
  /**
   * The signed-in client: their own holds of this service price do not make a time busy for them (a basket entry's
   * time stays theirs to keep or change); their holds of other services do, as anyone's.
   */
  clientId?: string | undefined;
  /** Claims of these appointment services are left out (a reschedule may move onto its own old time). */
  ignoreAppointmentId?: number | undefined;
  /** Holds the request will take over (the client's own hold of the same service and time) do not block it. */
  ignoreHoldIds?: readonly number[] | undefined;
  /**
   * The context's claims version may key the kept rows: it was read just now, with nothing read since (one query
   * fewer). Otherwise (a context read earlier, as a booking's plan is) the version is read afresh.
   */
  contextJustRead?: boolean;
}

export interface LoadedAvailability {
  context: BookingContext;
  input: AvailabilityInput;
  /** Resource units by kind, for choosing which units a booking takes. */
  resourceUnits: Array<{ id: string; kind: string; busy: InstantRange[] }>;
  /**
   * The rows read (the same object while the location's claims keep their version), and when the next hold among
   * them expires: until then the input differs only by `now`. Absent when the request leaves some claims out.
   */
  kept?: { rows: object; changesAt: number };
}

const hhmm = (time: string) => time.slice(0, 5);

/**
 * One query: what booking this service price at this location means; 404 when the location does not offer it.
 * Requests asking for the same at the same moment share the query (sharedRead).
 */
export function loadBookingContext(db: Database, servicePriceId: number, locationId: number): Promise<BookingContext> {
  return sharedRead(db, `context:${servicePriceId}:${locationId}`, () =>
    readBookingContext(db, servicePriceId, locationId),
  );
}

async function readBookingContext(db: Database, servicePriceId: number, locationId: number): Promise<BookingContext> {
  const [row] = await rawRows<{
    location_id: number;
    business_id: number;
    time_zone: string;
    service_id: number;
    service_name: string;
    variant_name: string | null;
    duration_minutes: number;
    price_minor: number;
    currency_code: string;
    buffer_before_minutes: number;
    buffer_after_minutes: number;
    payment_policy: "venue" | "deposit" | "prepay";
    deposit_type: "fixed" | "percent" | null;
    deposit_value: number | null;
    settings: BusinessSettings;
    claims_version: string | null;
  }>(
    db,
    sql`select (select v.version::text from location_claim_versions v where v.location_id = l.id) as claims_version,
               l.id as location_id, b.id as business_id, l.time_zone, s.id as service_id, s.name as service_name,
               sp.name as variant_name, sp.duration_minutes, sp.price_minor, sp.currency_code,
               s.buffer_before_minutes, s.buffer_after_minutes, s.payment_policy, s.deposit_type,
               s.deposit_value, b.settings
        from service_prices sp
        join services s on s.id = sp.service_id
        join locations l on l.business_id = s.business_id
        join businesses b on b.id = l.business_id
        where sp.id = ${servicePriceId} and l.id = ${locationId}`,
  );
  if (!row) {
    throw new AppError("not_found", `Location ${locationId} does not offer the service price ${servicePriceId}.`);
  }
  return {
    locationId: row.location_id,
    businessId: row.business_id,
    timeZone: row.time_zone,
    servicePriceId,
    serviceId: row.service_id,
    serviceName: row.service_name,
    variantName: row.variant_name,
    durationMinutes: row.duration_minutes,
    priceMinor: row.price_minor,
    currencyCode: row.currency_code,
    rules: bookingRulesOf(row.settings, row.buffer_before_minutes, row.buffer_after_minutes),
    payment: {
      policy: paymentPolicyOf({
        paymentPolicy: row.payment_policy,
        depositType: row.deposit_type,
        depositValue: row.deposit_value,
      }),
      unpaidReleaseMinutes: row.settings.unpaidReleaseMinutes ?? DEFAULT_UNPAID_RELEASE_MINUTES,
    },
    claimsVersion: row.claims_version ?? "0",
  };
}

/** A Stripe Checkout Session lives at least 30 minutes, so an unpaid booking is kept that long by default. */
const DEFAULT_UNPAID_RELEASE_MINUTES = 30;

type WeeklyRow = { owner: "location" | "shift" | "break"; employee_id: number | null } & {
  weekday: number;
  starts_at: string;
  ends_at: string;
};
export type ExceptionRow = {
  employee_id: number | null;
  date: string;
  starts_at: string | null;
  ends_at: string | null;
};
/**
 * A subject's live claims as "start,end,expires,hold,appointment service;..." (epoch ms, 0 for none): a few rows
 * instead of one per claim, with what a request may leave out (expired holds, its own holds, a moved appointment).
 */
type ClaimRow = { employee_id: number | null; resource_id: number | null; claims: string };

/** A live claim as read, before a request leaves out what does not block it. */
interface ReadClaim {
  start: number;
  end: number;
  /** 0: never (an appointment's). */
  expiresAt: number;
  holdId: number;
  appointmentServiceId: number;
}

/** Exceptions grouped by date: a date's rows are its intervals; a row without times closes the date. */
export function exceptionsOf(rows: ExceptionRow[]): DateException[] {
  const byDate = new Map<string, DateException["intervals"][number][]>();
  for (const row of rows) {
    const intervals = byDate.get(row.date) ?? [];
    if (row.starts_at !== null && row.ends_at !== null) {
      intervals.push({ start: hhmm(row.starts_at), end: hhmm(row.ends_at) });
    }
    byDate.set(row.date, intervals);
  }
  return [...byDate].map(([date, intervals]) => ({ date, intervals }));
}

const weekly = (rows: WeeklyRow[]): WeeklyInterval[] =>
  rows.map((row) => ({ weekday: row.weekday as Weekday, start: hhmm(row.starts_at), end: hhmm(row.ends_at) }));

/**
 * The live claims on the location's employees and resources that overlap the range: one branch per subject kind,
 * so each uses its exclusion constraint's GiST index (subject =, during &&). Nothing depends on the request (kept
 * in memory, free-time-cache.ts): expired holds and what a request ignores are left out when used (claimsThatBlock).
 */
function liveClaimsQuery(locationId: number, from: Date, to: Date) {
  const where = sql`c.live and c.during && tstzrange(${from}, ${to})`;
  const claims = sql`string_agg((extract(epoch from lower(c.during)) * 1000)::bigint || ','
    || (extract(epoch from upper(c.during)) * 1000)::bigint || ','
    || coalesce((extract(epoch from c.expires_at) * 1000)::bigint, 0) || ','
    || coalesce(c.hold_id, 0) || ',' || coalesce(c.appointment_service_id, 0), ';') as claims`;
  return sql`select c.employee_id, null::integer as resource_id, ${claims} from booking_claims c
      where c.employee_id = any(array(select id from employees where location_id = ${locationId})) and ${where}
      group by c.employee_id
    union all
    select null, c.resource_id, ${claims} from booking_claims c
      where c.resource_id = any(array(select id from resources where location_id = ${locationId})) and ${where}
      group by c.resource_id`;
}

function parseClaims(rows: ClaimRow[], pick: (row: ClaimRow) => number | null): Map<number, ReadClaim[]> {
  const claims = new Map<number, ReadClaim[]>();
  for (const row of rows) {
    const id = pick(row);
    if (id === null) continue;
    const list = claims.get(id) ?? [];
    for (const claim of row.claims.split(";")) {
      const [start, end, expiresAt, holdId, appointmentServiceId] = claim.split(",").map(Number);
      list.push({
        start: start ?? 0,
        end: end ?? 0,
        expiresAt: expiresAt ?? 0,
        holdId: holdId ?? 0,
        appointmentServiceId: appointmentServiceId ?? 0,
      });
    }
    claims.set(id, list);
  }
  return claims;
}

/** What a request leaves out of the claims: holds it takes over or that are the client's own, a moved appointment. */
interface Ignored {
  holdIds: ReadonlySet<number>;
  appointmentServiceIds: ReadonlySet<number>;
}

/**
 * The holds and appointment services whose claims do not make a time busy for this request: the client's own holds
 * of this service price, the holds it takes over, the appointment it moves. Two small queries, only when asked.
 */
async function ignoredBy(db: Database, context: BookingContext, request: AvailabilityRequest): Promise<Ignored> {
  const [ownHolds, moved] = await Promise.all([
    request.clientId === undefined
      ? []
      : rawRows<{ id: number }>(
          db,
          sql`select id from booking_holds
              where client_id = ${request.clientId} and service_price_id = ${context.servicePriceId}`,
        ),
    request.ignoreAppointmentId === undefined
      ? []
      : rawRows<{ id: number }>(
          db,
          sql`select id from appointment_services where appointment_id = ${request.ignoreAppointmentId}`,
        ),
  ]);
  return {
    holdIds: new Set([...ownHolds.map((row) => row.id), ...(request.ignoreHoldIds ?? [])]),
    appointmentServiceIds: new Set(moved.map((row) => row.id)),
  };
}

/** When the first hold among the claims that is live at `now` expires (Infinity: none). */
function nextExpiry(claims: Map<number, ReadClaim[]>, now: number): number {
  let next = Infinity;
  for (const list of claims.values()) {
    for (const { expiresAt } of list) if (expiresAt > now && expiresAt < next) next = expiresAt;
  }
  return next;
}

/** The busy ranges of each subject at `now`: its claims but expired holds and those the request ignores. */
function claimsThatBlock(claims: Map<number, ReadClaim[]>, now: number, ignored: Ignored) {
  const busy = new Map<number, InstantRange[]>();
  for (const [id, list] of claims) {
    busy.set(
      id,
      list
        .filter(
          (claim) =>
            (claim.expiresAt === 0 || claim.expiresAt > now) &&
            !ignored.holdIds.has(claim.holdId) &&
            !ignored.appointmentServiceIds.has(claim.appointmentServiceId),
        )
        .map(({ start, end }) => ({ start, end })),
    );
  }
  return busy;
}

/** What loadAvailability reads, whoever asks and whenever: kept in memory while the location's claims are unchanged. */
interface AvailabilityRows {
  weeklyRows: WeeklyRow[];
  performers: Array<{ id: number }>;
  exceptionRows: ExceptionRow[];
  timeOffRows: Array<{ employee_id: number; start_ms: string; end_ms: string }>;
  resourceRows: Array<{ id: number | null; kind: string; quantity: number | null }>;
  employeeClaims: Map<number, ReadClaim[]>;
  resourceClaims: Map<number, ReadClaim[]>;
}

/** The six queries of loadAvailability, run together whatever the range or the number of employees. */
async function readAvailabilityRows(
  db: Database,
  context: BookingContext,
  request: AvailabilityRequest,
): Promise<AvailabilityRows> {
  const { locationId, serviceId, timeZone } = context;
  const from = new Date(zonedTimeToEpochMs(addDays(request.dateFrom, -1), "00:00", timeZone));
  const to = new Date(zonedTimeToEpochMs(addDays(request.dateTo, 2), "00:00", timeZone));
  const fromDate = addDays(request.dateFrom, -1);
  const toDate = addDays(request.dateTo, 1);
  const [weeklyRows, performers, exceptionRows, timeOffRows, resourceRows, claimRows] = await Promise.all([
    rawRows<WeeklyRow>(
      db,
      sql`select 'location' as owner, null::integer as employee_id, weekday, opens_at as starts_at, closes_at as ends_at
          from working_hours where location_id = ${locationId}
          union all
          select 'shift', es.employee_id, es.weekday, es.starts_at, es.ends_at
          from employee_shifts es join employees e on e.id = es.employee_id where e.location_id = ${locationId}
          union all
          select 'break', eb.employee_id, eb.weekday, eb.starts_at, eb.ends_at
          from employee_breaks eb join employees e on e.id = eb.employee_id where e.location_id = ${locationId}`,
    ),
    rawRows<{ id: number }>(
      db,
      sql`select e.id from service_employees se join employees e on e.id = se.employee_id
          where se.service_id = ${serviceId} and se.active and e.location_id = ${locationId} order by e.id`,
    ),
    rawRows<ExceptionRow>(
      db,
      sql`select employee_id, to_char(date, 'YYYY-MM-DD') as date, starts_at, ends_at from schedule_exceptions
          where location_id = ${locationId} and date between ${fromDate} and ${toDate}`,
    ),
    rawRows<{ employee_id: number; start_ms: string; end_ms: string }>(
      db,
      sql`select t.employee_id, extract(epoch from t.starts_at) * 1000 as start_ms,
                 extract(epoch from t.ends_at) * 1000 as end_ms
          from employee_time_off t join employees e on e.id = t.employee_id
          where e.location_id = ${locationId} and t.starts_at < ${to} and t.ends_at > ${from}`,
    ),
    rawRows<{ id: number; kind: string; quantity: number | null }>(
      db,
      sql`select r.id, r.kind, n.quantity from resources r
          left join service_resource_needs n on n.resource_kind = r.kind and n.service_id = ${serviceId}
          where r.location_id = ${locationId}
          union all
          select null, n.resource_kind, n.quantity from service_resource_needs n
          where n.service_id = ${serviceId}
            and not exists (select 1 from resources r where r.location_id = ${locationId} and r.kind = n.resource_kind)`,
    ),
    rawRows<ClaimRow>(db, liveClaimsQuery(locationId, from, to)),
  ]);
  return {
    weeklyRows,
    performers,
    exceptionRows,
    timeOffRows,
    resourceRows,
    employeeClaims: parseClaims(claimRows, (row) => row.employee_id),
    resourceClaims: parseClaims(claimRows, (row) => row.resource_id),
  };
}

/**
 * Everything the slot engine needs for one service price at one location over a range of dates: the weekly hours
 * (location, shifts, breaks), who performs the service, the date exceptions and time off, the resources and
 * needs, and the busy claims. Read in six queries run together (readAvailabilityRows), kept in memory while the
 * location's claims keep their version (free-time-cache.ts): one small query then, and two more when the request
 * ignores the client's holds or a moved appointment.
 */
export async function loadAvailability(
  db: Database,
  context: BookingContext,
  request: AvailabilityRequest,
): Promise<LoadedAvailability> {
  const { locationId, timeZone } = context;
  const key = `${context.servicePriceId}:${locationId}:${request.dateFrom}:${request.dateTo}`;
  const [rows, ignored] = await Promise.all([
    keptRead(db, locationId, key, () => readAvailabilityRows(db, context, request), {
      version: request.contextJustRead ? context.claimsVersion : undefined,
    }),
    ignoredBy(db, context, request),
  ]);
  const { weeklyRows, performers, exceptionRows, timeOffRows, resourceRows } = rows;
  const employeeBusy = claimsThatBlock(rows.employeeClaims, request.now, ignored);
  const resourceBusy = claimsThatBlock(rows.resourceClaims, request.now, ignored);

  const of = (owner: WeeklyRow["owner"], employeeId: number | null) =>
    weekly(weeklyRows.filter((row) => row.owner === owner && row.employee_id === employeeId));

  const employees: EmployeeAvailability[] = performers.map(({ id }) => ({
    id: String(id),
    shifts: of("shift", id),
    breaks: of("break", id),
    exceptions: exceptionsOf(exceptionRows.filter((row) => row.employee_id === id)),
    timeOff: timeOffRows
      .filter((row) => row.employee_id === id)
      .map((row) => ({ start: Number(row.start_ms), end: Number(row.end_ms) })),
    busy: employeeBusy.get(id) ?? [],
  }));
  const resourceUnits = resourceRows
    .filter((row): row is typeof row & { id: number } => row.id !== null)
    .map((row) => ({ id: String(row.id), kind: row.kind, busy: resourceBusy.get(row.id) ?? [] }));
  const needs = new Map<string, number>();
  for (const row of resourceRows) if (row.quantity !== null) needs.set(row.kind, row.quantity);

  const ignoresNone = ignored.holdIds.size === 0 && ignored.appointmentServiceIds.size === 0;
  return {
    context,
    resourceUnits,
    ...(ignoresNone
      ? {
          kept: {
            rows,
            changesAt: Math.min(
              nextExpiry(rows.employeeClaims, request.now),
              nextExpiry(rows.resourceClaims, request.now),
            ),
          },
        }
      : {}),
    input: {
      now: request.now,
      rules: context.rules.engine,
      location: {
        timeZone,
        hours: of("location", null),
        exceptions: exceptionsOf(exceptionRows.filter((row) => row.employee_id === null)),
        resources: resourceUnits,
      },
      service: {
        durationMinutes: context.durationMinutes,
        bufferBeforeMinutes: context.rules.bufferBeforeMinutes,
        bufferAfterMinutes: context.rules.bufferAfterMinutes,
        resourceNeeds: [...needs].map(([kind, quantity]) => ({ kind, quantity })),
      },
      employees,
    },
  };
}
