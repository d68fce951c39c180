import { sql, type SQL } from "drizzle-orm";
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
  ResourceUnit,
  Weekday,
  WeeklyInterval,
} from "@termin/domain/booking/types";
import { bookingRulesOf } from "./booking-rules.ts";
import { exceptionsOf } from "./load-availability.ts";

// "Free on": which of many locations have a free time on a local date (in each location's own zone), in one part
// of the day or any (docs/decisions/0027-search-free-on.md). Two queries read what the slot engine needs for all
// the candidates at once, packed as one row per location and one per employee working in the window; the engine
// then decides location by location.

/** A local date and part of the day, as the search asks for them. */
export interface FreeOnQuery {
  date: LocalDate;
  part?: PartOfDay | undefined;
}

/** [weekday, "HH:MM:SS", "HH:MM:SS"] of a weekly interval, as json_build_array writes it. */
type WeeklyJson = [number, string, string];
/** [employee id or null, "YYYY-MM-DD", start or null, end or null] of a schedule exception. */
type ExceptionJson = [number | null, string, string | null, string | null];
/** [start ms, end ms]. */
type InstantJson = [number, number];
/** [shortest duration, buffer before, buffer after, [[kind, quantity]...]]: what booking a service takes. */
type ShapeJson = [number, number, number, Array<[string, number]>];

interface LocationRow {
  id: number;
  time_zone: string;
  settings: BusinessSettings;
  /** JSON texts: WeeklyJson[], ExceptionJson[], [id, kind, InstantJson[]][]. */
  hours: string;
  exceptions: string;
  resources: string;
}

interface EmployeeRow {
  id: number;
  location_id: number;
  /** JSON texts: WeeklyJson[], WeeklyJson[], InstantJson[], InstantJson[], ShapeJson[]. */
  shifts: string;
  breaks: string;
  time_off: string;
  busy: string;
  shapes: string;
}

const json = <T>(text: string): T => JSON.parse(text) as T;
const hhmm = (time: string) => time.slice(0, 5);
const weeklyOf = (rows: WeeklyJson[]): WeeklyInterval[] =>
  rows.map(([weekday, start, end]) => ({ weekday: weekday as Weekday, start: hhmm(start), end: hhmm(end) }));
const rangesOf = (rows: InstantJson[]): InstantRange[] => rows.map(([start, end]) => ({ start, end }));

/** A JSON array of the rows of a subquery, '[]' for none, as text (both drivers hand text over untouched). */
const jsonList = (element: SQL, from: SQL) => sql`coalesce((select json_agg(${element}) ${from}), '[]')::text`;

/**
 * What the slot engine needs about the candidates on one date, in two queries run together.
 * Per location: zone, business settings, opening hours of the weekdays a start on the date can reach (that day and
 * the two after, for a service running past midnight, as the engine reads them), date exceptions, and resource
 * units with their busy claims. Per employee of a candidate who works in the window that day (their exception for
 * the date, else a weekly shift overlapping it: nobody else can start a service then): shifts and breaks of those
 * weekdays, time off, busy claims, and the kinds of service they perform (each service's shortest price, buffers
 * and resource needs). Busy time and time off are read two days either side of the date in UTC, wider than any
 * zone; expired holds are left out.
 */
async function loadCandidates(db: Database, locationIds: readonly number[], query: FreeOnQuery, now: number) {
  const ids = sql`${`{${locationIds.join(",")}}`}::integer[]`;
  const { date } = query;
  const { from: windowFrom, to: windowTo } = windowOf(query.part);
  const weekdays = sql`${`{${[0, 1, 2].map((days) => weekdayOf(addDays(date, days))).join(",")}}`}::smallint[]`;
  const midnight = (parseLocalDate(date) ?? 0) * DAY_MS;
  const around = sql`tstzrange(${new Date(midnight - 2 * DAY_MS)}, ${new Date(midnight + 4 * DAY_MS)})`;
  const claims = (owner: SQL) =>
    jsonList(
      sql`json_build_array(extract(epoch from lower(c.during)) * 1000, extract(epoch from upper(c.during)) * 1000)`,
      sql`from booking_claims c where ${owner} and c.live and c.during && ${around}
          and (c.expires_at is null or c.expires_at > ${new Date(now)})`,
    );
  const overlapsWindow = (alias: string) =>
    sql`${sql.raw(alias)}.starts_at < ${windowTo}::time and ${sql.raw(alias)}.ends_at > ${windowFrom}::time`;
  const exceptionOfDay = sql`select 1 from schedule_exceptions x
    where x.location_id = e.location_id and x.employee_id = e.id and x.date = ${date}::date`;
  const needs = sql`coalesce((select jsonb_agg(jsonb_build_array(n.resource_kind, n.quantity) order by n.resource_kind)
    from service_resource_needs n where n.service_id = s.id and n.quantity > 0), '[]')`;

  return Promise.all([
    rawRows<LocationRow>(
      db,
      sql`select l.id, l.time_zone, b.settings,
            ${jsonList(
              sql`json_build_array(h.weekday, h.opens_at, h.closes_at)`,
              sql`from working_hours h where h.location_id = l.id and h.weekday = any(${weekdays})`,
            )} as hours,
            ${jsonList(
              sql`json_build_array(x.employee_id, to_char(x.date, 'YYYY-MM-DD'), x.starts_at, x.ends_at)`,
              sql`from schedule_exceptions x where x.location_id = l.id
                  and x.date between ${date}::date and ${addDays(date, 2)}::date`,
            )} as exceptions,
            ${jsonList(
              sql`json_build_array(r.id, r.kind, ${claims(sql`c.resource_id = r.id`)}::json)`,
              sql`from resources r where r.location_id = l.id`,
            )} as resources
          from locations l join businesses b on b.id = l.business_id
          where l.id = any(${ids})`,
    ),
    rawRows<EmployeeRow>(
      db,
      sql`select e.id, e.location_id,
            ${jsonList(
              sql`json_build_array(h.weekday, h.starts_at, h.ends_at)`,
              sql`from employee_shifts h where h.employee_id = e.id and h.weekday = any(${weekdays})`,
            )} as shifts,
            ${jsonList(
              sql`json_build_array(h.weekday, h.starts_at, h.ends_at)`,
              sql`from employee_breaks h where h.employee_id = e.id and h.weekday = any(${weekdays})`,
            )} as breaks,
            ${jsonList(
              sql`json_build_array(extract(epoch from t.starts_at) * 1000, extract(epoch from t.ends_at) * 1000)`,
              sql`from employee_time_off t
                  where t.employee_id = e.id and t.starts_at < upper(${around}) and t.ends_at > lower(${around})`,
            )} as time_off,
            ${claims(sql`c.employee_id = e.id`)} as busy,
            coalesce((select jsonb_agg(distinct jsonb_build_array(p.duration_minutes, s.buffer_before_minutes,
                                                                  s.buffer_after_minutes, ${needs}))
                      from service_employees se
                      join services s on s.id = se.service_id and s.business_id = l.business_id
                      join lateral (select min(sp.duration_minutes) as duration_minutes from service_prices sp
                                    where sp.service_id = s.id) p on p.duration_minutes is not null
                      where se.employee_id = e.id and se.active), '[]')::text as shapes
          from employees e join locations l on l.id = e.location_id
          where e.location_id = any(${ids})
            and case when exists (${exceptionOfDay})
                  then exists (${exceptionOfDay} and ${overlapsWindow("x")})
                  else exists (select 1 from employee_shifts h
                               where h.employee_id = e.id and h.weekday = ${weekdayOf(date)} and ${overlapsWindow("h")})
                end`,
    ),
  ]);
}

interface Shape {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  resourceNeeds: ResourceNeed[];
}

const shapeOf = ([duration, before, after, needs]: ShapeJson): Shape => ({
  durationMinutes: duration,
  bufferBeforeMinutes: before,
  bufferAfterMinutes: after,
  resourceNeeds: needs.map(([kind, quantity]) => ({ kind, quantity })),
});

/**
 * Whether a free start of `b` is always one of `a` too, for the same employee: no longer, no larger buffers, and
 * needing no more of any resource. Then `b` need not be checked for that employee.
 */
function covers(a: Shape, b: Shape): boolean {
  return (
    a.durationMinutes <= b.durationMinutes &&
    a.bufferBeforeMinutes <= b.bufferBeforeMinutes &&
    a.bufferAfterMinutes <= b.bufferAfterMinutes &&
    a.resourceNeeds.every((need) =>
      b.resourceNeeds.some((other) => other.kind === need.kind && other.quantity >= need.quantity),
    )
  );
}

/** An employee's kinds of service less those another of theirs covers (of two equal ones, the first stays). */
function uncovered(shapes: Shape[]): Shape[] {
  return shapes.filter((shape, index) =>
    shapes.every((other, j) => j === index || !covers(other, shape) || (covers(shape, other) && index < j)),
  );
}

/** The engine's input for one location, one per kind of service: shortest and resource-free first. */
function inputsOf(
  location: LocationRow,
  employees: EmployeeRow[],
  rules: AvailabilityInput["rules"],
  now: number,
): AvailabilityInput[] {
  const exceptions = json<ExceptionJson[]>(location.exceptions).map(([employeeId, date, start, end]) => ({
    employee_id: employeeId,
    date,
    starts_at: start,
    ends_at: end,
  }));
  const resources: ResourceUnit[] = json<Array<[number, string, InstantJson[]]>>(location.resources).map(
    ([id, kind, busy]) => ({ id: String(id), kind, busy: rangesOf(busy) }),
  );
  const place = {
    timeZone: location.time_zone,
    hours: weeklyOf(json<WeeklyJson[]>(location.hours)),
    exceptions: exceptionsOf(exceptions.filter((row) => row.employee_id === null)),
    resources,
  };
  // Kinds of service by what booking them takes, each with every working employee it is worth checking for.
  const byShape = new Map<string, { shape: Shape; employees: EmployeeAvailability[] }>();
  for (const row of employees) {
    const employee: EmployeeAvailability = {
      id: String(row.id),
      shifts: weeklyOf(json<WeeklyJson[]>(row.shifts)),
      breaks: weeklyOf(json<WeeklyJson[]>(row.breaks)),
      exceptions: exceptionsOf(exceptions.filter((each) => each.employee_id === row.id)),
      timeOff: rangesOf(json<InstantJson[]>(row.time_off)),
      busy: rangesOf(json<InstantJson[]>(row.busy)),
    };
    for (const shape of uncovered(json<ShapeJson[]>(row.shapes).map(shapeOf))) {
      const key = JSON.stringify(shape);
      const entry = byShape.get(key) ?? { shape, employees: [] };
      entry.employees.push(employee);
      byShape.set(key, entry);
    }
  }
  return [...byShape.values()]
    .sort(
      (a, b) =>
        a.shape.durationMinutes - b.shape.durationMinutes ||
        a.shape.resourceNeeds.length - b.shape.resourceNeeds.length,
    )
    .map(({ shape, employees: performers }) => ({
      now,
      rules,
      location: place,
      service: shape,
      employees: performers,
    }));
}

/**
 * The locations among `locationIds` with a free time on the date (each in its own zone), in the part of the day
 * or any: the slot engine over each kind of service in turn, any employee, until one has a start there. Two
 * queries whatever the number of locations; a location nobody works at in the window is never given to the engine.
 */
export async function locationsFreeOn(
  db: Database,
  locationIds: readonly number[],
  query: FreeOnQuery,
  now: number,
): Promise<Set<number>> {
  const free = new Set<number>();
  if (locationIds.length === 0) return free;
  const [locations, employees] = await loadCandidates(db, locationIds, query, now);
  const working = new Map<number, EmployeeRow[]>();
  for (const row of employees) {
    const list = working.get(row.location_id) ?? [];
    list.push(row);
    working.set(row.location_id, list);
  }
  for (const location of locations) {
    const rules = bookingRulesOf(location.settings, 0, 0);
    const staff = working.get(location.id);
    if (!rules.onlineBooking || !staff) continue;
    if (isFreeOn(inputsOf(location, staff, rules.engine, now), query.date, query.part)) free.add(location.id);
  }
  return free;
}
