import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import { siteBusinessId } from "@termin/contracts/site";
import type { Database } from "@termin/db/database";
import { paymentLinks } from "@termin/db/payment-schema";
import type { PAYMENT_METHODS } from "@termin/domain/payment-methods";
import { toOne } from "../jsonapi/relationships.ts";
import type { SiteReader } from "../sites/read-context.ts";
import { paymentLinkUrl } from "./payment-links.ts";

export type PaymentLinkRow = typeof paymentLinks.$inferSelect;

export const PAYMENT_LINK_ATTRIBUTES = [
  "amount",
  "currency_code",
  "url",
  "expires_at",
  "paid_at",
  "released_at",
  "refunded_at",
] as const;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** A payment link as its owner reads it: what is due (minor units, like total_amount), where to pay, until when. */
export function toPaymentLinkResource(row: PaymentLinkRow, publicUrl: string): ResourceObject {
  return {
    type: "payment-links",
    id: String(row.id),
    attributes: {
      amount: row.amountMinor,
      currency_code: row.currencyCode,
      url: paymentLinkUrl(publicUrl, row.token),
      expires_at: row.releaseAt.toISOString(),
      paid_at: iso(row.paidAt),
      released_at: iso(row.releasedAt),
      refunded_at: iso(row.refundedAt),
    },
    relationships: {
      appointmentClient: toOne("appointment-clients", row.appointmentClientId),
      membershipInstance: toOne("membership-instances", row.membershipInstanceId),
    },
    links: { self: `/v1c/payment-links/${row.id}` },
  };
}

/**
 * Links for what the site's business sells (a booking at its places, or its membership); no condition on the
 * marketplace.
 */
function ofSiteBusinessLinks({ site }: Pick<SiteReader, "site">): SQL | undefined {
  const businessId = siteBusinessId(site);
  if (businessId === null) return undefined;
  return or(
    inArray(
      paymentLinks.appointmentClientId,
      sql`(select ac.id from appointment_clients ac join appointments a on a.id = ac.appointment_id
           join locations l on l.id = a.location_id where l.business_id = ${businessId})`,
    ),
    inArray(
      paymentLinks.membershipInstanceId,
      sql`(select mi.id from membership_instances mi join memberships m on m.id = mi.membership_id
           where m.business_id = ${businessId})`,
    ),
  );
}

/** The client's own link by id; another client's (or on one business's site, another business's) is not found. */
export async function readOwnPaymentLink(
  context: SiteReader,
  clientId: string,
  id: number,
): Promise<PaymentLinkRow | null> {
  const [row] = await context.db
    .select()
    .from(paymentLinks)
    .where(and(eq(paymentLinks.id, id), eq(paymentLinks.clientId, clientId), ofSiteBusinessLinks(context)));
  return row ?? null;
}

/** A page of the client's own links (on one business's site, its own), newest first, and how many they have. */
export async function listOwnPaymentLinks(
  { db, site }: SiteReader,
  clientId: string,
  page: { number: number; size: number },
): Promise<{ rows: PaymentLinkRow[]; total: number }> {
  const own = and(eq(paymentLinks.clientId, clientId), ofSiteBusinessLinks({ site }));
  const rows = await db
    .select()
    .from(paymentLinks)
    .where(own)
    .orderBy(desc(paymentLinks.id))
    .limit(page.size)
    .offset((page.number - 1) * page.size);
  return { rows, total: await db.$count(paymentLinks, own) };
}

/** The links of appointment clients, oldest first: one query whatever the rows. */
export async function paymentLinksOfPlaces(db: Database, appointmentClientIds: number[]): Promise<PaymentLinkRow[]> {
  if (appointmentClientIds.length === 0) return [];
  return db
    .select()
    .from(paymentLinks)
    .where(inArray(paymentLinks.appointmentClientId, appointmentClientIds))
    .orderBy(asc(paymentLinks.id));
}

/** A payment method (fixed ids: 1 venue, 2 online, 3 membership). */
export function toPaymentMethodResource(method: (typeof PAYMENT_METHODS)[number]): ResourceObject {
  return {
    type: "payment-methods",
    id: String(method.id),
    attributes: { name: method.name },
    links: { self: `/v1c/payment-methods/${method.id}` },
  };
}
