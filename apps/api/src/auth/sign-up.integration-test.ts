import { rmSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "@termin/db/account-schema";
import { startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { authRequests, errorsOf, mailedToken, tempDataDir, tokensOf } from "./auth-test-helpers.ts";

let api: TestApi;
const dataDir = tempDataDir();
beforeAll(async () => {
  api = await startTestApi({ env: { DATA_DIR: dataDir, PUBLIC_URL: "https://termin.example" } });
});
afterAll(async () => {
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const { post, signIn } = authRequests(() => api);
const db = () => api.database.db;

const newEmail = () => `new-${randomUUID()}@example.test`;
const signUp = (fields: Record<string, string> = {}, options?: { form?: boolean }) =>
  post(
    "/sign-up",
    {
      email: newEmail(),
      password: "a lilac door in winter",
      first_name: "Mila",
      last_name: "Petrova",
      language: "bg",
      ...fields,
    },
    options,
  );

async function stored(email: string) {
  const [row] = await db().select().from(clients).where(eq(clients.email, email));
  return row;
}

describe("POST /auth/sign-up", () => {
  it("creates the account, signs it in at once and mails a verification link in the client's language", async () => {
    const email = newEmail();
    const response = await signUp({ email: `  ${email.toUpperCase()} `, first_name: " Mila " });
    expect(response.status).toBe(201);
    const tokens = await tokensOf(response);
    // The access token works: a signed-in request gets past authentication (and fails on its empty body).
    expect((await post("/password", {}, { authorization: `Bearer ${tokens.access_token}` })).status).toBe(422);

    const row = await stored(email);
    expect(row).toMatchObject({ email, firstName: "Mila", lastName: "Petrova", language: "bg", emailVerifiedAt: null });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(row?.passwordHash).not.toContain("a lilac door in winter");

    const mail = await mailedToken({ dataDir, address: email, kind: "verify_email" });
    expect(mail.link).toBe(`https://termin.example/bg/verify-email?token=${mail.token}`);
    // The same password signs in again.
    await tokensOf(await signIn(email, "a lilac door in winter"));
  });

  it("accepts a form and stores a phone number as its national digits with the country", async () => {
    const email = newEmail();
    await tokensOf(await signUp({ email, phone: "088 123 4567", phone_country: "BG" }, { form: true }));
    expect(await stored(email)).toMatchObject({ phone: "881234567", phoneCountry: "BG" });
    // An empty phone field (as a form sends it) is no phone.
    const noPhone = newEmail();
    await tokensOf(await signUp({ email: noPhone, phone: "", phone_country: "" }, { form: true }));
    expect(await stored(noPhone)).toMatchObject({ phone: null, phoneCountry: null });
  });

  it("answers 409 at /email for an address a live account has, and lets a deleted account's address be reused", async () => {
    const existing = await createTestClient(db());
    expect(await errorsOf(await signUp({ email: existing.email.toUpperCase() }), 409)).toMatchObject([
      { code: "conflict", source: { pointer: "/email" } },
    ]);
    const deleted = await createTestClient(db(), { deletedAt: new Date() });
    await tokensOf(await signUp({ email: deleted.email }));
  });

  it("answers 409 to one of two sign-ups with one address at the same moment", async () => {
    const email = newEmail();
    const statuses = (await Promise.all([signUp({ email }), signUp({ email })])).map((response) => response.status);
    expect(statuses.sort()).toEqual([201, 409]);
  });

  it("refuses short, long, common and e-mail passwords", async () => {
    const email = newEmail();
    for (const password of ["short1!", "x".repeat(129), "password123", "Iloveyou1", email]) {
      const errors = await errorsOf(await signUp({ email, password }), 422);
      expect(errors, password).toMatchObject([{ code: "invalid_body", source: { pointer: "/password" } }]);
    }
    // Length counts characters: 8 emoji are 8 characters, 128 are allowed.
    await tokensOf(await signUp({ password: "🌸".repeat(8) }));
    await tokensOf(await signUp({ password: "y".repeat(120) + "zzzzzzzz" }));
  });

  it("reports every bad field with its pointer", async () => {
    const response = await post("/sign-up", { email: "not-an-address", password: "", language: "xx" });
    const pointers = (await errorsOf(response, 422)).map((error) => error.source?.pointer);
    expect(pointers.sort()).toEqual(["/email", "/first_name", "/language", "/last_name", "/password"]);
  });

  it("refuses a phone number that does not fit its country, or one without a country", async () => {
    expect(await errorsOf(await signUp({ phone: "12", phone_country: "BG" }), 422)).toMatchObject([
      { source: { pointer: "/phone" } },
    ]);
    expect(await errorsOf(await signUp({ phone: "0881234567" }), 422)).toMatchObject([
      { source: { pointer: "/phone_country" } },
    ]);
    expect(await errorsOf(await signUp({ phone: "0881234567", phone_country: "XX" }), 422)).toMatchObject([
      { source: { pointer: "/phone_country" } },
    ]);
  });
});
