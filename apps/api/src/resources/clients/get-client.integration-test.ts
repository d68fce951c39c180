import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AvatarResource, ClientResource } from "@termin/contracts/client-resources";
import type { ErrorDocument, SingleDocument } from "@termin/contracts/jsonapi";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../../testing/test-clients.ts";
import { idOf, ofType } from "../../testing/jsonapi-test-helpers.ts";

let api: TestApi;
let client: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  client = await createTestClient(api.database.db, {
    firstName: "Мария",
    lastName: "Петрова",
    phone: "888123456",
    phoneCountry: "BG",
    country: "BG",
    language: "bg",
    birthdate: "1990-05-17",
    gender: "female",
    favorite: true,
  });
});
afterAll(() => api.close());

const get = (path: string, authorization?: string) =>
  fetch(`${api.baseUrl}${path}`, { headers: authorization ? { authorization } : {} });

describe("GET /v1c/clients/me", () => {
  it("answers the signed-in client's own account, never the password hash", async () => {
    const response = await get("/v1c/clients/me", client.authorization);
    expect(response.status).toBe(200);
    const { data } = await readJson<SingleDocument<ClientResource>>(response);
    expect(data).toMatchObject({
      type: "clients",
      id: client.id,
      attributes: {
        first_name: "Мария",
        last_name: "Петрова",
        email: client.email,
        email_verified: true,
        phone: "888123456",
        gender: "female",
        birthdate: "1990-05-17",
        active: true,
        favorite: true,
        deleted_at: null,
        has_password: true,
        accept_marketing_notifications: false,
        accept_online_appointments: true,
      },
      links: { self: `/v1c/clients/${client.id}` },
    });
    expect(idOf(data.relationships?.language)).toBe("bg");
    expect(idOf(data.relationships?.country)).toBe("BG");
    expect(idOf(data.relationships?.phoneCountry)).toBe("BG");
    expect(data.relationships?.avatar?.data).toBeNull();
    expect(JSON.stringify(data)).not.toContain("argon2");
  });

  it("includes the language named in itself on request", async () => {
    const document = await readJson<SingleDocument<ClientResource>>(
      await get("/v1c/clients/me?include=avatar,language", client.authorization),
    );
    expect(ofType<AvatarResource>(document.included, "avatars")).toEqual([]);
    expect(ofType(document.included, "languages")).toEqual([
      { type: "languages", id: "bg", attributes: { code: "bg", name: "Български" } },
    ]);
  });

  it("answers 401 without a token and with a bad one", async () => {
    const anonymous = await get("/v1c/clients/me");
    expect(anonymous.status).toBe(401);
    expect((await readJson<ErrorDocument>(anonymous)).errors[0]?.code).toBe("unauthenticated");
    const bad = await get("/v1c/clients/me", "Bearer not-a-token");
    expect(bad.status).toBe(401);
    expect((await readJson<ErrorDocument>(bad)).errors[0]?.code).toBe("invalid_token");
  });

  it("answers 400 for an include it does not know", async () => {
    const response = await get("/v1c/clients/me?include=appointments", client.authorization);
    expect(response.status).toBe(400);
    expect((await readJson<ErrorDocument>(response)).errors[0]?.source?.parameter).toBe("include");
  });
});

describe("GET /v1c/clients/:id", () => {
  it("answers one's own id like me", async () => {
    const response = await get(`/v1c/clients/${client.id}`, client.authorization);
    expect(response.status).toBe(200);
    expect((await readJson<SingleDocument<ClientResource>>(response)).data.id).toBe(client.id);
  });

  it("answers 404 for another client's id, an unknown id and a malformed one", async () => {
    const other = await createTestClient(api.database.db);
    for (const id of [other.id, "00000000-0000-4000-8000-000000000000", "42"]) {
      const response = await get(`/v1c/clients/${id}`, client.authorization);
      expect(response.status, id).toBe(404);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.code).toBe("not_found");
    }
  });
});

describe("OpenAPI", () => {
  it("documents the account, its picture and export, countries and avatar pictures", async () => {
    const document = await readJson<{ paths: Record<string, object> }>(await get("/v1c/openapi.json"));
    const methods = (path: string) => Object.keys(document.paths[path] ?? {}).sort();
    expect(methods("/v1c/clients/{id}")).toEqual(["delete", "get", "patch"]);
    expect(methods("/v1c/clients/{id}/export")).toEqual(["get"]);
    expect(methods("/v1c/clients/{id}/avatar")).toEqual(["delete", "put"]);
    expect(methods("/v1c/countries")).toEqual(["get"]);
    expect(methods("/v1c/countries/{id}")).toEqual(["get"]);
    expect(methods("/avatars/{id}")).toEqual(["get"]);
  });
});
