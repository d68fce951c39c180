import { sql, type SQL } from "drizzle-orm";
import { siteBusinessId, type Site } from "@termin/contracts/site";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { addDays, parseLocalDate } from "@termin/domain/booking/calendar";
import { localMomentAt } from "@termin/domain/booking/local-time";
import type { LocalDate } from "@termin/domain/booking/types";
import { AppError } from "../http/app-error.ts";

/** The longest range of dates one request may ask for (a month's view). */
export const MAX_SESSION_RANGE_DAYS = 31;
/** Without date_to: a week from date_from. */
const DEFAULT_RANGE_DAYS = 7;

export interface ClassSessionRow {
  id: number;
  startsAt: Date;
  endsAt: Date;
  capacity: number;
  seatsLeft: number;
  timeZone: string;
  locationId: number;
  serviceId: number;
  servicePriceId: number;
  employeeId: number;
}

export interface ClassSessionFilter {
  locationId?: number | undefined;
  cityId?: number | undefined;
  serviceId?: number | undefined;
  employeeId?: number | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

const badDate = (name: "date_from" | "date_to", detail: string) =>
  new AppError("invalid_parameter", detail, { parameter: `filter[${name}]` });

function checkedDate(value: string | undefined, name: "date_from" | "date_to"): LocalDate | undefined {
  if (value === undefined) return undefined;
  if (parseLocalDate(value) === undefined) throw badDate(name, `filter[${name}] is a date written YYYY-MM-DD.`);
  return value;
}

/**
 * The dates asked for, on the place's calendar (a city's zone for a city): today and the six days after by
 * default, at most MAX_SESSION_RANGE_DAYS.
 */
export function sessionDates(filter: ClassSessionFilter, timeZone: string, now: number) {
  const dateFrom = checkedDate(filter.dateFrom, "date_from") ?? localMomentAt(now, timeZone).date;
  const dateTo = checkedDate(filter.dateTo, "date_to") ?? addDays(dateFrom, DEFAULT_RANGE_DAYS - 1);
  const days = (parseLocalDate(dateTo) ?? 0) - (parseLocalDate(dateFrom) ?? 0) + 1;
  if (days < 1) throw badDate("date_to", "filter[date_to] is before filter[date_from].");
  if (days > MAX_SESSION_RANGE_DAYS) {
    throw badDate("date_to", `Ask for at most ${MAX_SESSION_RANGE_DAYS} days at once (this range has ${days}).`);
  }
  return { dateFrom, dateTo };
}

type Row = {
  id: number;
  starts_at: Date | string;
  ends_at: Date | string;
  capacity: number;
  time_zone: string;
  location_id: number;
  service_id: number;
  service_price_id: number;
  employee_id: number;
  seats_left: number;
};

/** The sessions of the site's business's places only; on the marketplace, all. */
function withinSite(site: Site): SQL {
  const businessId = siteBusinessId(site);
  return businessId === null ? sql`true` : sql`l.business_id = ${businessId}`;
}

function sessionsQuery(site: Site, now: number, where: SQL): SQL {
  const at = new Date(now).toISOString();
  return sql`
    select a.id, a.starts_at, a.ends_at, a.capacity, l.time_zone, a.location_id, sp.service_id,
           s.service_price_id, e.employee_id,
           (a.capacity - a.seats_taken + coalesce(
             (select sum(h.seats_count) from booking_holds h
              where h.appointment_id = a.id and h.expires_at <= ${at}::timestamptz), 0))::int as seats_left
    from appointments a
    join locations l on l.id = a.location_id
    join appointment_services s on s.appointment_id = a.id and s.position = 0
    join service_prices sp on sp.id = s.service_price_id
    -- A session has its one instructor.
    join appointment_service_employees e on e.appointment_service_id = s.id
    where a.capacity is not null and a.cancelled_at is null and a.starts_at > ${at}::timestamptz
      and ${withinSite(site)} and ${where}
    order by a.starts_at, a.id`;
}

const toRow = (row: Row): ClassSessionRow => ({
  id: row.id,
  startsAt: new Date(row.starts_at),
  endsAt: new Date(row.ends_at),
  capacity: row.capacity,
  seatsLeft: Math.max(0, row.seats_left),
  timeZone: row.time_zone,
  locationId: row.location_id,
  serviceId: row.service_id,
  servicePriceId: row.service_price_id,
  employeeId: row.employee_id,
});

/**
 * Sessions of classes at a location or in a city between two local dates (each place's own calendar), soonest
 * first: not the past ones nor the cancelled, but the full ones too (seats_left 0). Seats left count as free the
 * seats of expired holds not yet swept by the next write. One query, whatever the number of places.
 */
export async function listClassSessions(
  { db, site }: { db: Database; site: Site },
  filter: ClassSessionFilter,
  now: number,
): Promise<{ rows: ClassSessionRow[]; dateFrom: LocalDate; dateTo: LocalDate }> {
  const place =
    filter.locationId !== undefined
      ? sql`a.location_id = ${filter.locationId}`
      : sql`l.city_id = ${filter.cityId ?? 0}`;
  const zone = await placeZone(db, filter);
  const { dateFrom, dateTo } = sessionDates(filter, zone, now);
  // The instants bound the index scan (no zone is more than 14 hours from UTC); the local dates decide.
  const from = new Date(Date.parse(`${dateFrom}T00:00:00Z`) - 86_400_000).toISOString();
  const to = new Date(Date.parse(`${addDays(dateTo, 1)}T00:00:00Z`) + 86_400_000).toISOString();
  const conditions = [
    place,
    sql`a.starts_at >= ${from}::timestamptz and a.starts_at < ${to}::timestamptz`,
    sql`(a.starts_at at time zone l.time_zone)::date between ${dateFrom}::date and ${dateTo}::date`,
    ...(filter.serviceId !== undefined ? [sql`sp.service_id = ${filter.serviceId}`] : []),
    ...(filter.employeeId !== undefined ? [sql`e.employee_id = ${filter.employeeId}`] : []),
  ];
  const rows = await rawRows<Row>(db, sessionsQuery(site, now, sql.join(conditions, sql` and `)));
  return { rows: rows.map(toRow), dateFrom, dateTo };
}

/**
 * One session by id (a past or cancelled one is not found: it can no longer be booked, nor one of another business
 * on a business's own site).
 */
export async function findClassSession(
  { db, site }: { db: Database; site: Site },
  id: number,
  now: number,
): Promise<ClassSessionRow | undefined> {
  const [row] = await rawRows<Row>(db, sessionsQuery(site, now, sql`a.id = ${id}`));
  return row && toRow(row);
}

/** The zone whose calendar the dates are read on: the location's, or the city's. */
async function placeZone(db: Database, filter: ClassSessionFilter): Promise<string> {
  const [row] = await rawRows<{ time_zone: string }>(
    db,
    filter.locationId !== undefined
      ? sql`select time_zone from locations where id = ${filter.locationId}`
      : sql`select time_zone from cities where id = ${filter.cityId ?? 0}`,
  );
  return row?.time_zone ?? "UTC";
}
