import { and, eq, sql } from "drizzle-orm";
import { membershipInstances, memberships } from "@termin/db/membership-schema";
import type { Database } from "@termin/db/database";

/**
 * A bought membership becomes active (paid, or free): one that starts on purchase runs from `now` for its period;
 * one that starts on first use gets its dates from the first booking it covers. Only from pendingPayment, checked
 * by the update itself, so a payment confirmed twice activates it once.
 */
export async function activateMembershipInstance(tx: Database, instanceId: number, now: number): Promise<boolean> {
  const start = new Date(now);
  const period = sql`(select period_months from ${memberships} where ${memberships.id} = ${membershipInstances.membershipId})`;
  const startsOnPurchase = sql`(select starts_on = 'purchase' from ${memberships} where ${memberships.id} = ${membershipInstances.membershipId})`;
  const activated = await tx
    .update(membershipInstances)
    .set({
      status: "active",
      startsAt: sql`case when ${startsOnPurchase} then ${start}::timestamptz end`,
      endsAt: sql`case when ${startsOnPurchase} then ${start}::timestamptz + make_interval(months => ${period}) end`,
      updatedAt: start,
    })
    .where(and(eq(membershipInstances.id, instanceId), eq(membershipInstances.status, "pendingPayment")))
    .returning({ id: membershipInstances.id });
  return activated.length > 0;
}
