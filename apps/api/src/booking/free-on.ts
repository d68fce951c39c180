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
  Weekday,
  WeeklyInterval,
} from "@termin/domain/booking/types";
import { bookingRulesOf } from "./booking-rules.ts";
import { exceptionsOf, type ExceptionRow } from "./load-availability.ts";

// "Free on": which of many locations have a free time on a local date (in each location's own zone), in one part
// of the day or any (docs/decisions/0027-search-free-on.md). Three queries read what the slot engine needs for all
// the candidates at once; the engine then decides location by location.

/** A local date and part of the day, as the search asks for them. */
export interface FreeOnQuery {
  date: LocalDate;
  part?: PartOfDay | undefined;
}

// The lists come packed in text, one row per location, employee or business: building JSON cost PGlite three
// times as much. Items are separated by "/", their fields by "~"; resource kinds (free text) travel hex-encoded.

/** The items of a packed list, each split into its fields. */
const unpack = (text: string | null): string[][] => (text ? text.split("/").map((item) => item.split("~")) : []);

/** A packed list of a subquery's rows: `fields` joined by "~", rows by "/". */
const packed = (fields: SQL[], from: SQL) =>
  sql`(select string_agg(${sql.join(fields, sql` || '~' || `)}, '/') ${from})`;

const epochMs = (instant: SQL) => sql`(extract(epoch from ${instant}) * 1000)`;
const hex = (text: SQL) => sql`encode(convert_to(${text}, 'UTF8'), 'hex')`;

interface LocationRow {
  id: number;
  business_id: number;
  time_zone: string;
  settings: BusinessSettings;
  /** weekday~opens~closes; employee id or ""~date~start or ""~end or ""; id~kind~busy (start!end joined by "^"). */
  hours: string | null;
  exceptions: string | null;
  resources: string | null;
}

interface EmployeeRow {
  id: number;
  location_id: number;
  /** weekday~start~end; the same; start ms~end ms; the same; service ids. */
  shifts: string | null;
  breaks: string | null;
  time_off: string | null;
  busy: string | null;
  performs: string | null;
}

interface BusinessRow {
  business_id: number;
  /** service id~shortest duration~buffer before~buffer after~needs, needs as quantity*kind joined by "+". */
  services: string;
}

/**
 * What the slot engine needs about the candidates on one date, in three queries run together.
 * - Locations: zone, business settings, opening hours of the weekdays a start on the date can reach (that day and
 *   the two after, for a service running past midnight, as the engine reads them), date exceptions, resource units
 *   and their busy claims.
 * - Employees of a candidate who work in the window that day (their exception for the date, else a weekly shift
 *   overlapping it: nobody else can start a service then): shifts and breaks of those weekdays, time off, busy
 *   claims, the services they perform.
 * - Businesses: each service's shortest price, buffers and resource needs.
 * Busy time and time off are read two days either side of the date in UTC, wider than any zone; expired holds
 * are left out.
 */
async function loadCandidates(db: Database, locationIds: readonly number[], query: FreeOnQuery, now: number) {
  const ids = sql`${`{${locationIds.join(",")}}`}::integer[]`;
  const { date } = query;
  const { from: windowFrom, to: windowTo } = windowOf(query.part);
  const weekdays = sql`${`{${[0, 1, 2].map((days) => weekdayOf(addDays(date, days))).join(",")}}`}::smallint[]`;
  const midnight = (parseLocalDate(date) ?? 0) * DAY_MS;
  const [from, to] = [new Date(midnight - 2 * DAY_MS), new Date(midnight + 4 * DAY_MS)];
  const liveClaims = sql`c.live and c.during && tstzrange(${from}, ${to})
    and (c.expires_at is null or c.expires_at > ${new Date(now)})`;
  const during = [epochMs(sql`lower(c.during)`), epochMs(sql`upper(c.during)`)];
  const weekly = (table: string, owner: SQL) =>
    packed(
      [sql`h.weekday`, sql`h.starts_at`, sql`h.ends_at`],
      sql`from ${sql.raw(table)} h where ${owner} and h.weekday = any(${weekdays})`,
    );
  const overlapsWindow = (alias: string) =>
    sql`${sql.raw(alias)}.starts_at < ${windowTo}::time and ${sql.raw(alias)}.ends_at > ${windowFrom}::time`;
  // "offset 0" keeps each check a lookup per employee: hashed, PostgreSQL would read every shift of the week.
  const exceptionOfDay = sql`select 1 from schedule_exceptions x
    where x.location_id = e.location_id and x.employee_id = e.id and x.date = ${date}::date`;

  return Promise.all([
    rawRows<LocationRow>(
      db,
      sql`select l.id, l.business_id, l.time_zone, b.settings,
            ${packed(
              [sql`h.weekday`, sql`h.opens_at`, sql`h.closes_at`],
              sql`from working_hours h where h.location_id = l.id and h.weekday = any(${weekdays})`,
            )} as hours,
            ${packed(
              [
                sql`coalesce(x.employee_id::text, '')`,
                sql`to_char(x.date, 'YYYY-MM-DD')`,
                sql`coalesce(x.starts_at::text, '')`,
                sql`coalesce(x.ends_at::text, '')`,
              ],
              sql`from schedule_exceptions x
                  where x.location_id = l.id and x.date between ${date}::date and ${addDays(date, 2)}::date`,
            )} as exceptions,
            ${packed(
              [
                sql`r.id`,
                hex(sql`r.kind`),
                sql`coalesce((select string_agg(${sql.join(during, sql` || '!' || `)}, '^')
                              from booking_claims c where c.resource_id = r.id and ${liveClaims}), '')`,
              ],
              sql`from resources r where r.location_id = l.id`,
            )} as resources
          from locations l join businesses b on b.id = l.business_id
          where l.id = any(${ids})`,
    ),
    rawRows<EmployeeRow>(
      db,
      sql`select e.id, e.location_id,
            ${weekly("employee_shifts", sql`h.employee_id = e.id`)} as shifts,
            ${weekly("employee_breaks", sql`h.employee_id = e.id`)} as breaks,
            ${packed(
              [epochMs(sql`t.starts_at`), epochMs(sql`t.ends_at`)],
              sql`from employee_time_off t where t.employee_id = e.id and t.starts_at < ${to} and t.ends_at > ${from}`,
            )} as time_off,
            ${packed(during, sql`from booking_claims c where c.employee_id = e.id and ${liveClaims}`)} as busy,
            (select string_agg(se.service_id::text, '/') from service_employees se
             where se.employee_id = e.id and se.active) as performs
          from employees e
          where e.location_id = any(${ids})
            and case when exists (${exceptionOfDay} offset 0)
                  then exists (${exceptionOfDay} and ${overlapsWindow("x")} offset 0)
                  else exists (select 1 from employee_shifts h
                               where h.employee_id = e.id and h.weekday = ${weekdayOf(date)} and ${overlapsWindow("h")}
                               offset 0)
                end`,
    ),
    rawRows<BusinessRow>(
      db,
      sql`select s.business_id,
            string_agg(concat_ws('~', s.id, p.duration_minutes, s.buffer_before_minutes, s.buffer_after_minutes,
              (select string_agg(n.quantity || '*' || ${hex(sql`n.resource_kind`)}, '+')
               from service_resource_needs n where n.service_id = s.id and n.quantity > 0)), '/') as services
          from services s
          join lateral (select min(sp.duration_minutes) as duration_minutes from service_prices sp
                        where sp.service_id = s.id) p on p.duration_minutes is not null
          where s.business_id in (select business_id from locations where id = any(${ids}))
          group by s.business_id`,
    ),
  ]);
}

/** What booking a service takes. */
interface Shape {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  resourceNeeds: ResourceNeed[];
}

const hhmm = (time: string | undefined) => (time ?? "").slice(0, 5);
const weeklyOf = (text: string | null): WeeklyInterval[] =>
  unpack(text).map(([weekday, start, end]) => ({
    weekday: Number(weekday) as Weekday,
    start: hhmm(start),
    end: hhmm(end),
  }));
const rangesOf = (text: string | null): InstantRange[] =>
  unpack(text).map(([start, end]) => ({ start: Number(start), end: Number(end) }));
const exceptionRowsOf = (text: string | null): ExceptionRow[] =>
  unpack(text).map(([employee, date, start, end]) => ({
    employee_id: employee ? Number(employee) : null,
    date: date ?? "",
    starts_at: start || null,
    ends_at: end || null,
  }));

/** A business's services by id: each service's shortest price, buffers and needs. */
function menuOf(text: string): Map<number, Shape> {
  return new Map(
    unpack(text).map(([id, duration, before, after, needs]) => [
      Number(id),
      {
        durationMinutes: Number(duration),
        bufferBeforeMinutes: Number(before),
        bufferAfterMinutes: Number(after),
        resourceNeeds: (needs ? needs.split("+") : []).map((need) => {
          const [quantity, kind] = need.split("*");
          return { kind: kind ?? "", quantity: Number(quantity) };
        }),
      },
    ]),
  );
}

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

/** Shapes less those another of them covers (of equal ones, the first stays). */
function uncovered(shapes: Shape[]): Shape[] {
  return shapes.filter((shape, index) =>
    shapes.every((other, j) => j === index || !covers(other, shape) || (covers(shape, other) && index < j)),
  );
}

/**
 * The engine's inputs for one location, one per kind of service (what booking it takes), each with every working
 * employee it is worth checking for; shortest and resource-free first, the likeliest to fit.
 */
function inputsOf(
  location: LocationRow,
  employees: EmployeeRow[],
  /** The business's services (a location offers its business's whole menu). */
  menu: Map<number, Shape>,
  rules: AvailabilityInput["rules"],
  now: number,
): AvailabilityInput[] {
  const exceptions = exceptionRowsOf(location.exceptions);
  const place = {
    timeZone: location.time_zone,
    hours: weeklyOf(location.hours),
    exceptions: exceptionsOf(exceptions.filter((row) => row.employee_id === null)),
    resources: unpack(location.resources).map(([id = "", kind = "", busy]) => ({
      id,
      kind,
      busy: (busy ? busy.split("^") : []).map((pair) => {
        const [start, end] = pair.split("!");
        return { start: Number(start), end: Number(end) };
      }),
    })),
  };
  const byShape = new Map<string, { shape: Shape; employees: EmployeeAvailability[] }>();
  for (const row of employees) {
    const performed = unpack(row.performs).flatMap(([id]) => menu.get(Number(id)) ?? []);
    if (performed.length === 0) continue;
    const employee: EmployeeAvailability = {
      id: String(row.id),
      shifts: weeklyOf(row.shifts),
      breaks: weeklyOf(row.breaks),
      exceptions: exceptionsOf(exceptions.filter((each) => each.employee_id === row.id)),
      timeOff: rangesOf(row.time_off),
      busy: rangesOf(row.busy),
    };
    for (const shape of uncovered(performed)) {
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
 * or any: the slot engine over each kind of service in turn, any employee, until one has a start there. Three
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
  const [locations, employees, businesses] = await loadCandidates(db, locationIds, query, now);
  const menus = new Map(businesses.map((row) => [row.business_id, menuOf(row.services)]));
  const working = new Map<number, EmployeeRow[]>();
  for (const row of employees) working.set(row.location_id, [...(working.get(row.location_id) ?? []), row]);
  for (const location of locations) {
    const rules = bookingRulesOf(location.settings, 0, 0);
    const staff = working.get(location.id);
    const menu = menus.get(location.business_id);
    if (!rules.onlineBooking || !staff || !menu) continue;
    if (isFreeOn(inputsOf(location, staff, menu, rules.engine, now), query.date, query.part)) free.add(location.id);
  }
  return free;
}
