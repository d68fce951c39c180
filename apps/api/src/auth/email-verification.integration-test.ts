import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, oneTimeTokens } from "@termin/db/account-schema";
import { startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { authRequests, errorsOf, mailedToken, tempDataDir } from "./auth-test-helpers.ts";
import { hashToken } from "./secret-tokens.ts";

let api: TestApi;
const dataDir = tempDataDir();
beforeAll(async () => {
  api = await startTestApi({ env: { DATA_DIR: dataDir, PUBLIC_URL: "https://termin.example" } });
});
afterAll(async () => {
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { post } = authRequests(() => api);
const db = () => api.database.db;

const unverifiedClient = () => createTestClient(db(), { emailVerifiedAt: null, language: "de" });
const verifiedAt = async (id: string) =>
  (await db().select({ at: clients.emailVerifiedAt }).from(clients).where(eq(clients.id, id)))[0]?.at;

describe("POST /auth/email-verification", () => {
  it("mails the signed-in client a new link in their language; the link confirms the address once", async () => {
    const client = await unverifiedClient();
    const response = await post("/email-verification", {}, { authorization: client.authorization });
    expect(response.status).toBe(202);
    const mail = await mailedToken({ dataDir, address: client.email, kind: "verify_email" });
    expect(mail.link).toBe(`https://termin.example/de/verify-email?token=${mail.token}`);
    // Stored hashed only.
    const [row] = await db()
      .select({ expiresAt: oneTimeTokens.expiresAt })
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(mail.token)));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23.9 * 3600_000);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);

    // Confirming needs no sign-in: the link may be opened on another device.
    const confirmed = await post("/email-verification/confirm", { token: mail.token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({});
    expect(await verifiedAt(client.id)).toBeInstanceOf(Date);
    expect(await errorsOf(await post("/email-verification/confirm", { token: mail.token }), 422)).toMatchObject([
      { code: "link_not_valid", source: { pointer: "/token" }, meta: { reason: "link_not_valid" } },
    ]);
  });

  it("answers 409 once the address is confirmed", async () => {
    const client = await createTestClient(db());
    expect(
      await errorsOf(await post("/email-verification", {}, { authorization: client.authorization }), 409),
    ).toMatchObject([{ code: "conflict" }]);
  });

  it("sends at most 5 mails an hour", async () => {
    const client = await unverifiedClient();
    for (let mail = 0; mail < 5; mail++) {
      expect((await post("/email-verification", {}, { authorization: client.authorization })).status).toBe(202);
    }
    const refused = await post("/email-verification", {}, { authorization: client.authorization });
    expect(await errorsOf(refused, 429)).toMatchObject([{ code: "rate_limited" }]);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
  });

  it("answers 401 without a valid access token", async () => {
    expect(await errorsOf(await post("/email-verification", {}), 401)).toMatchObject([{ code: "unauthenticated" }]);
    expect(await errorsOf(await post("/email-verification", {}, { authorization: "Bearer nope" }), 401)).toMatchObject([
      { code: "invalid_token" },
    ]);
  });
});

describe("POST /auth/email-verification/confirm", () => {
  it("refuses unknown and expired links and points at a missing token", async () => {
    expect(await errorsOf(await post("/email-verification/confirm", { token: "made-up" }), 422)).toMatchObject([
      { source: { pointer: "/token" } },
    ]);
    const client = await unverifiedClient();
    await post("/email-verification", {}, { authorization: client.authorization });
    const mail = await mailedToken({ dataDir, address: client.email, kind: "verify_email" });
    await db()
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(mail.token)));
    expect((await post("/email-verification/confirm", { token: mail.token })).status).toBe(422);
    expect(await verifiedAt(client.id)).toBeNull();
    expect(await errorsOf(await post("/email-verification/confirm", {}), 422)).toMatchObject([
      { source: { pointer: "/token" } },
    ]);
  });

  it("does not accept a password reset link", async () => {
    const client = await unverifiedClient();
    await post("/password-reset", { email: client.email });
    const mail = await mailedToken({ dataDir, address: client.email, kind: "reset_password" });
    expect((await post("/email-verification/confirm", { token: mail.token })).status).toBe(422);
  });
});
