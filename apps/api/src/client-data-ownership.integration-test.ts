import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectionDocument, ResourceObject } from "@termin/contracts/jsonapi";
import { DEMO_CLIENT } from "@termin/db/seed/demo/demo-client";
import { issueTokens } from "./auth/issue-tokens.ts";
import { readJson, startTestApi, type TestApi } from "./testing/start-test-api.ts";
import { createTestClient, type TestClient } from "./testing/test-clients.ts";

/**
 * Issue 4: every resource of a client answers only to its owner. The demo client owns some of everything
 * (forms, answers, notifications, saved places, likes); another signed-in client tries each of them by id
 * and must get 404, as if it did not exist, and must never see it in a list or an include.
 */
let api: TestApi;
let owner: { authorization: string };
let stranger: TestClient;

beforeAll(async () => {
  api = await startTestApi({ demoData: true });
  const tokens = await issueTokens({ db: api.database.db, clientId: DEMO_CLIENT.id });
  owner = { authorization: `Bearer ${tokens.access_token}` };
  stranger = await createTestClient(api.database.db);
});
afterAll(() => api.close());

const call = (who: { authorization: string }, method: string, path: string, body?: unknown) =>
  fetch(`${api.baseUrl}${path}`, {
    method,
    headers: {
      authorization: who.authorization,
      ...(body === undefined ? {} : { "content-type": "application/vnd.api+json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function ownIds(type: string, include = ""): Promise<string[]> {
  const response = await call(owner, "GET", `/v1c/${type}${include ? `?include=${include}` : ""}`);
  expect(response.status, type).toBe(200);
  const ids = (await readJson<CollectionDocument<ResourceObject>>(response)).data.map((resource) => resource.id);
  expect(ids.length, `the demo client has ${type}`).toBeGreaterThan(0);
  return ids;
}

describe("another client's data answers 404", () => {
  it("the account: read, change, delete, export, avatar", async () => {
    const path = `/v1c/clients/${DEMO_CLIENT.id}`;
    const patch = { data: { type: "clients", id: DEMO_CLIENT.id, attributes: { first_name: "Mallory" } } };
    for (const [method, target, body] of [
      ["GET", path, undefined],
      ["PATCH", path, patch],
      ["DELETE", path, undefined],
      ["GET", `${path}/export`, undefined],
      ["DELETE", `${path}/avatar`, undefined],
    ] as const) {
      expect((await call(stranger, method, target, body)).status, `${method} ${target}`).toBe(404);
    }
    const upload = await fetch(`${api.baseUrl}${path}/avatar`, {
      method: "PUT",
      headers: { authorization: stranger.authorization, "content-type": "image/png" },
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(upload.status).toBe(404);
    // Nothing changed: the owner still has their name and account, answered for them alone (no cache keeps it).
    const mine = await call(owner, "GET", "/v1c/clients/me");
    expect(mine.status).toBe(200);
    expect(mine.headers.get("cache-control")).toBe("private, no-store");
    expect(JSON.stringify(await mine.json())).toContain(DEMO_CLIENT.firstName);
  });

  it.each(["forms", "form-answers", "notifications", "user-locations", "likes"])("%s by id", async (type) => {
    for (const id of await ownIds(type)) {
      expect((await call(stranger, "GET", `/v1c/${type}/${id}`)).status, `GET ${type}/${id}`).toBe(404);
    }
  });

  it("appointments: each one's links.self answers its owner and no one else", async () => {
    const response = await call(owner, "GET", "/v1c/appointment-clients?include=appointment");
    const list = await readJson<CollectionDocument<ResourceObject>>(response);
    const appointments = (list.included ?? []).filter((resource) => resource.type === "appointments");
    expect(appointments.length, "the demo client has appointments").toBeGreaterThan(0);
    for (const appointment of appointments) {
      const self = String(appointment.links?.self);
      const own = await call(owner, "GET", self);
      expect(own.status, self).toBe(200);
      expect(own.headers.get("cache-control"), self).toBe("private, no-store");
      expect((await readJson<{ data: ResourceObject }>(own)).data).toMatchObject({
        type: "appointments",
        id: appointment.id,
      });
      expect((await call(stranger, "GET", self)).status, self).toBe(404);
    }
    for (const id of await ownIds("appointment-clients")) {
      expect((await call(stranger, "GET", `/v1c/appointment-clients/${id}`)).status).toBe(404);
    }
    // Its one shape may be narrowed with fields[appointments]; any other parameter is refused, as everywhere.
    const self = String(appointments[0]?.links?.self);
    const narrowed = await readJson<{ data: ResourceObject }>(
      await call(owner, "GET", `${self}?fields[appointments]=starts_at`),
    );
    expect(Object.keys(narrowed.data.attributes)).toEqual(["starts_at"]);
    for (const query of ["include=location", "sort=starts_at", "fields[appointments]=price", "foo=1"]) {
      expect((await call(owner, "GET", `${self}?${query}`)).status, query).toBe(400);
    }
  });

  it("marking another client's notification read", async () => {
    const [id] = await ownIds("notifications");
    const body = { data: { type: "notifications", id, attributes: { read: true } } };
    expect((await call(stranger, "PATCH", `/v1c/notifications/${id}`, body)).status).toBe(404);
  });

  it("answering another client's form", async () => {
    const forms = await call(owner, "GET", "/v1c/forms?filter[status]=pending");
    const [form] = (await readJson<CollectionDocument<ResourceObject>>(forms)).data;
    const answer = {
      data: {
        type: "form-answers",
        attributes: { values: {} },
        relationships: { form: { data: { type: "forms", id: form?.id } } },
      },
    };
    expect((await call(stranger, "POST", "/v1c/form-answers", answer)).status).toBe(404);
  });

  it("unsaving or unliking for someone else leaves the owner's saved places and likes alone", async () => {
    const saved = await ownIds("user-locations");
    const liked = await ownIds("likes");
    for (const id of saved) await call(stranger, "DELETE", `/v1c/user-locations/${id}`);
    for (const id of liked) await call(stranger, "DELETE", `/v1c/likes/${id}`);
    expect(await ownIds("user-locations")).toEqual(saved);
    expect(await ownIds("likes")).toEqual(liked);
  });

  it("lists and their includes hold only one's own resources", async () => {
    const includes: Record<string, string> = {
      forms: "business,formAnswer",
      "form-answers": "form",
      notifications: "",
      "user-locations": "location",
      likes: "",
    };
    for (const [type, include] of Object.entries(includes)) {
      const ownerIds = await ownIds(type, include);
      const response = await call(stranger, "GET", `/v1c/${type}${include ? `?include=${include}` : ""}`);
      expect(response.status, type).toBe(200);
      const document = await readJson<CollectionDocument<ResourceObject>>(response);
      expect(document.data, type).toEqual([]);
      const leaked = (document.included ?? []).filter((resource) => ownerIds.includes(resource.id));
      expect(leaked, type).toEqual([]);
    }
  });
});
