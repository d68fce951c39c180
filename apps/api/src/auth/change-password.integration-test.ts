import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../testing/start-test-api.ts";
import { createTestClient } from "../testing/test-clients.ts";
import { authRequests, errorsOf, tokensOf } from "./auth-test-helpers.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const { post, signIn, refresh } = authRequests(() => api);
const db = () => api.database.db;
const NEW_PASSWORD = "seven green bicycles";

describe("POST /auth/password", () => {
  it("changes the password and signs out every other device, not this one", async () => {
    const client = await createTestClient(db());
    const otherDevice = await tokensOf(await signIn(client.email, client.password));
    const response = await post(
      "/password",
      { current_password: client.password, new_password: NEW_PASSWORD },
      { authorization: client.authorization },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    await tokensOf(await signIn(client.email, NEW_PASSWORD));
    expect((await signIn(client.email, client.password)).status).toBe(400);
    // This device stays signed in; the other one is out.
    await tokensOf(await refresh(client.tokens.refresh_token));
    expect((await refresh(otherDevice.refresh_token)).status).toBe(400);
    expect((await post("/password", {}, { authorization: `Bearer ${otherDevice.access_token}` })).status).toBe(401);
  });

  it("answers 422 at /current_password when it is wrong or missing", async () => {
    const client = await createTestClient(db());
    const bodies: Record<string, string>[] = [
      { current_password: "not it", new_password: NEW_PASSWORD },
      { new_password: NEW_PASSWORD },
    ];
    for (const body of bodies) {
      expect(await errorsOf(await post("/password", body, { authorization: client.authorization }), 422)).toMatchObject(
        [{ code: "wrong_password", source: { pointer: "/current_password" } }],
      );
    }
    await tokensOf(await signIn(client.email, client.password));
  });

  it("counts wrong current passwords as failed sign-ins", async () => {
    const client = await createTestClient(db());
    for (let attempt = 0; attempt < 10; attempt++) {
      const body = { current_password: "guess", new_password: NEW_PASSWORD };
      expect((await post("/password", body, { authorization: client.authorization })).status).toBe(422);
    }
    const body = { current_password: client.password, new_password: NEW_PASSWORD };
    expect(await errorsOf(await post("/password", body, { authorization: client.authorization }), 429)).toMatchObject([
      { code: "rate_limited" },
    ]);
  });

  it("applies the password rules to the new password", async () => {
    const client = await createTestClient(db());
    for (const newPassword of ["short", "password1", client.email, "z".repeat(129)]) {
      const body = { current_password: client.password, new_password: newPassword };
      expect(await errorsOf(await post("/password", body, { authorization: client.authorization }), 422)).toMatchObject(
        [{ source: { pointer: "/new_password" } }],
      );
    }
  });

  it("lets an account made by social login set a first password without a current one", async () => {
    const client = await createTestClient(db(), { passwordHash: null });
    const response = await post("/password", { new_password: NEW_PASSWORD }, { authorization: client.authorization });
    expect(response.status).toBe(200);
    await tokensOf(await signIn(client.email, NEW_PASSWORD));
  });

  it("answers 401 without a valid access token, and for the access token of a signed-out sign-in", async () => {
    expect(await errorsOf(await post("/password", { new_password: NEW_PASSWORD }), 401)).toMatchObject([
      { code: "unauthenticated" },
    ]);
    const client = await createTestClient(db());
    expect((await post("/password", {}, { authorization: client.authorization })).status).toBe(422);
    await post("/revoke", { token: client.tokens.refresh_token });
    expect(await errorsOf(await post("/password", {}, { authorization: client.authorization }), 401)).toMatchObject([
      { code: "invalid_token" },
    ]);
  });
});
