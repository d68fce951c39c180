import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { rawRows } from "@termin/db/raw-rows";
import { createBookingScenario } from "../booking/testing/booking-scenario.ts";
import { startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { buyMembership } from "./buy-membership.ts";
import { spendMembershipCredit } from "./membership-credits.ts";
import { createTestMembership } from "./testing/membership-scenario.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const DAY = 86_400_000;

async function boughtWith(count: number | null) {
  const db = api.database.db;
  const scenario = await createBookingScenario(db);
  const membershipId = await createTestMembership(db, {
    businessId: scenario.businessId,
    services: [{ serviceId: scenario.serviceId, count }],
  });
  const client = await createTestClient(db);
  const instanceId = await buyMembership({
    db,
    site: { mode: "marketplace", origin: "http://localhost" },
    clientId: client.id,
    membershipId,
    now: Date.now(),
  });
  return { scenario, client, instanceId };
}

const creditsLeft = async (instanceId: number) =>
  (
    await rawRows<{ credits_left: number | null }>(
      api.database.db,
      sql`select credits_left from membership_instance_services where membership_instance_id = ${instanceId}`,
    )
  )[0]?.credits_left;

describe("spending a membership's credits", () => {
  it("lets exactly as many of 20 concurrent transactions spend as there are credits, without any other lock", async () => {
    const { scenario, client, instanceId } = await boughtWith(3);
    const now = Date.now();
    const spent = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        api.database.db.transaction((tx) =>
          spendMembershipCredit(tx, {
            clientId: client.id,
            serviceId: scenario.serviceId,
            startsAt: now + DAY + index * 3_600_000,
            credits: 1,
            now,
          }),
        ),
      ),
    );
    expect(spent.filter((each) => each !== null)).toHaveLength(3);
    expect(await creditsLeft(instanceId)).toBe(0);
  });

  it("takes one credit per seat, and none when fewer are left than seats", async () => {
    const { scenario, client, instanceId } = await boughtWith(3);
    const now = Date.now();
    const spend = (credits: number) =>
      api.database.db.transaction((tx) =>
        spendMembershipCredit(tx, {
          clientId: client.id,
          serviceId: scenario.serviceId,
          startsAt: now + DAY,
          credits,
          now,
        }),
      );
    expect(await spend(2)).toMatchObject({ credits: 2 });
    expect(await spend(2)).toBeNull();
    expect(await creditsLeft(instanceId)).toBe(1);
  });

  it("never covers another service, another client's booking, or a visit beyond the period", async () => {
    const { scenario, client } = await boughtWith(null);
    const stranger = await createTestClient(api.database.db);
    const now = Date.now();
    const spend = (clientId: string, serviceId: number, startsAt: number) =>
      api.database.db.transaction((tx) =>
        spendMembershipCredit(tx, { clientId, serviceId, startsAt, credits: 1, now }),
      );
    expect(await spend(stranger.id, scenario.serviceId, now + DAY)).toBeNull();
    expect(await spend(client.id, scenario.serviceId + 100_000, now + DAY)).toBeNull();
    expect(await spend(client.id, scenario.serviceId, now + 100 * DAY)).toBeNull();
    expect(await spend(client.id, scenario.serviceId, now + DAY)).not.toBeNull();
  });
});
