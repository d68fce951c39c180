import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FormAnswerResource, FormResource } from "@termin/contracts/form-resources";
import type { CollectionDocument, ErrorDocument, SingleDocument } from "@termin/contracts/jsonapi";
import { idOf, ofType } from "../../testing/jsonapi-test-helpers.ts";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../../testing/test-clients.ts";
import { createTestBusiness, sendTestForm, VALID_ANSWERS } from "../../testing/test-forms.ts";

let api: TestApi;
let alice: TestClient;
let bob: TestClient;
let businessId: number;
beforeAll(async () => {
  api = await startTestApi();
  [alice, bob] = await Promise.all([createTestClient(api.database.db), createTestClient(api.database.db)]);
  businessId = await createTestBusiness(api.database.db, "answers");
});
afterAll(() => api.close());

const sendForm = (client: TestClient) => sendTestForm(api.database.db, { clientId: client.id, businessId });

function post(client: TestClient, body: unknown) {
  return fetch(`${api.baseUrl}/v1c/form-answers`, {
    method: "POST",
    headers: { authorization: client.authorization, "content-type": "application/vnd.api+json" },
    body: JSON.stringify(body),
  });
}

const documentFor = (formId: string, values: unknown) => ({
  data: {
    type: "form-answers",
    attributes: { values },
    relationships: { form: { data: { type: "forms", id: formId } } },
  },
});

const submit = (client: TestClient, formId: string, values: unknown) => post(client, documentFor(formId, values));

async function read<T>(path: string, client: TestClient): Promise<T> {
  const response = await fetch(`${api.baseUrl}${path}`, { headers: { authorization: client.authorization } });
  expect(response.status, path).toBe(200);
  return readJson<T>(response);
}

/** The errors of a 422, as [field key, reason] in answer order, after checking each names its field for people. */
async function fieldErrors(response: Response): Promise<Array<[string, unknown]>> {
  expect(response.status).toBe(422);
  const { errors } = await readJson<ErrorDocument>(response);
  for (const error of errors) {
    expect(error).toMatchObject({ status: "422", code: "invalid_answer" });
    expect(error.detail.length).toBeGreaterThan(10);
  }
  return errors.map((error) => [
    error.source?.pointer?.replace("/data/attributes/values/", "") ?? "",
    error.meta?.reason,
  ]);
}

describe("POST /v1c/form-answers", () => {
  it("stores valid answers once (201, Location) and the form shows them", async () => {
    const formId = await sendForm(alice);
    const response = await submit(alice, formId, { ...VALID_ANSWERS, name: "  Maria  ", areas: ["Legs", "Face"] });
    expect(response.status).toBe(201);
    const { data } = await readJson<SingleDocument<FormAnswerResource>>(response);
    expect(response.headers.get("location")).toBe(`/v1c/form-answers/${data.id}`);
    expect(data).toMatchObject({
      type: "form-answers",
      // Trimmed, and choices in the form's order.
      attributes: { values: { ...VALID_ANSWERS, name: "Maria", areas: ["Face", "Legs"] } },
      relationships: { form: { data: { type: "forms", id: formId } } },
      links: { self: `/v1c/form-answers/${data.id}` },
    });
    expect(Date.now() - Date.parse(data.attributes.submitted_at)).toBeLessThan(60_000);

    const form = await read<SingleDocument<FormResource>>(`/v1c/forms/${formId}`, alice);
    expect(form.data.attributes.status).toBe("submitted");
    expect(idOf(form.data.relationships?.formAnswer)).toBe(data.id);
    const one = await read<SingleDocument<FormAnswerResource>>(`/v1c/form-answers/${data.id}?include=form`, alice);
    expect(one.data).toEqual(data);
    expect(ofType<FormResource>(one.included, "forms").map((item) => item.id)).toEqual([formId]);
  });

  it("answers 409 to a second submission, also when two arrive at once", async () => {
    const formId = await sendForm(alice);
    const statuses = await Promise.all([
      submit(alice, formId, VALID_ANSWERS),
      submit(alice, formId, { ...VALID_ANSWERS, name: "Other" }),
    ]).then((responses) => responses.map((response) => response.status));
    expect(statuses.sort()).toEqual([201, 409]);
    const again = await submit(alice, formId, VALID_ANSWERS);
    expect(again.status).toBe(409);
    expect((await readJson<ErrorDocument>(again)).errors[0]).toMatchObject({
      code: "conflict",
      detail: expect.any(String),
    });
    const answers = await read<CollectionDocument<FormAnswerResource>>(
      `/v1c/form-answers?filter[form]=${formId}`,
      alice,
    );
    expect(answers.data).toHaveLength(1);
  });

  it("answers 404 for another client's form and for an unknown one", async () => {
    const bobsForm = await sendForm(bob);
    for (const id of [bobsForm, "00000000-0000-4000-8000-000000000000", "42"]) {
      const response = await submit(alice, id, VALID_ANSWERS);
      expect(response.status, id).toBe(404);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.code).toBe("not_found");
    }
    const bobs = await read<SingleDocument<FormResource>>(`/v1c/forms/${bobsForm}`, bob);
    expect(bobs.data.attributes.status).toBe("pending");
  });

  it("reports every bad answer at its field, with a reason, and stores nothing", async () => {
    const formId = await sendForm(alice);
    const bad = await submit(alice, formId, {
      name: "M",
      notes: "x".repeat(51),
      age: 15,
      born: "2026-02-30",
      skin: "Greasy",
      areas: ["Face", "Arms"],
      allergies: "no",
      consent: false,
      nickname: "Mimi",
    });
    expect(await fieldErrors(bad)).toEqual([
      ["name", "too_short"],
      ["notes", "too_long"],
      ["age", "too_small"],
      ["born", "invalid_date"],
      ["skin", "invalid_option"],
      ["areas", "invalid_option"],
      ["allergies", "wrong_type"],
      ["consent", "consent_required"],
      ["nickname", "unknown_field"],
    ]);

    expect(await fieldErrors(await submit(alice, formId, {}))).toEqual([
      ["name", "required"],
      ["age", "required"],
      ["born", "required"],
      ["skin", "required"],
      ["allergies", "required"],
      ["consent", "consent_required"],
    ]);

    const wrongTypes = await submit(alice, formId, {
      ...VALID_ANSWERS,
      name: 5,
      notes: ["a"],
      age: "35",
      born: 19910417,
      skin: 1,
      areas: "Face",
      consent: "yes",
    });
    expect((await fieldErrors(wrongTypes)).map(([, reason]) => reason)).toEqual(Array(7).fill("wrong_type"));

    const tooLarge = await submit(alice, formId, { ...VALID_ANSWERS, name: "x".repeat(21), age: 121 });
    expect(await fieldErrors(tooLarge)).toEqual([
      ["name", "too_long"],
      ["age", "too_large"],
    ]);

    const form = await read<SingleDocument<FormResource>>(`/v1c/forms/${formId}`, alice);
    expect(form.data.attributes.status).toBe("pending");
  });

  it("refuses a fraction for a whole-number question and a date of birth in the future, in words", async () => {
    const formId = await sendForm(alice);
    const response = await submit(alice, formId, { ...VALID_ANSWERS, age: 20.5, born: "2030-01-01" });
    expect(await fieldErrors(response.clone())).toEqual([
      ["age", "not_integer"],
      ["born", "future_date"],
    ]);
    const { errors } = await readJson<ErrorDocument>(response);
    expect(errors.map((error) => error.detail)).toEqual([
      "Age: Give a whole number.",
      "Date of birth: Give a date that is not in the future.",
    ]);
    const form = await read<SingleDocument<FormResource>>(`/v1c/forms/${formId}`, alice);
    expect(form.data.attributes.status).toBe("pending");
  });

  it("words each error for a person, naming the question and its limits", async () => {
    const formId = await sendForm(alice);
    const response = await submit(alice, formId, { ...VALID_ANSWERS, age: 200, skin: "Greasy" });
    const { errors } = await readJson<ErrorDocument>(response);
    expect(errors.map((error) => [error.source?.pointer, error.detail])).toEqual([
      ["/data/attributes/values/age", "Age: Give a number of at most 120."],
      ["/data/attributes/values/skin", "Skin type: Choose from: Dry, Oily, Normal."],
    ]);
  });

  it("refuses a malformed document with 422 at the bad member, and another resource type with 409", async () => {
    const formId = await sendForm(alice);
    const cases: Array<[unknown, string]> = [
      [{}, "/data"],
      [
        { data: { type: "form-answers", relationships: documentFor(formId, {}).data.relationships } },
        "/data/attributes",
      ],
      [documentFor(formId, ["Maria"]), "/data/attributes/values"],
      [{ data: { ...documentFor(formId, {}).data, relationships: {} } }, "/data/relationships/form"],
      [
        { data: { ...documentFor(formId, {}).data, attributes: { values: {}, submitted_at: "2020-01-01" } } },
        "/data/attributes/submitted_at",
      ],
    ];
    for (const [body, pointer] of cases) {
      const response = await post(alice, body);
      expect(response.status, pointer).toBe(422);
      const [error] = (await readJson<ErrorDocument>(response)).errors;
      expect(error?.source?.pointer, JSON.stringify(body)).toBe(pointer);
    }
    const wrongType = await post(alice, { data: { ...documentFor(formId, {}).data, type: "forms" } });
    expect(wrongType.status).toBe(409);
    expect((await readJson<ErrorDocument>(wrongType)).errors[0]?.source?.pointer).toBe("/data/type");
    const form = await read<SingleDocument<FormResource>>(`/v1c/forms/${formId}`, alice);
    expect(form.data.attributes.status).toBe("pending");
  });
});

describe("GET /v1c/form-answers", () => {
  it("lists and shows only the signed-in client's answers; includes never reach another client's forms", async () => {
    const [alicesForm, bobsForm] = await Promise.all([sendForm(alice), sendForm(bob)]);
    const alicesAnswer = await readJson<SingleDocument<FormAnswerResource>>(
      await submit(alice, alicesForm, VALID_ANSWERS),
    );
    const bobsAnswer = await readJson<SingleDocument<FormAnswerResource>>(await submit(bob, bobsForm, VALID_ANSWERS));

    const bobs = await read<CollectionDocument<FormAnswerResource>>("/v1c/form-answers?include=form", bob);
    expect(bobs.data.map((answer) => answer.id)).toEqual([bobsAnswer.data.id]);
    expect(ofType(bobs.included, "forms").map((form) => form.id)).toEqual([bobsForm]);
    expect(JSON.stringify(bobs)).not.toContain(alicesForm);

    const notBobs = await fetch(`${api.baseUrl}/v1c/form-answers/${alicesAnswer.data.id}?include=form`, {
      headers: { authorization: bob.authorization },
    });
    expect(notBobs.status).toBe(404);
    expect(JSON.stringify(await readJson<ErrorDocument>(notBobs))).not.toContain(alicesForm);

    const alices = await read<CollectionDocument<FormAnswerResource>>("/v1c/form-answers?page[size]=100", alice);
    expect(alices.data.map((answer) => answer.id)).toContain(alicesAnswer.data.id);
    expect(alices.data.map((answer) => answer.id)).not.toContain(bobsAnswer.data.id);
    const dates = alices.data.map((answer) => answer.attributes.submitted_at);
    expect(dates).toEqual([...dates].sort().reverse());

    const filtered = await read<CollectionDocument<FormAnswerResource>>(
      `/v1c/form-answers?filter[form]=${bobsForm}`,
      alice,
    );
    expect(filtered.data).toEqual([]);
    const malformed = await fetch(`${api.baseUrl}/v1c/form-answers?filter[form]=${bobsForm},not-a-uuid`, {
      headers: { authorization: alice.authorization },
    });
    expect(malformed.status).toBe(400);
    expect((await readJson<ErrorDocument>(malformed)).errors[0]?.source).toEqual({ parameter: "filter[form]" });
  });

  it("answers 404 for unknown and malformed ids and 400 for unknown parameters", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "abc"]) {
      const response = await fetch(`${api.baseUrl}/v1c/form-answers/${id}`, {
        headers: { authorization: alice.authorization },
      });
      expect(response.status, id).toBe(404);
    }
    for (const query of ["filter[status]=pending", "sort=values", "include=business"]) {
      const response = await fetch(`${api.baseUrl}/v1c/form-answers?${query}`, {
        headers: { authorization: alice.authorization },
      });
      expect(response.status, query).toBe(400);
    }
  });
});
