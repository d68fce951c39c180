import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClientResource, CountryResource } from "@termin/contracts/client-resources";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import { idOf, ofType } from "../../testing/jsonapi-test-helpers.ts";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../../testing/test-clients.ts";
import { clientRequests, errorsOf } from "./client-test-requests.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const { get, patch } = clientRequests(() => api);
const newClient = (fields?: Parameters<typeof createTestClient>[1]) => createTestClient(api.database.db, fields);

const change = (client: TestClient, attributes: object = {}, relationships: object = {}) =>
  patch(`/v1c/clients/${client.id}`, client.authorization, {
    data: { type: "clients", id: client.id, attributes, relationships },
  });

const countries = (code: string | null) => ({ data: code === null ? null : { type: "countries", id: code } });

describe("PATCH /v1c/clients/:id", () => {
  it("changes every writable field and answers the client as it now is", async () => {
    const client = await newClient();
    const response = await patch(`/v1c/clients/me?include=country,phoneCountry,language`, client.authorization, {
      data: {
        type: "clients",
        id: client.id,
        attributes: {
          first_name: "  Иван ",
          last_name: "Иванов",
          phone: "088 123 4567",
          gender: "male",
          birthdate: "1985-02-28",
          address: "ул. Шипка 6",
          city: "София",
          accept_marketing_notifications: true,
          accept_online_appointments: false,
        },
        relationships: {
          country: countries("BG"),
          phoneCountry: countries("BG"),
          language: { data: { type: "languages", id: "bg" } },
        },
      },
    });
    expect(response.status).toBe(200);
    const document = await readJson<SingleDocument<ClientResource>>(response);
    expect(document.data.attributes).toMatchObject({
      first_name: "Иван",
      last_name: "Иванов",
      phone: "881234567",
      gender: "male",
      birthdate: "1985-02-28",
      address: "ул. Шипка 6",
      city: "София",
      accept_marketing_notifications: true,
      accept_online_appointments: false,
    });
    expect(idOf(document.data.relationships?.language)).toBe("bg");
    expect(ofType<CountryResource>(document.included, "countries")).toEqual([
      expect.objectContaining({ id: "BG", attributes: { name: "Bulgaria", phone_code: "359" } }),
    ]);
    // And it stays changed.
    const again = await readJson<SingleDocument<ClientResource>>(await get("/v1c/clients/me", client.authorization));
    expect(again.data.attributes.first_name).toBe("Иван");
    expect(idOf(again.data.relationships?.phoneCountry)).toBe("BG");
  });

  it("leaves fields it was not sent alone and clears optional ones sent empty or null", async () => {
    const client = await newClient({ city: "Varna", address: "Main 1", gender: "female", birthdate: "1990-01-01" });
    const response = await change(client, { city: "", address: null, gender: null, birthdate: null });
    const { attributes } = (await readJson<SingleDocument<ClientResource>>(response)).data;
    expect(attributes).toMatchObject({ city: null, address: null, gender: null, birthdate: null });
    expect(attributes.first_name).toBe("Test");
  });

  it("keeps a number typed with another country's + code with that country", async () => {
    const client = await newClient();
    const response = await change(client, { phone: "+44 20 7946 0958" }, { phoneCountry: countries("BG") });
    const { data } = await readJson<SingleDocument<ClientResource>>(response);
    expect(data.attributes.phone).toBe("2079460958");
    expect(idOf(data.relationships?.phoneCountry)).toBe("GB");
  });

  it("checks a number against the country kept from before, and a new country against the number kept", async () => {
    const client = await newClient({ phone: "881234567", phoneCountry: "BG" });
    expect((await change(client, { phone: "887 654 321" })).status).toBe(200);
    const errors = await errorsOf(await change(client, {}, { phoneCountry: countries("US") }), 422);
    expect(errors).toEqual([expect.objectContaining({ source: { pointer: "/data/relationships/phoneCountry" } })]);
  });

  it("answers every bad field at once, each at its own pointer, and changes nothing", async () => {
    const client = await newClient();
    const response = await change(
      client,
      {
        first_name: " ",
        last_name: "x".repeat(101),
        gender: "robot",
        birthdate: "1990-02-30",
        address: "x".repeat(201),
        city: 5,
        accept_marketing_notifications: "yes",
        accept_online_appointments: null,
        nickname: "Vanko",
      },
      { country: countries("XX"), language: { data: { type: "languages", id: "pl" } }, friends: { data: [] } },
    );
    const errors = await errorsOf(response, 422);
    expect(errors.every((error) => error.code === "invalid_body" && error.detail)).toBe(true);
    expect(errors.map((error) => error.source?.pointer).sort()).toEqual(
      [
        "/data/attributes/first_name",
        "/data/attributes/last_name",
        "/data/attributes/gender",
        "/data/attributes/birthdate",
        "/data/attributes/address",
        "/data/attributes/city",
        "/data/attributes/accept_marketing_notifications",
        "/data/attributes/accept_online_appointments",
        "/data/attributes/nickname",
        "/data/relationships/country/data/id",
        "/data/relationships/language/data/id",
        "/data/relationships/friends",
      ].sort(),
    );
    const { data } = await readJson<SingleDocument<ClientResource>>(await get("/v1c/clients/me", client.authorization));
    expect(data.attributes.first_name).toBe("Test");
  });

  it("refuses a birthdate in the future, today or more than 120 years ago", async () => {
    const client = await newClient();
    const today = new Date().toISOString().slice(0, 10);
    const longAgo = `${Number(today.slice(0, 4)) - 121}-01-01`;
    for (const birthdate of ["2999-01-01", today, longAgo]) {
      const errors = await errorsOf(await change(client, { birthdate }), 422);
      expect(
        errors.map((error) => error.source?.pointer),
        birthdate,
      ).toEqual(["/data/attributes/birthdate"]);
    }
  });

  it("refuses an invalid phone number, and a number without a country", async () => {
    const client = await newClient();
    const invalid = await errorsOf(await change(client, { phone: "12" }, { phoneCountry: countries("BG") }), 422);
    expect(invalid.map((error) => error.source?.pointer)).toEqual(["/data/attributes/phone"]);
    const noCountry = await errorsOf(await change(client, { phone: "0881234567" }), 422);
    expect(noCountry.map((error) => error.source?.pointer)).toEqual(["/data/attributes/phone"]);
    const lowerCase = await errorsOf(await change(client, {}, { phoneCountry: countries("bg") }), 422);
    expect(lowerCase.map((error) => error.source?.pointer)).toEqual(["/data/relationships/phoneCountry/data/id"]);
  });

  it("refuses read-only members with the reason at each one's pointer", async () => {
    const client = await newClient();
    const response = await change(
      client,
      { email: "new@example.test", active: false, favorite: true, deleted_at: null, email_verified: true },
      { avatar: { data: null } },
    );
    const errors = await errorsOf(response, 422);
    const byPointer = Object.fromEntries(errors.map((error) => [error.source?.pointer, error.detail]));
    expect(Object.keys(byPointer).sort()).toEqual(
      [
        "/data/attributes/email",
        "/data/attributes/active",
        "/data/attributes/favorite",
        "/data/attributes/deleted_at",
        "/data/attributes/email_verified",
        "/data/relationships/avatar",
      ].sort(),
    );
    expect(byPointer["/data/attributes/favorite"]).toMatch(/business/);
    expect(byPointer["/data/attributes/email"]).toMatch(/e-mail/);
    const { data } = await readJson<SingleDocument<ClientResource>>(await get("/v1c/clients/me", client.authorization));
    expect(data.attributes).toMatchObject({ email: client.email, active: true, favorite: false });
  });

  it("answers 409 for a document of another type or id, and 422 without data", async () => {
    const client = await newClient();
    const url = `/v1c/clients/${client.id}`;
    const wrongType = await errorsOf(
      await patch(url, client.authorization, { data: { type: "x", id: client.id } }),
      409,
    );
    expect(wrongType[0]?.source?.pointer).toBe("/data/type");
    const wrongId = await errorsOf(await patch(url, client.authorization, { data: { type: "clients", id: "1" } }), 409);
    expect(wrongId[0]?.source?.pointer).toBe("/data/id");
    const noData = await errorsOf(await patch(url, client.authorization, { first_name: "Ivan" }), 422);
    expect(noData[0]?.source?.pointer).toBe("/data");
    // "me" in the URL: the body may say "me" too, or the account's id, as the document's example does.
    for (const id of ["me", client.id]) {
      const changed = await patch("/v1c/clients/me", client.authorization, {
        data: { type: "clients", id, attributes: { first_name: "Ivan" } },
      });
      expect(changed.status, await changed.clone().text()).toBe(200);
    }
    await errorsOf(await patch(url, client.authorization, { data: { type: "clients", id: "me" } }), 409);
  });

  it("answers 401 when not signed in and 404 for another client's account", async () => {
    const client = await newClient();
    const other = await newClient();
    const document = { data: { type: "clients", id: other.id, attributes: { first_name: "Mallory" } } };
    await errorsOf(await patch(`/v1c/clients/${other.id}`, undefined, document), 401);
    await errorsOf(await patch(`/v1c/clients/${other.id}`, "Bearer not-a-token", document), 401);
    await errorsOf(await patch(`/v1c/clients/${other.id}`, client.authorization, document), 404);
    const { data } = await readJson<SingleDocument<ClientResource>>(await get("/v1c/clients/me", other.authorization));
    expect(data.attributes.first_name).toBe("Test");
  });
});
