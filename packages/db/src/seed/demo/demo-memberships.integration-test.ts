import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { PAYMENT_METHOD } from "@termin/domain/payment-methods";
import type { DatabaseHandle } from "../../database.ts";
import { prepareDatabase } from "../../prepare-database.ts";
import { rawRows } from "../../raw-rows.ts";
import { createTestDatabase, type TestDatabase } from "../../testing/test-database.ts";
import { DEMO_CLIENT } from "./demo-client.ts";

let testDatabase: TestDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  testDatabase = await createTestDatabase({ template: "demo" });
  handle = await prepareDatabase({ ...testDatabase.options, demoData: true });
});
afterAll(async () => {
  await handle.close();
  await testDatabase.drop();
});

describe("demo memberships", () => {
  it("are offered by businesses in several cities: 10 visits within 3 months, 1 month unlimited, 1 year", async () => {
    const offers = await rawRows<{
      city: string;
      name: string;
      period_months: number;
      starts_on: string;
      counts: number[];
    }>(
      handle.db,
      sql`select min(c.slug) as city, m.name, m.period_months, m.starts_on,
                 array_agg(ms.count order by ms.id) as counts
          from memberships m
          join membership_services ms on ms.membership_id = m.id
          join locations l on l.business_id = m.business_id
          join cities c on c.id = l.city_id
          group by m.id order by m.id`,
    );
    expect(new Set(offers.map((offer) => offer.city)).size).toBeGreaterThanOrEqual(5);
    expect(offers.map((offer) => offer.period_months).slice(0, 3)).toEqual([3, 1, 12]);
    expect(offers.some((offer) => offer.starts_on === "first_use")).toBe(true);
    expect(offers[1]?.counts.every((count) => count === null)).toBe(true);
    expect(offers[0]?.name).toBe("10 посещения за 3 месеца");
  });

  it("gives the demo client an active one with credits used by visits and one returned by a cancellation", async () => {
    const [instance] = await rawRows<{ id: number; status: string; credits_left: number; credits_total: number }>(
      handle.db,
      sql`select mi.id, mi.status, sum(mis.credits_left)::int as credits_left, sum(mis.credits_total)::int as credits_total
          from membership_instances mi join membership_instance_services mis on mis.membership_instance_id = mi.id
          where mi.client_id = ${DEMO_CLIENT.id} group by mi.id`,
    );
    expect(instance).toMatchObject({ status: "active" });
    const uses = await rawRows<{ credits: number; total_minor: number; payment_method_id: number }>(
      handle.db,
      sql`select u.credits, ac.total_minor, ac.payment_method_id
          from membership_credit_uses u
          join membership_instance_services mis on mis.id = u.membership_instance_service_id
          join appointment_clients ac on ac.id = u.appointment_client_id
          where mis.membership_instance_id = ${instance?.id ?? 0} order by u.created_at`,
    );
    const spent = uses.filter((use) => use.credits === 1).length;
    const returned = uses.filter((use) => use.credits === -1).length;
    expect(spent).toBeGreaterThan(returned);
    expect(returned).toBeGreaterThanOrEqual(1);
    expect(uses.every((use) => use.total_minor === 0 && use.payment_method_id === PAYMENT_METHOD.membership)).toBe(
      true,
    );
    // What is left is what the ledger says: every spend not given back.
    expect((instance?.credits_total ?? 0) - (instance?.credits_left ?? 0)).toBe(spent - returned);
  });
});
