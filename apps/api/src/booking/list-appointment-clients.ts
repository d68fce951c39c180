import { sql } from "drizzle-orm";
import { siteBusinessId, type Site } from "@termin/contracts/site";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { AppError } from "../http/app-error.ts";
import type { PageRequest } from "../jsonapi/query.ts";

export type AppointmentClientFilter = "when";

/**
 * A page of the client's own appointment ids: upcoming (not yet ended, not cancelled) soonest first, past (ended or
 * cancelled) newest first, or all
 * newest first; on a business's own site, at that business's places only. One query, the total counted alongside.
 */
export async function listAppointmentClients(
  db: Database,
  options: {
    clientId: string;
    site: Site;
    page: PageRequest;
    filter: Partial<Record<AppointmentClientFilter, string[]>>;
  },
): Promise<{ ids: number[]; total: number }> {
  const when = options.filter.when;
  if (when !== undefined && (when.length !== 1 || !["upcoming", "past"].includes(when[0] ?? ""))) {
    throw new AppError("invalid_parameter", "filter[when] takes upcoming or past.", { parameter: "filter[when]" });
  }
  // A cancelled visit is no longer ahead of the client: it is listed with the past ones, as Fresha and Booksy do.
  const cancelled = APPOINTMENT_STATUS.cancelled;
  const condition =
    when?.[0] === "upcoming"
      ? sql`and a.ends_at > now() and ac.status_id <> ${cancelled}`
      : when?.[0] === "past"
        ? sql`and (a.ends_at <= now() or ac.status_id = ${cancelled})`
        : sql``;
  const siteBusiness = siteBusinessId(options.site);
  const atSite =
    siteBusiness === null
      ? sql``
      : sql`and a.location_id in (select id from locations where business_id = ${siteBusiness})`;
  const order = when?.[0] === "upcoming" ? sql`a.starts_at asc, ac.id asc` : sql`a.starts_at desc, ac.id desc`;
  const rows = await rawRows<{ id: number; total: number }>(
    db,
    sql`select ac.id, count(*) over () as total
        from appointment_clients ac join appointments a on a.id = ac.appointment_id
        where ac.client_id = ${options.clientId} ${condition} ${atSite}
        order by ${order}
        limit ${options.page.size} offset ${(options.page.number - 1) * options.page.size}`,
  );
  return { ids: rows.map((row) => row.id), total: Number(rows[0]?.total ?? 0) };
}
