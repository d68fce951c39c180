import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formAnswers, formRequests, forms, likes, notifications, userLocations } from "@termin/db/account-schema";
import { businesses, locations, media } from "@termin/db/catalogue-schema";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient } from "../../testing/test-clients.ts";
import { clientRequests, errorsOf, firstOf } from "./client-test-requests.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
});
afterAll(() => api.close());

const { get } = clientRequests(() => api);

/** A client with one record of every kind, and another client's records that must not leak. */
async function clientWithRecords() {
  const db = api.database.db;
  const client = await createTestClient(db, { firstName: "Elena", phone: "881234567", phoneCountry: "BG" });
  const stranger = await createTestClient(db);
  const business = firstOf(await db.select({ id: businesses.id }).from(businesses).limit(1));
  const location = firstOf(await db.select({ id: locations.id, slug: locations.slug }).from(locations).limit(1));
  const picture = firstOf(await db.select({ id: media.id }).from(media).limit(1));
  const form = firstOf(
    await db
      .insert(forms)
      .values({
        businessId: business.id,
        name: "Health questionnaire",
        deliveryType: "before_first_visit",
        fields: [{ key: "allergies", type: "text", label: "Allergies", required: false }],
      })
      .returning({ id: forms.id }),
  );
  for (const owner of [client, stranger]) {
    const request = firstOf(
      await db.insert(formRequests).values({ formId: form.id, clientId: owner.id }).returning({ id: formRequests.id }),
    );
    await db
      .insert(formAnswers)
      .values({ formRequestId: request.id, clientId: owner.id, values: { allergies: owner.id } });
    await db
      .insert(notifications)
      .values({ clientId: owner.id, title: `For ${owner.id}`, body: "Your visit is tomorrow" });
    await db.insert(userLocations).values({ clientId: owner.id, locationId: location.id });
    await db.insert(likes).values({ clientId: owner.id, mediaId: picture.id });
  }
  return { client, stranger, location, picture };
}

describe("GET /v1c/clients/:id/export", () => {
  it("downloads all of one's own data as a JSON file, without secrets or anyone else's records", async () => {
    const { client, stranger, location, picture } = await clientWithRecords();
    const response = await get(`/v1c/clients/${client.id}/export`, client.authorization);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="termin-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({
      id: client.id,
      email: client.email,
      first_name: "Elena",
      phone: "881234567",
      phone_country: "BG",
      language: "en",
      has_password: true,
    });
    expect(data.forms).toEqual([
      expect.objectContaining({ form: "Health questionnaire", answers: { allergies: client.id } }),
    ]);
    expect(data.notifications).toEqual([
      expect.objectContaining({ title: `For ${client.id}`, body: "Your visit is tomorrow", read_at: null }),
    ]);
    expect(data.saved_locations).toEqual([expect.objectContaining({ location_id: location.id, slug: location.slug })]);
    expect(data.likes).toEqual([expect.objectContaining({ media_id: picture.id })]);
    expect(text).not.toContain(stranger.id);
    expect(text).not.toContain("argon2");
    expect(text).not.toContain(client.tokens.access_token);
  });

  it("answers 401 when not signed in and 404 for another client's data", async () => {
    const client = await createTestClient(api.database.db);
    const other = await createTestClient(api.database.db);
    await errorsOf(await get(`/v1c/clients/${other.id}/export`), 401);
    await errorsOf(await get(`/v1c/clients/${other.id}/export`, client.authorization), 404);
    const own = await get("/v1c/clients/me/export", client.authorization);
    expect(await readJson<{ forms: unknown[] }>(own)).toMatchObject({ forms: [], likes: [], notifications: [] });
  });
});
