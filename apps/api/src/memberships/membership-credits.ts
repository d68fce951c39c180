import { sql } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { rawRows } from "@termin/db/raw-rows";

/** One line of the ledger: credits of a membership service spent (positive) or returned (negative). */
export interface CreditUse {
  membershipInstanceServiceId: number;
  credits: number;
}

/** Credits spent on one service of a booking, from one of the client's membership instances. */
export interface SpentCredit extends CreditUse {
  membershipInstanceId: number;
}

/**
 * Spends `credits` of a membership the client holds for `serviceId` on a visit starting at `startsAt`, inside the
 * booking's transaction and before its place is written. A membership covers it when active, for that service,
 * with the visit inside its period (one that starts on first use and has not started yet: inside the period that
 * would start now), and with enough credits left or unlimited. Of several, the one ending soonest is used. The
 * credit is taken by a conditional update, so of concurrent bookings only as many as there are credits succeed
 * (the check on credits_left is the backstop); when none is left, the answer is null and the booking pays.
 */
export async function spendMembershipCredit(
  tx: Database,
  spend: { clientId: string; serviceId: number; startsAt: number; credits: number; now: number },
): Promise<SpentCredit | null> {
  const now = new Date(spend.now);
  const visit = new Date(spend.startsAt);
  const candidates = await rawRows<{ id: number; membership_instance_id: number }>(
    tx,
    sql`select mis.id, mis.membership_instance_id
        from membership_instance_services mis
        join membership_instances mi on mi.id = mis.membership_instance_id
        join memberships m on m.id = mi.membership_id
        where mi.client_id = ${spend.clientId} and mi.status = 'active' and mis.service_id = ${spend.serviceId}
          and (mis.credits_left is null or mis.credits_left >= ${spend.credits})
          and case when mi.starts_at is null
                   then ${visit}::timestamptz < ${now}::timestamptz + make_interval(months => m.period_months)
                   else mi.starts_at <= ${visit}::timestamptz and ${visit}::timestamptz < mi.ends_at end
        order by coalesce(mi.ends_at, ${now}::timestamptz + make_interval(months => m.period_months)), mi.id`,
  );
  for (const candidate of candidates) {
    // Re-checked by the update itself: a parallel booking may have taken the last credit since the read.
    const spent = await rawRows<{ id: number }>(
      tx,
      sql`update membership_instance_services set credits_left = credits_left - ${spend.credits}
          where id = ${candidate.id} and (credits_left is null or credits_left >= ${spend.credits})
          returning id`,
    );
    if (spent.length === 0) continue;
    // A membership that starts on first use starts with the first booking it covers.
    await tx.execute(
      sql`update membership_instances mi
          set starts_at = ${now}::timestamptz,
              ends_at = ${now}::timestamptz + make_interval(months => m.period_months), updated_at = ${now}::timestamptz
          from memberships m
          where mi.id = ${candidate.membership_instance_id} and m.id = mi.membership_id and mi.starts_at is null`,
    );
    return {
      membershipInstanceId: candidate.membership_instance_id,
      membershipInstanceServiceId: candidate.id,
      credits: spend.credits,
    };
  }
  return null;
}

/** The ledger rows of credits a booking's place spent. */
export async function recordCreditUses(
  tx: Database,
  appointmentClientId: number,
  uses: readonly CreditUse[],
  now: number,
): Promise<void> {
  for (const each of uses) {
    await tx.execute(
      sql`insert into membership_credit_uses (membership_instance_service_id, appointment_client_id, credits, created_at)
          values (${each.membershipInstanceServiceId}, ${appointmentClientId}, ${each.credits}, ${new Date(now)}::timestamptz)`,
    );
  }
}

/**
 * A cancelled place gives back the credits it still holds: the ledger's sum per membership service, returned to
 * credits_left (unlimited ones stay null) and written as a negative use. Run once per cancellation (the status
 * change that calls it is conditional), so credits are never returned twice.
 */
export async function returnMembershipCredits(tx: Database, appointmentClientId: number, now: number): Promise<void> {
  const held = await rawRows<{ membership_instance_service_id: number; credits: number }>(
    tx,
    sql`select membership_instance_service_id, sum(credits)::int as credits
        from membership_credit_uses where appointment_client_id = ${appointmentClientId}
        group by membership_instance_service_id having sum(credits) > 0`,
  );
  for (const each of held) {
    await tx.execute(
      sql`update membership_instance_services set credits_left = credits_left + ${each.credits}
          where id = ${each.membership_instance_service_id} and credits_left is not null`,
    );
    await recordCreditUses(
      tx,
      appointmentClientId,
      [{ membershipInstanceServiceId: each.membership_instance_service_id, credits: -each.credits }],
      now,
    );
  }
}
