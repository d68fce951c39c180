import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@termin/config/env";
import { membershipInstances, memberships } from "@termin/db/membership-schema";
import { settableClock } from "../http/clock.ts";
import { startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { writePaymentLink } from "./payment-links.ts";
import { paymentProvidersOf } from "./payment-providers.ts";
import { createPaymentScenario, linkRow, runPaymentJobs } from "./testing/payment-scenario.ts";

const MINUTE = 60_000;
const clock = settableClock(Date.now());
const providers = paymentProvidersOf(loadConfig({ LOG_LEVEL: "silent" }));
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ clock });
});
afterAll(async () => {
  await api?.close();
});

/** A membership bought and waiting for its payment, with its link, as buying one writes them. */
async function boughtMembership() {
  const db = api.database.db;
  const scenario = await createPaymentScenario(db, { paymentPolicy: "prepay", depositType: null, depositValue: null });
  const client = await createTestClient(db);
  const [membership] = await db
    .insert(memberships)
    .values({
      businessId: scenario.businessId,
      name: "Ten visits",
      description: "Ten massages in three months.",
      priceMinor: 30000,
      currencyCode: "EUR",
      periodMonths: 3,
      paymentPolicy: "prepay",
    })
    .returning({ id: memberships.id });
  const [instance] = await db
    .insert(membershipInstances)
    .values({ membershipId: membership?.id ?? 0, clientId: client.id, priceMinor: 30000, currencyCode: "EUR" })
    .returning({ id: membershipInstances.id });
  const instanceId = instance?.id ?? 0;
  const linkId = await db.transaction((tx) =>
    writePaymentLink(tx, {
      membershipInstanceId: instanceId,
      clientId: client.id,
      amountMinor: 30000,
      currencyCode: "EUR",
      releaseAt: new Date(clock.now() + 30 * MINUTE),
    }),
  );
  const instanceRow = async () =>
    (await db.select().from(membershipInstances).where(eq(membershipInstances.id, instanceId)))[0];
  return { linkId, instanceRow, link: await linkRow(db, linkId) };
}

const request = (path: string, method = "GET") =>
  fetch(`${api.baseUrl}${path}`, {
    method,
    redirect: "manual",
    ...(method === "POST" ? { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" } : {}),
  });

describe("a membership bought online", () => {
  it("becomes active when its payment completes, its period starting then", async () => {
    const { link, instanceRow } = await boughtMembership();
    const page = await request(`/pay/${link.token}?lang=en`);
    expect(page.status).toBe(303);
    const checkout = new URL(page.headers.get("location") ?? "").pathname;
    expect(await (await request(`${checkout}?lang=en`)).text()).toContain("Ten visits");
    const paid = await request(checkout, "POST");
    expect(paid.status).toBe(303);
    // The page the client lands on speaks of the membership and leads to My memberships, in their language.
    const landing = await (await request(paid.headers.get("location") ?? "")).text();
    expect(landing).toContain("your membership is active");
    expect(landing).toMatch(/href="[^"]*\/en\/my-memberships"[^>]*>My memberships</);
    const instance = await instanceRow();
    expect(instance?.status).toBe("active");
    expect(instance?.startsAt?.getTime()).toBe(clock.now());
    expect((await linkRow(api.database.db, link.id)).paidAt?.getTime()).toBe(clock.now());
  });

  it("is cancelled when it is still unpaid at its release time", async () => {
    const { link, instanceRow } = await boughtMembership();
    clock.advance(31 * MINUTE);
    await runPaymentJobs(api.database, providers, clock);
    expect((await instanceRow())?.status).toBe("cancelled");
    expect((await linkRow(api.database.db, link.id)).releasedAt?.getTime()).toBe(clock.now());
    const page = await (await request(`/pay/${link.token}?lang=de`)).text();
    expect(page).toContain("der Kauf storniert");
    expect(page).toContain("/de/my-memberships");
  });
});
