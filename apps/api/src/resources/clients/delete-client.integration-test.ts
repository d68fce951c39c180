import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientResource } from "@termin/contracts/client-resources";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import { authRequests, tokensOf } from "../../auth/auth-test-helpers.ts";
import { issueTokens } from "../../auth/issue-tokens.ts";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient } from "../../testing/test-clients.ts";
import { clientRequests, errorsOf } from "./client-test-requests.ts";
import { samplePicture } from "./sample-pictures.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const requests = clientRequests(() => api);
const refresh = (refreshToken: string) =>
  fetch(`${api.baseUrl}/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ grant_type: "refresh_token", refresh_token: refreshToken }),
  });

describe("DELETE /v1c/clients/:id", () => {
  it("deletes the account: every sign-in ends, the picture is gone, the e-mail is free again", async () => {
    const client = await createTestClient(api.database.db);
    const otherDevice = await issueTokens({ db: api.database.db, clientId: client.id });
    const upload = await requests.put(
      `/v1c/clients/me/avatar`,
      client.authorization,
      await samplePicture("png"),
      "image/png",
    );
    const avatarId = (await readJson<SingleDocument<ClientResource>>(upload)).data.relationships?.avatar?.data;

    const response = await requests.delete(`/v1c/clients/${client.id}`, client.authorization);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");

    await errorsOf(await requests.get("/v1c/clients/me", client.authorization), 401);
    await errorsOf(await requests.get("/v1c/clients/me", `Bearer ${otherDevice.access_token}`), 401);
    expect((await refresh(otherDevice.refresh_token)).status).toBe(400);
    expect((await fetch(`${api.baseUrl}/avatars/${(avatarId as { id: string }).id}?s=96`)).status).toBe(404);

    const signUp = await authRequests(() => api).post("/sign-up", {
      email: client.email,
      password: "a new and long passphrase",
      first_name: "Again",
      last_name: "Client",
      language: "en",
    });
    const tokens = await tokensOf(signUp);
    const { data } = await readJson<SingleDocument<ClientResource>>(
      await requests.get("/v1c/clients/me", `Bearer ${tokens.access_token}`),
    );
    expect(data.id).not.toBe(client.id);
    expect(data.attributes).toMatchObject({ email: client.email, first_name: "Again" });
  });

  it("answers 401 when not signed in and 404 for another client's account, which lives on", async () => {
    const client = await createTestClient(api.database.db);
    const other = await createTestClient(api.database.db);
    await errorsOf(await requests.delete(`/v1c/clients/${other.id}`), 401);
    await errorsOf(await requests.delete(`/v1c/clients/${other.id}`, client.authorization), 404);
    expect((await requests.get("/v1c/clients/me", other.authorization)).status).toBe(200);
  });
});
