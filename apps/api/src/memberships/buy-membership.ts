import { sql } from "drizzle-orm";
import { membershipInstanceServices, membershipInstances } from "@termin/db/membership-schema";
import type { Site } from "@termin/contracts/site";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";
import type { TransactionSteps } from "../http/idempotency.ts";
import { refusal } from "../http/refusal.ts";
import { writePaymentLink } from "../payments/payment-links.ts";
import { activateMembershipInstance } from "./activate-membership.ts";
import { dueOnPurchase, listMemberships } from "./membership-offers.ts";

/** Minutes a bought membership waits for its online payment unless its business says otherwise. */
const DEFAULT_UNPAID_RELEASE_MINUTES = 30;

export interface BuyMembershipOptions {
  db: Database;
  /** The site bought on: on a business's own site, another business's membership is unknown there. */
  site: Site;
  clientId: string;
  membershipId: number;
  now: number;
  inTransaction?: TransactionSteps<number>;
}

/**
 * The signed-in client buys a membership on offer: an instance at the membership's price, its services copied with
 * credits_total = credits_left = their count (null: unlimited), in one transaction. When its payment policy asks
 * for money online (a prepayment or a deposit), it stays pendingPayment with a payment link whose payment
 * activates it (released unpaid after the business's unpaidReleaseMinutes); otherwise (free, or paid at the
 * venue) it is active at once. Answers the instance's id.
 */
export async function buyMembership(options: BuyMembershipOptions): Promise<number> {
  const { db, site, clientId, now } = options;
  const {
    rows: [membership],
  } = await listMemberships(db, { site, ids: [options.membershipId], page: { number: 1, size: 1 } });
  if (!membership) {
    throw refusal(
      "unknown_membership",
      { pointer: "/data/relationships/membership/data/id" },
      { id: String(options.membershipId) },
    );
  }
  const due = dueOnPurchase(membership);
  return db.transaction(async (tx) => {
    await options.inTransaction?.first?.(tx);
    const [instance] = await tx
      .insert(membershipInstances)
      .values({
        membershipId: membership.id,
        clientId,
        status: "pendingPayment",
        priceMinor: membership.priceMinor,
        currencyCode: membership.currencyCode,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning({ id: membershipInstances.id });
    if (!instance) throw new Error("the membership instance insert returned no row");
    if (membership.services.length > 0) {
      await tx.insert(membershipInstanceServices).values(
        membership.services.map((service) => ({
          membershipInstanceId: instance.id,
          serviceId: service.serviceId,
          creditsTotal: service.count,
          creditsLeft: service.count,
        })),
      );
    }
    if (due > 0) {
      const minutes = await unpaidReleaseMinutes(tx, membership.businessId);
      await writePaymentLink(tx, {
        membershipInstanceId: instance.id,
        clientId,
        amountMinor: due,
        currencyCode: membership.currencyCode,
        releaseAt: new Date(now + minutes * 60_000),
      });
    } else {
      await activateMembershipInstance(tx, instance.id, now);
    }
    await options.inTransaction?.last?.(tx, instance.id);
    return instance.id;
  });
}

async function unpaidReleaseMinutes(tx: Database, businessId: number): Promise<number> {
  const [row] = await rawRows<{ minutes: unknown }>(
    tx,
    sql`select settings->'unpaidReleaseMinutes' as minutes from businesses where id = ${businessId}`,
  );
  return typeof row?.minutes === "number" && row.minutes > 0 ? row.minutes : DEFAULT_UNPAID_RELEASE_MINUTES;
}
