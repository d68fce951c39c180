import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import type { CityResource, LocationResource, MediaResource } from "@termin/contracts/catalogue-resources";
import { JSONAPI_MEDIA_TYPE, type CollectionDocument, type SingleDocument } from "@termin/contracts/jsonapi";
import { locations } from "@termin/db/catalogue-schema";
import { DEMO_CLIENT } from "@termin/db/seed/demo/demo-client";
import { SUPPORTED_LANGUAGES, type Language } from "@termin/domain/languages";
import type {
  LikeResource,
  NotificationCollectionDocument,
  UserLocationResource,
} from "@termin/contracts/client-area-resources";
import { issueTokens } from "../../auth/issue-tokens.ts";
import { idOf, ofType } from "../../testing/jsonapi-test-helpers.ts";
import { errorsOf, pointersOf, signedInRequests } from "../../testing/signed-in-requests.ts";
import { startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient } from "../../testing/test-clients.ts";

let api: TestApi;
let queries: string[] = [];
let placeIds: string[] = [];
const { get, post, delete: remove, read } = signedInRequests(() => api);
beforeAll(async () => {
  api = await startTestApi({ demoData: true, onQuery: (query) => queries.push(query) });
  const rows = await api.database.db.select({ id: locations.id }).from(locations).orderBy(asc(locations.id)).limit(5);
  placeIds = rows.map((row) => String(row.id));
});
afterAll(() => api.close());

type SavedList = CollectionDocument<UserLocationResource>;
type Saved = SingleDocument<UserLocationResource>;
const saving = (id: string, type = "locations") => ({
  data: { type: "user-locations", relationships: { location: { data: { type, id } } } },
});
const place = (index: number) => placeIds[index] ?? "";

describe("user locations need a signed-in client", () => {
  it("answers 401 without a token or with an unknown one", async () => {
    for (const authorization of [undefined, "Bearer nope"]) {
      for (const call of [
        get("/user-locations", authorization),
        get(`/user-locations/${place(0)}`, authorization),
        post("/user-locations", authorization, saving(place(0))),
        remove(`/user-locations/${place(0)}`, authorization),
      ]) {
        await errorsOf(call, 401);
      }
    }
  });
});

describe("saving a location", () => {
  it("saves with 201, answers the saved one with 200 when saved again, and lists it with its card's includes", async () => {
    const client = await createTestClient(api.database.db);
    const created = await post("/user-locations", client.authorization, saving(place(1)));
    expect(created.status).toBe(201);
    expect(created.headers.get("location")).toBe(`/v1c/user-locations/${place(1)}`);
    const first = await read<Saved>(created, 201);
    expect(first.data).toMatchObject({
      type: "user-locations",
      id: place(1),
      relationships: { location: { data: { type: "locations", id: place(1) } } },
      links: { self: `/v1c/user-locations/${place(1)}` },
    });
    const again = await read<Saved>(post("/user-locations", client.authorization, saving(place(1))));
    expect(again.data.attributes.created_at).toBe(first.data.attributes.created_at);

    await read(post("/user-locations", client.authorization, saving(place(2))), 201);
    const body = await read<SavedList>(
      get("/user-locations?include=location,location.city,location.cover", client.authorization),
    );
    // Most recently saved first, each once.
    expect(body.data.map((item) => item.id)).toEqual([place(2), place(1)]);
    expect(body.meta.total).toBe(2);
    const included = ofType<LocationResource>(body.included, "locations");
    expect(included.map((item) => item.id).sort()).toEqual([place(1), place(2)].sort());
    const cities = ofType<CityResource>(body.included, "cities");
    for (const location of included) {
      expect(cities.map((city) => city.id)).toContain(idOf(location.relationships?.city));
      expect(ofType<MediaResource>(body.included, "media").map((m) => m.id)).toContain(
        idOf(location.relationships?.cover),
      );
    }
  });

  it("tells a location page whether it is saved (filter[location]) and answers one saved location", async () => {
    const client = await createTestClient(api.database.db);
    await read(post("/user-locations", client.authorization, saving(place(3))), 201);
    const saved = await read<SavedList>(get(`/user-locations?filter[location]=${place(3)}`, client.authorization));
    expect(saved.data.map((item) => item.id)).toEqual([place(3)]);
    const notSaved = await read<SavedList>(get(`/user-locations?filter[location]=${place(4)}`, client.authorization));
    expect(notSaved.data).toEqual([]);
    const one = await read<Saved>(get(`/user-locations/${place(3)}?include=location`, client.authorization));
    expect(ofType<LocationResource>(one.included, "locations").map((item) => item.id)).toEqual([place(3)]);
  });

  it("includes the cards of a whole page with one query per relationship (no N+1)", async () => {
    const client = await createTestClient(api.database.db);
    for (const index of [0, 1, 2, 3, 4])
      await read(post("/user-locations", client.authorization, saving(place(index))), 201);
    const count = async (size: number) => {
      queries = [];
      await read(
        get(
          `/user-locations?include=location,location.business,location.city,location.neighborhood,location.cover&page[size]=${size}`,
          client.authorization,
        ),
      );
      // The token is looked up once a second, not once per request: only the page's own queries count.
      return queries.filter((query) => !query.includes('"access_tokens"')).length;
    };
    expect(await count(5)).toBe(await count(1));
  });

  it("points at the bad member of the body with 422, 404 for an unknown location, 409 for another type", async () => {
    const client = await createTestClient(api.database.db);
    const send = (body: unknown) => post("/user-locations", client.authorization, body);
    expect(await pointersOf(send(saving("abc")))).toEqual(["/data/relationships/location/data/id"]);
    expect(await pointersOf(send(saving(place(0), "media")))).toEqual(["/data/relationships/location/data/type"]);
    expect(await pointersOf(send({ data: { type: "user-locations" } }))).toEqual(["/data/relationships"]);
    expect(await pointersOf(send({}))).toEqual(["/data"]);
    const [unknown] = await errorsOf(send(saving("999999")), 404);
    expect(unknown?.source?.pointer).toBe("/data/relationships/location/data/id");
    const [conflict] = await errorsOf(
      send({ ...saving(place(0)), data: { ...saving(place(0)).data, type: "likes" } }),
      409,
    );
    expect(conflict?.source?.pointer).toBe("/data/type");
    await errorsOf(post("/user-locations?include=business", client.authorization, saving(place(0))), 400);
    expect((await read<SavedList>(get("/user-locations", client.authorization))).data).toEqual([]);
  });
});

describe("unsaving and other clients", () => {
  it("unsaves with 204; unsaving again answers 404", async () => {
    const client = await createTestClient(api.database.db);
    await read(post("/user-locations", client.authorization, saving(place(0))), 201);
    expect((await remove(`/user-locations/${place(0)}`, client.authorization)).status).toBe(204);
    expect((await read<SavedList>(get("/user-locations", client.authorization))).data).toEqual([]);
    await errorsOf(remove(`/user-locations/${place(0)}`, client.authorization), 404);
    await errorsOf(remove("/user-locations/abc", client.authorization), 404);
  });

  it("never shows or removes another client's saved location (404)", async () => {
    const owner = await createTestClient(api.database.db);
    const stranger = await createTestClient(api.database.db);
    await read(post("/user-locations", owner.authorization, saving(place(2))), 201);
    expect((await read<SavedList>(get("/user-locations", stranger.authorization))).data).toEqual([]);
    await errorsOf(get(`/user-locations/${place(2)}`, stranger.authorization), 404);
    await errorsOf(remove(`/user-locations/${place(2)}`, stranger.authorization), 404);
    expect((await read<SavedList>(get("/user-locations", owner.authorization))).data.map((i) => i.id)).toEqual([
      place(2),
    ]);
  });
});

describe("the demo client's area", () => {
  it("has 6 notifications (3 unread, action URLs in-app paths or none), 2 saved places and 3 likes", async () => {
    const tokens = await issueTokens({ db: api.database.db, clientId: DEMO_CLIENT.id });
    const authorization = `Bearer ${tokens.access_token}`;
    const notes = await read<NotificationCollectionDocument>(get("/notifications", authorization));
    expect(notes.meta).toMatchObject({ total: 6, unread_count: 3 });
    for (const { attributes } of notes.data) {
      expect(attributes.action_url === null || /^\/[a-z]/.test(attributes.action_url)).toBe(true);
    }
    const saved = await read<SavedList>(get("/user-locations?include=location", authorization));
    expect(ofType<LocationResource>(saved.included, "locations")).toHaveLength(2);
    const liked = await read<CollectionDocument<LikeResource>>(get("/likes", authorization));
    expect(liked.meta.total).toBe(3);
  });

  it("has every notification written in the reader's language, the business's discount too", async () => {
    const tokens = await issueTokens({ db: api.database.db, clientId: DEMO_CLIENT.id });
    const inLanguage = async (language: Language) => {
      const answer = await fetch(`${api.baseUrl}/v1c/notifications`, {
        headers: {
          accept: JSONAPI_MEDIA_TYPE,
          authorization: `Bearer ${tokens.access_token}`,
          "accept-language": language,
        },
      });
      return (await read<NotificationCollectionDocument>(answer)).data.map((note) => note.attributes);
    };
    for (const language of SUPPORTED_LANGUAGES) {
      const notes = await inLanguage(language);
      expect(notes.map((note) => [note.title, note.language])).toEqual(notes.map((note) => [note.title, language]));
    }
    // The discount in the reader's words and way of writing a share.
    expect((await inLanguage("bg")).map((note) => note.title)).toContain("20% отстъпка тази седмица");
    expect((await inLanguage("tr")).map((note) => note.title)).toContain("Bu hafta %20 indirim");
  });
});
