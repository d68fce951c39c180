import { sql } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import { amountDueOnline, paymentPolicyOf, type PaymentPolicy } from "@termin/domain/payments/amount-due";
import { siteBusinessId, type Site } from "@termin/contracts/site";
import type { PageRequest } from "../jsonapi/query.ts";

/** A membership a business offers, with the services it includes. */
export interface MembershipRow {
  id: number;
  businessId: number;
  name: string;
  description: string;
  priceMinor: number;
  currencyCode: string;
  periodMonths: number;
  startsOn: "purchase" | "first_use";
  policy: PaymentPolicy;
  services: MembershipServiceRow[];
}

export interface MembershipServiceRow {
  id: number;
  membershipId: number;
  serviceId: number;
  /** Visits in the period; null for unlimited. */
  count: number | null;
}

interface OfferRecord {
  id: number;
  business_id: number;
  name: string;
  description: string;
  price_minor: number;
  currency_code: string;
  period_months: number;
  starts_on: "purchase" | "first_use";
  payment_policy: "venue" | "deposit" | "prepay";
  deposit_type: "fixed" | "percent" | null;
  deposit_value: number | null;
  total: number;
}

/** What buying a membership asks online now, per its payment policy (0: nothing, it is active at once). */
export const dueOnPurchase = (row: Pick<MembershipRow, "policy" | "priceMinor">) =>
  amountDueOnline(row.policy, row.priceMinor);

/**
 * The memberships on offer (active ones), in the business's order: of the given businesses, or of the businesses of
 * the given locations, or all; on a business's own site, that business's only. Their services are read in one more
 * query.
 */
export async function listMemberships(
  db: Database,
  options: {
    /** The site asked on (decision 0046). */
    site: Site;
    businessIds?: readonly number[];
    locationIds?: readonly number[];
    ids?: readonly number[];
    /** Also those no longer on offer (what a client bought earlier). */
    withdrawn?: boolean;
    page: PageRequest;
  },
): Promise<{ rows: MembershipRow[]; total: number }> {
  const list = (ids: readonly number[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
  const conditions = [options.withdrawn ? sql`true` : sql`m.active`];
  if (options.ids) conditions.push(options.ids.length ? sql`m.id in (${list(options.ids)})` : sql`false`);
  const siteBusiness = siteBusinessId(options.site);
  if (siteBusiness !== null) conditions.push(sql`m.business_id = ${siteBusiness}`);
  if (options.businessIds) conditions.push(sql`m.business_id in (${list(options.businessIds)})`);
  if (options.locationIds) {
    conditions.push(
      sql`m.business_id in (select business_id from locations where id in (${list(options.locationIds)}))`,
    );
  }
  const { page } = options;
  const records = await rawRows<OfferRecord>(
    db,
    sql`select m.id, m.business_id, m.name, m.description, m.price_minor, m.currency_code, m.period_months,
               m.starts_on, m.payment_policy, m.deposit_type, m.deposit_value, count(*) over()::int as total
        from memberships m
        where ${sql.join(conditions, sql` and `)}
        order by m.business_id, m.position, m.id
        limit ${page.size} offset ${(page.number - 1) * page.size}`,
  );
  const services = await membershipServicesOf(
    db,
    records.map((record) => record.id),
  );
  const rows = records.map((record) => ({
    id: record.id,
    businessId: record.business_id,
    name: record.name,
    description: record.description,
    priceMinor: record.price_minor,
    currencyCode: record.currency_code,
    periodMonths: record.period_months,
    startsOn: record.starts_on,
    policy: paymentPolicyOf({
      paymentPolicy: record.payment_policy,
      depositType: record.deposit_type,
      depositValue: record.deposit_value,
    }),
    services: services.filter((service) => service.membershipId === record.id),
  }));
  return { rows, total: records[0]?.total ?? 0 };
}

async function membershipServicesOf(db: Database, membershipIds: readonly number[]): Promise<MembershipServiceRow[]> {
  if (membershipIds.length === 0) return [];
  const rows = await rawRows<{ id: number; membership_id: number; service_id: number; count: number | null }>(
    db,
    sql`select id, membership_id, service_id, count from membership_services
        where membership_id in (${sql.join(
          membershipIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by membership_id, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    membershipId: row.membership_id,
    serviceId: row.service_id,
    count: row.count,
  }));
}
