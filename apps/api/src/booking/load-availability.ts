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
import { AppError } from "../http/app-error.ts";
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
}

export interface LoadedAvailability {
  context: BookingContext;
  input: AvailabilityInput;
  /** Resource units by kind, for choosing which units a booking takes. */
  resourceUnits: Array<{ id: string; kind: string; busy: InstantRange[] }>;
}

const hhmm = (time: string) => time.slice(0, 5);

/** One query: what booking this service price at this location means; 404 when the location does not offer it. */
export async function loadBookingContext(
  db: Database,
  servicePriceId: number,
  locationId: number,
): Promise<BookingContext> {
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
    settings: BusinessSettings;
  }>(
    db,
    sql`select l.id as location_id, b.id as business_id, l.time_zone, s.id as service_id, s.name as service_name,
               sp.name as variant_name, sp.duration_minutes, sp.price_minor, sp.currency_code,
               s.buffer_before_minutes, s.buffer_after_minutes, b.settings
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
  };
}

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
/** A subject's busy ranges as "start,end;start,end" in epoch ms: a few rows instead of one per claim. */
type ClaimRow = { employee_id: number | null; resource_id: number | null; ranges: string };

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
 * so each uses its exclusion constraint's GiST index (subject =, during &&). Holds that have expired, the client's
 * own holds and the appointment being moved are left out only when asked, without joins otherwise.
 */
function busyClaimsQuery(context: BookingContext, from: Date, to: Date, request: AvailabilityRequest) {
  const { locationId, servicePriceId } = context;
  const conditions = [
    sql`c.live and c.during && tstzrange(${from}, ${to})`,
    sql`(c.expires_at is null or c.expires_at > ${new Date(request.now)})`,
  ];
  if (request.clientId !== undefined) {
    conditions.push(
      sql`(c.hold_id is null or c.hold_id not in (select id from booking_holds
        where client_id = ${request.clientId} and service_price_id = ${servicePriceId}))`,
    );
  }
  if (request.ignoreAppointmentId !== undefined) {
    conditions.push(sql`(c.appointment_service_id is null or c.appointment_service_id not in
      (select id from appointment_services where appointment_id = ${request.ignoreAppointmentId}))`);
  }
  if (request.ignoreHoldIds?.length) {
    conditions.push(
      sql`(c.hold_id is null or c.hold_id not in (${sql.join(
        request.ignoreHoldIds.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    );
  }
  const where = sql.join(conditions, sql` and `);
  const ranges = sql`string_agg((extract(epoch from lower(c.during)) * 1000)::bigint || ','
    || (extract(epoch from upper(c.during)) * 1000)::bigint, ';') as ranges`;
  return sql`select c.employee_id, null::integer as resource_id, ${ranges} from booking_claims c
      where c.employee_id = any(array(select id from employees where location_id = ${locationId})) and ${where}
      group by c.employee_id
    union all
    select null, c.resource_id, ${ranges} from booking_claims c
      where c.resource_id = any(array(select id from resources where location_id = ${locationId})) and ${where}
      group by c.resource_id`;
}

/**
 * Everything the slot engine needs for one service price at one location over a range of dates, in six queries
 * run together whatever the range or the number of employees (seven with loadBookingContext): the weekly hours
 * (location, shifts, breaks), who performs the service, the date exceptions and time off, the resources and
 * needs, and the busy claims.
 */
export async function loadAvailability(
  db: Database,
  context: BookingContext,
  request: AvailabilityRequest,
): Promise<LoadedAvailability> {
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
    rawRows<ClaimRow>(db, busyClaimsQuery(context, from, to, request)),
  ]);

  const busyOf = (pick: (row: ClaimRow) => number | null) => {
    const busy = new Map<number, InstantRange[]>();
    for (const row of claimRows) {
      const id = pick(row);
      if (id === null) continue;
      const list = busy.get(id) ?? [];
      for (const range of row.ranges.split(";")) {
        const comma = range.indexOf(",");
        list.push({ start: Number(range.slice(0, comma)), end: Number(range.slice(comma + 1)) });
      }
      busy.set(id, list);
    }
    return busy;
  };
  const employeeBusy = busyOf((row) => row.employee_id);
  const resourceBusy = busyOf((row) => row.resource_id);
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

  return {
    context,
    resourceUnits,
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
