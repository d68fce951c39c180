import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { BusinessSettings } from "@termin/db/business-settings";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { addDays, DAY_MS, parseLocalDate, weekdayOf } from "@termin/domain/booking/calendar";
import { isFreeOn, windowOf } from "@termin/domain/booking/free-on";
import type { PartOfDay } from "@termin/domain/booking/part-of-day";
import type {
  AvailabilityInput,
  EmployeeAvailability,
  InstantRange,
  LocalDate,
  ResourceNeed,
} from "@termin/domain/booking/types";
import { bookingRulesOf } from "./booking-rules.ts";
import { exceptionsOf, weekly, type ExceptionRow, type WeeklyRow } from "./load-availability.ts";

// "Free on": which of many locations have a free time on a local date (in each location's own zone), in one part
// of the day or any (docs/decisions/0027-search-free-on.md). A cheap SQL condition narrows the candidates to places
// open then with someone working then; the slot engine decides over data read for all candidates at once, in seven
// queries whatever their number.

/** A local date and part of the day, as the search asks for them. */
export interface FreeOnQuery {
  date: LocalDate;
  part?: PartOfDay | undefined;
}

/** The date, its weekday and the wall-clock window of the part ("HH:MM", [from, to)). */
function dayWindow({ date, part }: FreeOnQuery) {
  return { date, weekday: weekdayOf(date), ...windowOf(part) };
}

/**
 * Whether a location may be free in the window, as an SQL condition on its id and business id columns: online
 * booking not switched off, doors open then (weekly hours, or an exception of that date) and an employee working
 * then (weekly shifts, or an exception of that date). A superset, never the answer: exceptions that close a day,
 * breaks, time off, bookings, resources, who performs what, lead time and horizon are the slot engine's. Plain
 * EXISTS of index lookups, so the planner checks it row by row and an ordered index can still stop early.
 */
export function mayBeFreeOn(locationId: SQLWrapper, businessId: SQLWrapper, query: FreeOnQuery): SQL {
  const { date, weekday, from, to } = dayWindow(query);
  // A start in the window needs the doors open and the employee working at it: an interval overlapping it.
  const overlaps = (start: string, end: string) =>
    sql`${sql.raw(start)} < ${to}::time and ${sql.raw(end)} > ${from}::time`;
  const exceptionsOfDate = (who: SQL) => sql`select 1 from schedule_exceptions x
    where x.location_id = ${locationId} and x.date = ${date}::date and ${who} and ${overlaps("x.starts_at", "x.ends_at")}`;
  return sql`(not exists (select 1 from businesses b
                where b.id = ${businessId} and b.settings -> 'onlineBooking' = 'false'::jsonb)
    and exists (select 1 from working_hours h
                where h.location_id = ${locationId} and h.weekday = ${weekday} and ${overlaps("h.opens_at", "h.closes_at")}
                union all ${exceptionsOfDate(sql`x.employee_id is null`)})
    and exists (select 1 from employees e join employee_shifts h on h.employee_id = e.id
                where e.location_id = ${locationId} and h.weekday = ${weekday} and ${overlaps("h.starts_at", "h.ends_at")}
                union all ${exceptionsOfDate(sql`x.employee_id is not null`)}))`;
}

type ContextRow = { id: number; time_zone: string; settings: BusinessSettings };
type LocatedWeeklyRow = WeeklyRow & { location_id: number };
type LocatedExceptionRow = ExceptionRow & { location_id: number };
type InstantRow = { start_ms: string; end_ms: string };
type ShapeRow = {
  location_id: number;
  duration_minutes: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  /** Ids of the location's employees who perform the service, comma-separated. */
  performers: string;
  /** JSON array of { kind, quantity }, or null. */
  needs: string | null;
};

/** Push into the list a map keeps under a key. */
function groupInto<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const range = (row: InstantRow): InstantRange => ({ start: Number(row.start_ms), end: Number(row.end_ms) });

/**
 * Everything the slot engine needs about the candidates on one date, in seven queries run together: the
 * locations' zones and rules, the weekly hours, shifts and breaks of the weekdays a start on the date can reach
 * (that day and the two after: a service running past midnight, as the engine reads them), the date exceptions,
 * time off, the kinds of service (one per service: its shortest price, its performers and needs), the resource
 * units and the busy claims. Busy time and time off are read two days either side in UTC, wider than any zone.
 */
async function loadCandidates(db: Database, locationIds: number[], query: FreeOnQuery, now: number) {
  const ids = `{${locationIds.join(",")}}`;
  const weekdays = `{${[0, 1, 2].map((days) => weekdayOf(addDays(query.date, days))).join(",")}}`;
  const midnight = (parseLocalDate(query.date) ?? 0) * DAY_MS;
  const from = new Date(midnight - 2 * DAY_MS);
  const to = new Date(midnight + 4 * DAY_MS);
  const ofLocations = sql`= any(${ids}::integer[])`;
  return Promise.all([
    rawRows<ContextRow>(
      db,
      sql`select l.id, l.time_zone, b.settings from locations l join businesses b on b.id = l.business_id
          where l.id ${ofLocations}`,
    ),
    rawRows<LocatedWeeklyRow>(
      db,
      sql`select 'location' as owner, location_id, null::integer as employee_id, weekday, opens_at as starts_at,
                 closes_at as ends_at
          from working_hours where location_id ${ofLocations} and weekday = any(${weekdays}::smallint[])
          union all
          select 'shift', e.location_id, es.employee_id, es.weekday, es.starts_at, es.ends_at
          from employee_shifts es join employees e on e.id = es.employee_id
          where e.location_id ${ofLocations} and es.weekday = any(${weekdays}::smallint[])
          union all
          select 'break', e.location_id, eb.employee_id, eb.weekday, eb.starts_at, eb.ends_at
          from employee_breaks eb join employees e on e.id = eb.employee_id
          where e.location_id ${ofLocations} and eb.weekday = any(${weekdays}::smallint[])`,
    ),
    rawRows<LocatedExceptionRow>(
      db,
      sql`select location_id, employee_id, to_char(date, 'YYYY-MM-DD') as date, starts_at, ends_at
          from schedule_exceptions
          where location_id ${ofLocations} and date between ${query.date}::date and ${addDays(query.date, 2)}::date`,
    ),
    rawRows<InstantRow & { employee_id: number }>(
      db,
      sql`select t.employee_id, extract(epoch from t.starts_at) * 1000 as start_ms,
                 extract(epoch from t.ends_at) * 1000 as end_ms
          from employee_time_off t join employees e on e.id = t.employee_id
          where e.location_id ${ofLocations} and t.starts_at < ${to} and t.ends_at > ${from}`,
    ),
    rawRows<ShapeRow>(
      db,
      sql`select distinct * from (
            select l.id as location_id, p.duration_minutes, s.buffer_before_minutes, s.buffer_after_minutes,
              (select string_agg(se.employee_id::text, ',' order by se.employee_id)
               from service_employees se join employees e on e.id = se.employee_id
               where se.service_id = s.id and se.active and e.location_id = l.id) as performers,
              (select json_agg(json_build_object('kind', n.resource_kind, 'quantity', n.quantity)
                               order by n.resource_kind)::text
               from service_resource_needs n where n.service_id = s.id and n.quantity > 0) as needs
            from locations l
            join services s on s.business_id = l.business_id
            join lateral (select min(sp.duration_minutes) as duration_minutes from service_prices sp
                          where sp.service_id = s.id) p on p.duration_minutes is not null
            where l.id ${ofLocations}) shapes
          where performers is not null`,
    ),
    rawRows<{ id: number; location_id: number; kind: string }>(
      db,
      sql`select id, location_id, kind from resources where location_id ${ofLocations}`,
    ),
    rawRows<InstantRow & { employee_id: number | null; resource_id: number | null }>(
      db,
      sql`select c.employee_id, c.resource_id, extract(epoch from lower(c.during)) * 1000 as start_ms,
                 extract(epoch from upper(c.during)) * 1000 as end_ms
          from booking_claims c
          where c.live and c.during && tstzrange(${from}, ${to})
            and (c.expires_at is null or c.expires_at > ${new Date(now)})
            and (c.employee_id in (select id from employees where location_id ${ofLocations})
                 or c.resource_id in (select id from resources where location_id ${ofLocations}))`,
    ),
  ]);
}

/**
 * The locations among `locationIds` with a free time on the date (each in its own zone), in the part of the day
 * or any: for each location, the slot engine over each kind of service in turn (shortest first), any employee,
 * until one has a start there. Seven queries whatever the number of locations.
 */
export async function locationsFreeOn(
  db: Database,
  locationIds: readonly number[],
  query: FreeOnQuery,
  now: number,
): Promise<Set<number>> {
  const free = new Set<number>();
  if (locationIds.length === 0) return free;
  const [contexts, weeklyRows, exceptionRows, timeOffRows, shapeRows, resourceRows, claimRows] = await loadCandidates(
    db,
    [...locationIds],
    query,
    now,
  );

  const weeklyByLocation = new Map<number, LocatedWeeklyRow[]>();
  for (const row of weeklyRows) groupInto(weeklyByLocation, row.location_id, row);
  const exceptionsByLocation = new Map<number, LocatedExceptionRow[]>();
  for (const row of exceptionRows) groupInto(exceptionsByLocation, row.location_id, row);
  const timeOff = new Map<number, InstantRange[]>();
  for (const row of timeOffRows) groupInto(timeOff, row.employee_id, range(row));
  const employeeBusy = new Map<number, InstantRange[]>();
  const resourceBusy = new Map<number, InstantRange[]>();
  for (const row of claimRows) {
    if (row.employee_id !== null) groupInto(employeeBusy, row.employee_id, range(row));
    if (row.resource_id !== null) groupInto(resourceBusy, row.resource_id, range(row));
  }
  const resourcesByLocation = new Map<number, Array<{ id: string; kind: string; busy: InstantRange[] }>>();
  for (const row of resourceRows) {
    const unit = { id: String(row.id), kind: row.kind, busy: resourceBusy.get(row.id) ?? [] };
    groupInto(resourcesByLocation, row.location_id, unit);
  }
  const shapesByLocation = new Map<number, ShapeRow[]>();
  for (const row of shapeRows) groupInto(shapesByLocation, row.location_id, row);

  for (const context of contexts) {
    const rules = bookingRulesOf(context.settings, 0, 0);
    const shapes = shapesByLocation.get(context.id);
    if (!rules.onlineBooking || !shapes) continue;
    const weeklyOf = weeklyByLocation.get(context.id) ?? [];
    const exceptions = exceptionsByLocation.get(context.id) ?? [];
    const of = (owner: WeeklyRow["owner"], employeeId: number | null) =>
      weekly(weeklyOf.filter((row) => row.owner === owner && row.employee_id === employeeId));
    const employees = new Map<string, EmployeeAvailability>();
    const employee = (id: string): EmployeeAvailability => {
      const known = employees.get(id);
      if (known) return known;
      const number = Number(id);
      const built = {
        id,
        shifts: of("shift", number),
        breaks: of("break", number),
        exceptions: exceptionsOf(exceptions.filter((row) => row.employee_id === number)),
        timeOff: timeOff.get(number) ?? [],
        busy: employeeBusy.get(number) ?? [],
      };
      employees.set(id, built);
      return built;
    };
    const location = {
      timeZone: context.time_zone,
      hours: of("location", null),
      exceptions: exceptionsOf(exceptions.filter((row) => row.employee_id === null)),
      resources: resourcesByLocation.get(context.id) ?? [],
    };
    // Short services without resources first: the likeliest to fit, so most places stop at the first.
    const ordered = [...shapes].sort(
      (a, b) => a.duration_minutes - b.duration_minutes || Number(a.needs !== null) - Number(b.needs !== null),
    );
    const inputs = function* (): Generator<AvailabilityInput> {
      for (const shape of ordered) {
        yield {
          now,
          rules: rules.engine,
          location,
          service: {
            durationMinutes: shape.duration_minutes,
            bufferBeforeMinutes: shape.buffer_before_minutes,
            bufferAfterMinutes: shape.buffer_after_minutes,
            resourceNeeds: shape.needs === null ? [] : (JSON.parse(shape.needs) as ResourceNeed[]),
          },
          employees: shape.performers.split(",").map(employee),
        };
      }
    };
    if (isFreeOn(inputs(), query.date, query.part)) free.add(context.id);
  }
  return free;
}
