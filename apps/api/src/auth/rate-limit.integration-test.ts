import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitEvents } from "@termin/db/account-schema";
import { startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { authRequests, errorsOf, randomIp, tokensOf } from "./auth-test-helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const { signIn } = authRequests(() => api);
const db = () => api.database.db;

/** Moves a bucket's events `seconds` into the past, as if they had happened that long ago. */
async function age(bucketPrefix: string, seconds: number) {
  await db()
    .update(rateLimitEvents)
    .set({ at: sql`${rateLimitEvents.at} - make_interval(secs => ${seconds})` })
    .where(like(rateLimitEvents.bucket, `${bucketPrefix}%`));
}

async function expectRateLimited(response: Response, { min, max }: { min: number; max: number }) {
  expect(await errorsOf(response, 429)).toMatchObject([{ status: "429", code: "rate_limited" }]);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(min);
  expect(retryAfter).toBeLessThanOrEqual(max);
}

describe("sign-in rate limits", () => {
  it("allows 10 failed sign-ins per account in 15 minutes, from any address, then 429 even for the right password", async () => {
    const client = await createTestClient(db());
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await signIn(client.email, "wrong password")).status).toBe(400);
    }
    await expectRateLimited(await signIn(client.email, client.password), { min: 890, max: 900 });
    // A different spelling of the same address is the same bucket.
    await expectRateLimited(await signIn(` ${client.email.toUpperCase()}`, client.password), { min: 890, max: 900 });

    // Retry-After counts down to when the oldest failure leaves the window; then one attempt is free again.
    await age(`sign-in-failure:${client.email}`, 14 * 60 + 30);
    await expectRateLimited(await signIn(client.email, client.password), { min: 25, max: 30 });
    await age(`sign-in-failure:${client.email}`, 31);
    await tokensOf(await signIn(client.email, client.password));
  });

  it("limits an unknown address the same way (a 429 does not tell whether an account exists)", async () => {
    const email = `nobody-${randomIp()}@example.test`;
    for (let attempt = 0; attempt < 10; attempt++) expect((await signIn(email, "guess")).status).toBe(400);
    await expectRateLimited(await signIn(email, "guess"), { min: 890, max: 900 });
  });

  it("does not count successful sign-ins against the account", async () => {
    const client = await createTestClient(db());
    for (let attempt = 0; attempt < 12; attempt++) await tokensOf(await signIn(client.email, client.password));
  });

  it("allows 20 attempts per IP address a minute, whatever the accounts", async () => {
    const ip = randomIp();
    const client = await createTestClient(db());
    for (let attempt = 0; attempt < 19; attempt++) {
      expect((await signIn(`someone-${attempt}@example.test`, "guess", { ip })).status).toBe(400);
    }
    await tokensOf(await signIn(client.email, client.password, { ip }));
    await expectRateLimited(await signIn(client.email, client.password, { ip }), { min: 55, max: 60 });
    // Other addresses are not affected.
    await tokensOf(await signIn(client.email, client.password));
    await age(`sign-in:${ip}`, 61);
    await tokensOf(await signIn(client.email, client.password, { ip }));
  });

  it("drops a bucket's events once they have left its window", async () => {
    const client = await createTestClient(db());
    const bucket = `sign-in-failure:${client.email}`;
    await signIn(client.email, "wrong password");
    await age(bucket, 15 * 60 + 1);
    await signIn(client.email, "wrong password");
    expect(await db().$count(rateLimitEvents, like(rateLimitEvents.bucket, bucket))).toBe(1);
  });
});
