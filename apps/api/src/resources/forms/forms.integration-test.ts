import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BusinessResource } from "@termin/contracts/catalogue-resources";
import type { FormAnswerResource, FormResource } from "@termin/contracts/form-resources";
import type { CollectionDocument, ErrorDocument, SingleDocument } from "@termin/contracts/jsonapi";
import { DEMO_CLIENT } from "@termin/db/seed/demo/demo-client";
import { latestToday, validateFormAnswers } from "@termin/domain/form-answers";
import { issueTokens } from "../../auth/issue-tokens.ts";
import { idOf, ofType } from "../../testing/jsonapi-test-helpers.ts";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../../testing/test-clients.ts";
import { EVERY_FIELD_TYPE, sendTestForm, VALID_ANSWERS } from "../../testing/test-forms.ts";

let api: TestApi;
let alice: TestClient;
let bob: TestClient;
const sent: Record<"older" | "newer" | "bobs", string> = { older: "", newer: "", bobs: "" };

beforeAll(async () => {
  api = await startTestApi({ demoData: true });
  const db = api.database.db;
  [alice, bob] = await Promise.all([createTestClient(db), createTestClient(db)]);
  sent.older = await sendTestForm(db, {
    clientId: alice.id,
    businessId: 1,
    name: "Older form",
    sentAt: new Date("2026-01-05T10:00:00Z"),
  });
  sent.newer = await sendTestForm(db, {
    clientId: alice.id,
    businessId: 2,
    name: "Newer form",
    sentAt: new Date("2026-03-05T10:00:00Z"),
  });
  sent.bobs = await sendTestForm(db, { clientId: bob.id, businessId: 3, name: "Bob's form" });
});
afterAll(() => api.close());

const request = (path: string, authorization?: string, init: RequestInit = {}) =>
  fetch(`${api.baseUrl}${path}`, {
    ...init,
    headers: { ...init.headers, ...(authorization ? { authorization } : {}) },
  });

async function read<T>(path: string, client: TestClient | string): Promise<T> {
  const response = await request(path, typeof client === "string" ? client : client.authorization);
  expect(response.status, path).toBe(200);
  return readJson<T>(response);
}

function submit(client: TestClient, formId: string, values: Record<string, unknown>) {
  return request("/v1c/form-answers", client.authorization, {
    method: "POST",
    headers: { "content-type": "application/vnd.api+json" },
    body: JSON.stringify({
      data: {
        type: "form-answers",
        attributes: { values },
        relationships: { form: { data: { type: "forms", id: formId } } },
      },
    }),
  });
}

describe("signing in", () => {
  it("is required for every forms and form-answers endpoint (401, JSON:API)", async () => {
    const endpoints: Array<[string, string]> = [
      ["GET", "/v1c/forms"],
      ["GET", `/v1c/forms/${sent.older}`],
      ["GET", "/v1c/form-answers"],
      ["GET", "/v1c/form-answers/00000000-0000-4000-8000-000000000000"],
      ["POST", "/v1c/form-answers"],
    ];
    for (const [method, path] of endpoints) {
      for (const authorization of [undefined, "Bearer not-a-token"]) {
        const response = await request(path, authorization, {
          method,
          ...(method === "POST" ? { headers: { "content-type": "application/json" }, body: "{}" } : {}),
        });
        expect(response.status, `${method} ${path}`).toBe(401);
        const [error] = (await readJson<ErrorDocument>(response)).errors;
        expect(error?.code).toBe(authorization ? "invalid_token" : "unauthenticated");
      }
    }
  });
});

describe("GET /v1c/forms", () => {
  it("lists the forms sent to the signed-in client only, newest first, pending until answered", async () => {
    const body = await read<CollectionDocument<FormResource>>("/v1c/forms", alice);
    expect(body.data.map((form) => form.id)).toEqual([sent.newer, sent.older]);
    expect(body.meta.total).toBe(2);
    expect(body.data[0]).toEqual({
      type: "forms",
      id: sent.newer,
      attributes: {
        name: "Newer form",
        delivery_type: "before_first_visit",
        fields: EVERY_FIELD_TYPE,
        sent_at: "2026-03-05T10:00:00.000Z",
        status: "pending",
      },
      relationships: {
        business: { data: { type: "businesses", id: "2" } },
        formAnswer: { data: null },
      },
      links: { self: `/v1c/forms/${sent.newer}` },
    });
    const bobs = await read<CollectionDocument<FormResource>>("/v1c/forms", bob);
    expect(bobs.data.map((form) => form.id)).toEqual([sent.bobs]);
  });

  it("pages like every list, sorts by sent_at and includes the sending businesses' names and slugs", async () => {
    const first = await read<CollectionDocument<FormResource>>("/v1c/forms?page[size]=1&include=business", alice);
    expect(first.data.map((form) => form.id)).toEqual([sent.newer]);
    expect(first.meta).toEqual({ total: 2, pageNumber: 1, pageSize: 1, pageCount: 2 });
    expect(first.links.next).toBe("/v1c/forms?page%5Bsize%5D=1&include=business&page%5Bnumber%5D=2");
    expect(ofType<BusinessResource>(first.included, "businesses")).toEqual([
      expect.objectContaining({
        id: "2",
        attributes: expect.objectContaining({ name: expect.any(String), slug: expect.any(String) }),
      }),
    ]);
    const pastTheEnd = await read<CollectionDocument<FormResource>>("/v1c/forms?page[number]=9", alice);
    expect([pastTheEnd.data, pastTheEnd.meta.total]).toEqual([[], 2]);
    const oldestFirst = await read<CollectionDocument<FormResource>>("/v1c/forms?sort=sent_at", alice);
    expect(oldestFirst.data.map((form) => form.id)).toEqual([sent.older, sent.newer]);
  });

  it("filters by status, and refuses unknown statuses, sorts and includes with 400", async () => {
    const pending = await read<CollectionDocument<FormResource>>("/v1c/forms?filter[status]=pending", bob);
    expect(pending.data.map((form) => form.id)).toEqual([sent.bobs]);
    const none = await read<CollectionDocument<FormResource>>("/v1c/forms?filter[status]=submitted", bob);
    expect(none.data).toEqual([]);
    expect(none.meta.total).toBe(0);
    for (const query of ["filter[status]=done", "sort=name", "include=client", "filter[business]=1"]) {
      const response = await request(`/v1c/forms?${query}`, alice.authorization);
      expect(response.status, query).toBe(400);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.detail).toBeTruthy();
    }
  });
});

describe("GET /v1c/forms/:id", () => {
  it("answers the client's own form with its business", async () => {
    const body = await read<SingleDocument<FormResource>>(`/v1c/forms/${sent.older}?include=business`, alice);
    expect(body.data.attributes.name).toBe("Older form");
    expect(ofType(body.included, "businesses").map((business) => business.id)).toEqual(["1"]);
  });

  it("answers 404 for another client's form, an unknown id and a malformed one", async () => {
    for (const id of [sent.bobs, "00000000-0000-4000-8000-000000000000", "1", "not-a-uuid"]) {
      const response = await request(`/v1c/forms/${id}`, alice.authorization);
      expect(response.status, id).toBe(404);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.code).toBe("not_found");
    }
  });

  it("shows the answer once submitted, and includes it only for its owner", async () => {
    const formId = await sendTestForm(api.database.db, { clientId: alice.id, businessId: 1, name: "Answered" });
    expect((await submit(alice, formId, VALID_ANSWERS)).status).toBe(201);
    const body = await read<SingleDocument<FormResource>>(`/v1c/forms/${formId}?include=formAnswer`, alice);
    expect(body.data.attributes.status).toBe("submitted");
    const [answer] = ofType<FormAnswerResource>(body.included, "form-answers");
    expect(idOf(body.data.relationships?.formAnswer)).toBe(answer?.id);
    expect(answer?.attributes.values).toEqual(VALID_ANSWERS);
    const submitted = await read<CollectionDocument<FormResource>>("/v1c/forms?filter[status]=submitted", alice);
    expect(submitted.data.map((form) => form.id)).toEqual([formId]);
    // Bob's list with every include holds nothing of Alice's.
    const bobs = await read<CollectionDocument<FormResource>>("/v1c/forms?include=formAnswer,business", bob);
    expect(JSON.stringify(bobs)).not.toContain(formId);
    expect(JSON.stringify(bobs)).not.toContain(answer?.id);
    expect(ofType(bobs.included, "form-answers")).toEqual([]);
  });
});

describe("the demo client's forms", () => {
  it("has four forms waiting and one answered, whose stored answers fit its questions", async () => {
    const tokens = await issueTokens({ db: api.database.db, clientId: DEMO_CLIENT.id });
    const demo = `Bearer ${tokens.access_token}`;
    const body = await read<CollectionDocument<FormResource>>("/v1c/forms?include=business,formAnswer", demo);
    expect(body.data.map((form) => [form.attributes.name, form.attributes.status])).toEqual([
      ["New client intake", "pending"],
      ["Patch test consent", "pending"],
      ["Health questionnaire", "pending"],
      ["Анкета преди първия час", "pending"],
      ["Appointment policy", "submitted"],
    ]);
    const types = new Set(body.data.flatMap((form) => form.attributes.fields.map((field) => field.type)));
    expect(types.size).toBe(8);
    const health = body.data.find((form) => form.attributes.name === "Health questionnaire");
    expect(new Set(health?.attributes.fields.map((field) => field.type)).size).toBe(8);
    const answered = body.data.find((form) => form.attributes.status === "submitted");
    const [answer] = ofType<FormAnswerResource>(body.included, "form-answers");
    expect(idOf(answered?.relationships?.formAnswer)).toBe(answer?.id);
    expect(
      validateFormAnswers(answered?.attributes.fields ?? [], answer?.attributes.values ?? {}, latestToday(new Date()))
        .ok,
    ).toBe(true);
    expect(ofType<BusinessResource>(body.included, "businesses").length).toBeGreaterThan(1);
  });
});

describe("the OpenAPI document", () => {
  it("describes the forms and form-answers endpoints with their errors", async () => {
    const response = await request("/v1c/openapi.json");
    const document = await readJson<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    }>(response);
    expect(Object.keys(document.paths["/v1c/forms"] ?? {})).toEqual(["get"]);
    // Their own answers, those every operation may give (400, 500, 503; 413, 415 and 422 with a body), and a
    // signed-in operation's 403 for a token without its scope.
    expect(Object.keys(document.paths["/v1c/forms/{id}"]?.get?.responses ?? {})).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "500",
      "503",
    ]);
    expect(Object.keys(document.paths["/v1c/form-answers"]?.post?.responses ?? {})).toEqual([
      "201",
      "400",
      "401",
      "403",
      "404",
      "409",
      "413",
      "415",
      "422",
      "500",
      "503",
    ]);
    expect(document.paths["/v1c/form-answers/{id}"]?.get).toBeDefined();
    for (const schema of ["Form", "FormField", "FormAnswer", "FormAnswerCreate"]) {
      expect(document.components.schemas[schema], schema).toBeDefined();
    }
  });
});
