import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { amountDueOnline } from "@termin/domain/payments/amount-due";
import { PAYMENT_METHOD } from "@termin/domain/payment-methods";
import { appointmentClients, scheduledJobs } from "../../booking-schema.ts";
import { services } from "../../catalogue-schema.ts";
import type { Database } from "../../database.ts";
import { paymentLinks } from "../../payment-schema.ts";
import { rawRows } from "../../raw-rows.ts";
import { DEMO_CLIENT } from "./demo-client.ts";

/** The demo's deposit: a fifth of the price, the commonest deposit on Fresha. */
const DEMO_DEPOSIT_PERCENT = 20;
/** A fixed deposit, in minor units (10.00 in the place's currency). */
const DEMO_FIXED_DEPOSIT = 1000;
/** The demo client's waiting booking stays payable this long (at most until it starts), so a visitor finds it. */
const DEMO_RELEASE_MINUTES = 2 * 24 * 60;
/** apps/api's RELEASE_UNPAID_JOB: the job that releases an unpaid link at its release time. */
const RELEASE_UNPAID_JOB = "payment-link.release-unpaid";

/**
 * How the demo's businesses are paid, by service id (the same on every seed): one in nine asks a 20 % deposit, one
 * in nine a fixed deposit of 10.00, one in nine the whole price online, the rest at the venue. The demo client's
 * booking that waits for its payment (demo-client-visits.ts) gets its 20 % deposit and its payment link, with the
 * release job a booking writes; it stays payable two days (or until the visit), longer than a new booking's would.
 */
export async function insertDemoPayments(db: Database, now: Date): Promise<void> {
  const slot = sql`${services.id} % 9`;
  await db.update(services).set({
    paymentPolicy: sql`case ${slot} when 1 then 'deposit' when 4 then 'deposit' when 7 then 'prepay' else 'venue' end`,
    depositType: sql`case ${slot} when 1 then 'percent' when 4 then 'fixed' end`,
    depositValue: sql`case ${slot} when 1 then ${DEMO_DEPOSIT_PERCENT}::int when 4 then ${DEMO_FIXED_DEPOSIT}::int end`,
  });
  const [waiting] = await rawRows<{
    id: number;
    total_minor: number;
    currency_code: string;
    service_id: number;
    business_id: number;
    starts_at: string;
  }>(
    db,
    sql`select ac.id, ac.total_minor, ac.currency_code, sp.service_id, s.business_id, a.starts_at
        from appointment_clients ac
        join appointments a on a.id = ac.appointment_id
        join appointment_services aps on aps.appointment_id = ac.appointment_id and aps.position = 0
        join service_prices sp on sp.id = aps.service_price_id
        join services s on s.id = sp.service_id
        where ac.client_id = ${DEMO_CLIENT.id} and ac.status_id = ${APPOINTMENT_STATUS.pendingPayment}
        order by ac.id limit 1`,
  );
  if (!waiting) return;
  const policy = { kind: "deposit", depositType: "percent", depositValue: DEMO_DEPOSIT_PERCENT } as const;
  await db
    .update(services)
    .set({ paymentPolicy: "deposit", depositType: "percent", depositValue: DEMO_DEPOSIT_PERCENT })
    .where(eq(services.id, waiting.service_id));
  await db
    .update(appointmentClients)
    .set({ paymentMethodId: PAYMENT_METHOD.online })
    .where(eq(appointmentClients.id, waiting.id));
  // Its own link waits longer than a booking's would, but never past the visit (as every booking's).
  const releaseAt = new Date(
    Math.min(now.getTime() + DEMO_RELEASE_MINUTES * 60_000, new Date(waiting.starts_at).getTime()),
  );
  const [link] = await db
    .insert(paymentLinks)
    .values({
      clientId: DEMO_CLIENT.id,
      appointmentClientId: waiting.id,
      amountMinor: amountDueOnline(policy, waiting.total_minor),
      currencyCode: waiting.currency_code,
      token: randomBytes(24).toString("base64url"),
      releaseAt,
      createdAt: new Date(now.getTime() - 5 * 60_000),
    })
    .returning({ id: paymentLinks.id });
  if (!link) throw new Error("the demo payment link insert returned no row");
  await db.insert(scheduledJobs).values({
    kind: RELEASE_UNPAID_JOB,
    key: `payment-link:${link.id}:release`,
    runAt: releaseAt,
    payload: { paymentLinkId: link.id },
  });
}
