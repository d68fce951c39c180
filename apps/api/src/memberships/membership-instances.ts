import { asc, inArray, sql } from "drizzle-orm";
import { siteBusinessId, type Site } from "@termin/contracts/site";
import type { Database } from "@termin/db/database";
import { paymentLinks } from "@termin/db/payment-schema";
import type { PaymentLinkRow } from "../payments/payment-link-resources.ts";
import { rawRows } from "@termin/db/raw-rows";

export type MembershipInstanceStatus = "pendingPayment" | "active" | "cancelled";

/** A membership a client bought, with its credits per service, its use and what it still owes online. */
export interface MembershipInstanceRow {
  id: number;
  membershipId: number;
  status: MembershipInstanceStatus;
  priceMinor: number;
  currencyCode: string;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
  services: InstanceServiceRow[];
  uses: CreditUseRow[];
  paymentLinks: PaymentLinkRow[];
}

export interface InstanceServiceRow {
  id: number;
  serviceId: number;
  creditsTotal: number | null;
  creditsLeft: number | null;
}

export interface CreditUseRow {
  id: number;
  membershipInstanceServiceId: number;
  appointmentClientId: number;
  credits: number;
  createdAt: Date;
  /** When the visit the credit paid for starts, in its place's offset. */
  visitStartsAt: Date;
  timeZone: string;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The client's own membership instances, newest first (of the given ids, or with the given statuses, or all),
 * each with its services, ledger and payment links, in four queries. Another client's ids find nothing.
 */
export async function readMembershipInstances(
  db: Database,
  clientId: string,
  options: {
    /** On a business's own site, the client's memberships of that business only. */
    site: Site;
    ids?: readonly number[];
    statuses?: readonly string[];
  },
): Promise<MembershipInstanceRow[]> {
  const conditions = [sql`client_id = ${clientId}`];
  const siteBusiness = siteBusinessId(options.site);
  if (siteBusiness !== null) {
    conditions.push(sql`membership_id in (select id from memberships where business_id = ${siteBusiness})`);
  }
  if (options.ids) conditions.push(options.ids.length ? sql`id in (${idList(options.ids)})` : sql`false`);
  if (options.statuses?.length) {
    conditions.push(
      sql`status in (${sql.join(
        options.statuses.map((status) => sql`${status}`),
        sql`, `,
      )})`,
    );
  }
  const instances = await rawRows<{
    id: number;
    membership_id: number;
    status: MembershipInstanceStatus;
    price_minor: number;
    currency_code: string;
    starts_at: string | null;
    ends_at: string | null;
    created_at: string;
  }>(
    db,
    sql`select id, membership_id, status, price_minor, currency_code, starts_at, ends_at, created_at
        from membership_instances where ${sql.join(conditions, sql` and `)}
        order by created_at desc, id desc`,
  );
  if (instances.length === 0) return [];
  const ids = idList(instances.map((instance) => instance.id));
  const [services, uses, links] = [
    await rawRows<{
      id: number;
      membership_instance_id: number;
      service_id: number;
      credits_total: number | null;
      credits_left: number | null;
    }>(
      db,
      sql`select id, membership_instance_id, service_id, credits_total, credits_left
          from membership_instance_services where membership_instance_id in (${ids}) order by id`,
    ),
    await rawRows<{
      id: number;
      membership_instance_id: number;
      membership_instance_service_id: number;
      appointment_client_id: number;
      credits: number;
      created_at: string;
      visit_starts_at: string;
      time_zone: string;
    }>(
      db,
      sql`select u.id, mis.membership_instance_id, u.membership_instance_service_id, u.appointment_client_id,
                 u.credits, u.created_at, a.starts_at as visit_starts_at, l.time_zone
          from membership_credit_uses u
          join membership_instance_services mis on mis.id = u.membership_instance_service_id
          join appointment_clients ac on ac.id = u.appointment_client_id
          join appointments a on a.id = ac.appointment_id
          join locations l on l.id = a.location_id
          where mis.membership_instance_id in (${ids}) order by u.created_at desc, u.id desc`,
    ),
    await db
      .select()
      .from(paymentLinks)
      .where(
        inArray(
          paymentLinks.membershipInstanceId,
          instances.map((instance) => instance.id),
        ),
      )
      .orderBy(asc(paymentLinks.id)),
  ];
  const date = (value: string | null) => (value === null ? null : new Date(value));
  return instances.map((instance) => ({
    id: instance.id,
    membershipId: instance.membership_id,
    status: instance.status,
    priceMinor: instance.price_minor,
    currencyCode: instance.currency_code,
    startsAt: date(instance.starts_at),
    endsAt: date(instance.ends_at),
    createdAt: new Date(instance.created_at),
    services: services
      .filter((service) => service.membership_instance_id === instance.id)
      .map((service) => ({
        id: service.id,
        serviceId: service.service_id,
        creditsTotal: service.credits_total,
        creditsLeft: service.credits_left,
      })),
    uses: uses
      .filter((use) => use.membership_instance_id === instance.id)
      .map((use) => ({
        id: use.id,
        membershipInstanceServiceId: use.membership_instance_service_id,
        appointmentClientId: use.appointment_client_id,
        credits: use.credits,
        createdAt: new Date(use.created_at),
        visitStartsAt: new Date(use.visit_starts_at),
        timeZone: use.time_zone,
      })),
    paymentLinks: links.filter((link) => link.membershipInstanceId === instance.id),
  }));
}
