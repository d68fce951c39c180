import { rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, oneTimeTokens } from "@termin/db/account-schema";
import { ACCOUNT_MAIL_TEXTS } from "../mail/account-mail-texts.ts";
import { startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { authRequests, errorsOf, mailedToken, randomIp, tempDataDir, tokensOf } from "./auth-test-helpers.ts";
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

const { post, signIn, refresh } = authRequests(() => api);
const db = () => api.database.db;
const NEW_PASSWORD = "seven green bicycles";

describe("POST /auth/password-reset", () => {
  it("answers 202 for any address and mails a 1-hour link only when an account has it", async () => {
    const client = await createTestClient(db(), { language: "fr" });
    for (const email of [client.email, `nobody-${randomUUID()}@example.test`]) {
      const response = await post("/password-reset", { email });
      expect(response.status).toBe(202);
      expect(await response.json()).toEqual({});
    }
    const mail = await mailedToken({ dataDir, address: client.email, kind: "reset_password" });
    expect(mail.link).toBe(`https://termin.example/fr/reset-password?token=${mail.token}`);
    const [row] = await db()
      .select({ expiresAt: oneTimeTokens.expiresAt })
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(mail.token)));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
  });

  it("writes the mail in the account's language, as its booking mails, whatever page it was asked from", async () => {
    const client = await createTestClient(db(), { language: "de" });
    // Older clients send the asking page's language; it does not choose the mail's.
    expect((await post("/password-reset", { email: client.email.toUpperCase(), language: "en" })).status).toBe(202);
    const mail = await mailedToken({ dataDir, address: client.email, kind: "reset_password" });
    expect(mail.subject).toBe(ACCOUNT_MAIL_TEXTS.de.kinds.reset_password.subject);
    expect(mail.link).toBe(`https://termin.example/de/reset-password?token=${mail.token}`);
  });

  it("sends no mail for a deleted account", async () => {
    const deleted = await createTestClient(db(), { deletedAt: new Date() });
    expect((await post("/password-reset", { email: deleted.email })).status).toBe(202);
    const live = await createTestClient(db());
    await post("/password-reset", { email: live.email });
    // The live account's mail has arrived; a mail to the deleted one would have been written before it.
    await mailedToken({ dataDir, address: live.email, kind: "reset_password" });
    await expect(
      mailedToken({ dataDir, address: deleted.email, kind: "reset_password", timeoutMs: 300 }).catch(() => "none"),
    ).resolves.toBe("none");
  });

  it("allows 5 requests per address an hour, whether or not an account has it, and 20 per IP", async () => {
    for (const email of [(await createTestClient(db())).email, `nobody-${randomUUID()}@example.test`]) {
      for (let request = 0; request < 5; request++) expect((await post("/password-reset", { email })).status).toBe(202);
      const refused = await post("/password-reset", { email });
      expect(await errorsOf(refused, 429)).toMatchObject([{ code: "rate_limited" }]);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    }
    const ip = randomIp();
    for (let request = 0; request < 20; request++) {
      expect(
        (await post("/password-reset", { email: `a${request}-${randomUUID()}@example.test` }, { ip })).status,
      ).toBe(202);
    }
    expect((await post("/password-reset", { email: `b-${randomUUID()}@example.test` }, { ip })).status).toBe(429);
  });

  it("points at a bad e-mail address", async () => {
    const errors = await errorsOf(await post("/password-reset", { email: "no" }), 422);
    expect(errors.map((error) => error.source?.pointer)).toEqual(["/email"]);
  });
});

describe("POST /auth/password-reset/check", () => {
  it("answers 200 for a usable link without spending it, and 422 at /token once it is used or expired", async () => {
    const client = await createTestClient(db());
    await post("/password-reset", { email: client.email });
    const mail = await mailedToken({ dataDir, address: client.email, kind: "reset_password" });
    for (let asked = 0; asked < 2; asked++) {
      const response = await post("/password-reset/check", { token: mail.token });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({});
    }
    expect((await post("/password-reset/confirm", { token: mail.token, password: NEW_PASSWORD })).status).toBe(200);
    expect(await errorsOf(await post("/password-reset/check", { token: mail.token }), 422)).toMatchObject([
      { source: { pointer: "/token" } },
    ]);

    await post("/password-reset", { email: client.email });
    const expiring = await mailedToken({
      dataDir,
      address: client.email,
      kind: "reset_password",
      ignore: [mail.token],
    });
    await db()
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(expiring.token)));
    expect((await post("/password-reset/check", { token: expiring.token })).status).toBe(422);
    expect((await post("/password-reset/check", { token: "unknown" })).status).toBe(422);
  });
});

describe("POST /auth/password-reset/confirm", () => {
  it("sets the new password, confirms the address and signs the account out everywhere", async () => {
    const client = await createTestClient(db(), { emailVerifiedAt: null });
    await post("/password-reset", { email: client.email });
    const mail = await mailedToken({ dataDir, address: client.email, kind: "reset_password" });

    const response = await post("/password-reset/confirm", { token: mail.token, password: NEW_PASSWORD });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    expect(await errorsOf(await signIn(client.email, client.password), 400)).toMatchObject([{ code: "invalid_grant" }]);
    await tokensOf(await signIn(client.email, NEW_PASSWORD));
    const [row] = await db().select({ at: clients.emailVerifiedAt }).from(clients).where(eq(clients.id, client.id));
    expect(row?.at).toBeInstanceOf(Date);
    // The sign-in from before the reset is over: its access and refresh tokens no longer work.
    expect((await post("/password", {}, { authorization: client.authorization })).status).toBe(401);
    expect((await refresh(client.tokens.refresh_token)).status).toBe(400);
    // The link works once.
    expect(
      await errorsOf(await post("/password-reset/confirm", { token: mail.token, password: NEW_PASSWORD }), 422),
    ).toMatchObject([{ source: { pointer: "/token" } }]);
  });

  it("keeps the link usable when the new password is refused, and spends the account's other links", async () => {
    const client = await createTestClient(db());
    await post("/password-reset", { email: client.email });
    const first = await mailedToken({ dataDir, address: client.email, kind: "reset_password" });
    await post("/password-reset", { email: client.email });
    const second = await mailedToken({ dataDir, address: client.email, kind: "reset_password", ignore: [first.token] });

    for (const password of ["short", "qwertyuiop", client.email]) {
      expect(
        await errorsOf(await post("/password-reset/confirm", { token: second.token, password }), 422),
      ).toMatchObject([{ source: { pointer: "/password" } }]);
    }
    expect((await post("/password-reset/confirm", { token: second.token, password: NEW_PASSWORD })).status).toBe(200);
    expect((await post("/password-reset/confirm", { token: first.token, password: NEW_PASSWORD })).status).toBe(422);
  });

  it("refuses an expired link and reports missing fields", async () => {
    const client = await createTestClient(db());
    await post("/password-reset", { email: client.email });
    const mail = await mailedToken({ dataDir, address: client.email, kind: "reset_password" });
    await db()
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(mail.token)));
    expect((await post("/password-reset/confirm", { token: mail.token, password: NEW_PASSWORD })).status).toBe(422);
    const errors = await errorsOf(await post("/password-reset/confirm", {}), 422);
    expect(errors.map((error) => error.source?.pointer)).toEqual(["/token", "/password"]);
  });
});
