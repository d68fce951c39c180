import { eq, getTableColumns, sql } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { paymentLinks } from "@termin/db/payment-schema";

/** A link with what it pays for, named as the business names it (a service, or a membership). */
export async function findPaymentLink(db: Database, by: { token: string } | { sessionId: string }) {
  const what = sql<string>`coalesce(
    (select s.name from appointment_clients ac
       join appointment_services aps on aps.appointment_id = ac.appointment_id
       join service_prices sp on sp.id = aps.service_price_id
       join services s on s.id = sp.service_id
      where ac.id = ${paymentLinks.appointmentClientId} order by aps.position limit 1),
    (select m.name from membership_instances mi join memberships m on m.id = mi.membership_id
      where mi.id = ${paymentLinks.membershipInstanceId}),
    '')`;
  const [row] = await db
    .select({ ...getTableColumns(paymentLinks), what })
    .from(paymentLinks)
    .where("token" in by ? eq(paymentLinks.token, by.token) : eq(paymentLinks.providerSessionId, by.sessionId));
  return row ?? null;
}

export type FoundPaymentLink = NonNullable<Awaited<ReturnType<typeof findPaymentLink>>>;
