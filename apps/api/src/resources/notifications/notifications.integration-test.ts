import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NotificationCollectionDocument, NotificationResource } from "@termin/contracts/client-area-resources";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import { notifications } from "@termin/db/account-schema";
import { errorsOf, pointersOf, signedInRequests } from "../../testing/signed-in-requests.ts";
import { startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../../testing/test-clients.ts";

let api: TestApi;
const requests = signedInRequests(() => api);
const { get, post, patch, read } = requests;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const HOUR = 60 * 60 * 1000;

/** A client with `count` notifications an hour apart (the first newest); the first `unread` are unread. */
async function clientWithNotifications(count: number, unread: number) {
  const client = await createTestClient(api.database.db);
  const now = Date.now();
  const rows = await api.database.db
    .insert(notifications)
    .values(
      Array.from({ length: count }, (_, index) => ({
        clientId: client.id,
        title: `Notification ${index + 1}`,
        body: `Body ${index + 1}`,
        actionUrl: index % 2 === 0 ? `/location/place-${index}` : null,
        createdAt: new Date(now - index * HOUR),
        readAt: index < unread ? null : new Date(now - index * HOUR + 60_000),
      })),
    )
    .returning({ id: notifications.id });
  return { client, ids: rows.map((row) => row.id) };
}

const list = (client: TestClient, query = "") =>
  read<NotificationCollectionDocument>(get(`/notifications${query}`, client.authorization));
const readChange = (id: string, read: unknown) => ({ data: { type: "notifications", id, attributes: { read } } });

describe("notifications need a signed-in client", () => {
  it("answers 401 without a token or with an unknown one, on every endpoint", async () => {
    const id = "00000000-0000-4000-8000-000000000001";
    for (const authorization of [undefined, "Bearer not-a-token"]) {
      const calls = [
        get("/notifications", authorization),
        get(`/notifications/${id}`, authorization),
        patch(`/notifications/${id}`, authorization, readChange(id, true)),
        post("/notifications/read-all", authorization),
      ];
      for (const call of calls) {
        const [error] = await errorsOf(call, 401);
        expect(error?.code).toBe(authorization ? "invalid_token" : "unauthenticated");
      }
    }
  });
});

describe("GET /v1c/notifications", () => {
  it("lists the client's own notifications newest first, with how many are unread", async () => {
    const { client, ids } = await clientWithNotifications(5, 2);
    await clientWithNotifications(3, 3);
    const body = await list(client);
    expect(body.data.map((item) => item.id)).toEqual(ids);
    expect(body.meta).toMatchObject({ total: 5, unread_count: 2, pageNumber: 1, pageCount: 1 });
    expect(body.data[0]).toEqual({
      type: "notifications",
      id: ids[0],
      attributes: {
        title: "Notification 1",
        body: "Body 1",
        language: null,
        names: [],
        action_url: "/location/place-0",
        read: false,
        created_at: expect.any(String),
      },
      links: { self: `/v1c/notifications/${ids[0]}` },
    });
    expect(body.data.map((item) => item.attributes.read)).toEqual([false, false, true, true, true]);
    expect(body.data[1]?.attributes.action_url).toBeNull();
  });

  it("pages, and counts the unread ones over all pages", async () => {
    const { client, ids } = await clientWithNotifications(5, 3);
    const second = await list(client, "?page[size]=2&page[number]=2");
    expect(second.data.map((item) => item.id)).toEqual(ids.slice(2, 4));
    expect(second.meta).toMatchObject({ total: 5, pageCount: 3, unread_count: 3 });
    expect(decodeURIComponent(second.links.next ?? "")).toContain("page[number]=3");
  });

  it("filters unread or read ones; the badge asks for one unread and reads the count", async () => {
    const { client, ids } = await clientWithNotifications(4, 3);
    const unread = await list(client, "?filter[unread]=true");
    expect(unread.data.map((item) => item.id)).toEqual(ids.slice(0, 3));
    const already = await list(client, "?filter[unread]=false");
    expect(already.data.map((item) => item.id)).toEqual(ids.slice(3));
    const badge = await list(client, "?filter[unread]=true&page[size]=1&fields[notifications]=read");
    expect(badge.meta).toMatchObject({ total: 3, unread_count: 3 });
    expect(badge.data[0]?.attributes).toEqual({ read: false });
  });

  it("has an empty list and nothing unread for a new client", async () => {
    const client = await createTestClient(api.database.db);
    const body = await list(client);
    expect(body.data).toEqual([]);
    expect(body.meta).toMatchObject({ total: 0, unread_count: 0 });
  });

  it("answers 400 for unknown filters, values and sorts", async () => {
    const client = await createTestClient(api.database.db);
    for (const query of ["?filter[unread]=yes", "?filter[read]=true", "?sort=title", "?include=client"]) {
      const [error] = await errorsOf(get(`/notifications${query}`, client.authorization), 400);
      expect(error?.code).toBe("invalid_parameter");
    }
  });
});

describe("GET /v1c/notifications/:id", () => {
  it("answers one of the client's own notifications", async () => {
    const { client, ids } = await clientWithNotifications(2, 1);
    const body = await read<SingleDocument<NotificationResource>>(
      get(`/notifications/${ids[1]}`, client.authorization),
    );
    expect(body.data).toMatchObject({ id: ids[1], attributes: { title: "Notification 2", read: true } });
  });

  it("answers 404 for another client's notification, an unknown id and a malformed one", async () => {
    const { ids } = await clientWithNotifications(1, 1);
    const stranger = await createTestClient(api.database.db);
    for (const id of [ids[0], "00000000-0000-4000-8000-000000000099", "not-an-id", "123"]) {
      const [error] = await errorsOf(get(`/notifications/${id}`, stranger.authorization), 404);
      expect(error?.code).toBe("not_found");
    }
  });
});

describe("PATCH /v1c/notifications/:id", () => {
  it("marks a notification read and unread again; the unread count follows", async () => {
    const { client, ids } = await clientWithNotifications(3, 2);
    const id = ids[0] ?? "";
    const marked = await read<SingleDocument<NotificationResource>>(
      patch(`/notifications/${id}`, client.authorization, readChange(id, true)),
    );
    expect(marked.data).toMatchObject({ id, attributes: { read: true, title: "Notification 1" } });
    expect((await list(client)).meta.unread_count).toBe(1);
    // Reading it again is harmless.
    await read(patch(`/notifications/${id}`, client.authorization, readChange(id, true)));
    expect((await list(client)).meta.unread_count).toBe(1);
    const unmarked = await read<SingleDocument<NotificationResource>>(
      patch(`/notifications/${id}`, client.authorization, readChange(id, false)),
    );
    expect(unmarked.data.attributes.read).toBe(false);
    expect((await list(client)).meta.unread_count).toBe(2);
  });

  it("answers 404 for another client's notification and leaves it unread", async () => {
    const { client, ids } = await clientWithNotifications(1, 1);
    const stranger = await createTestClient(api.database.db);
    const id = ids[0] ?? "";
    await errorsOf(patch(`/notifications/${id}`, stranger.authorization, readChange(id, true)), 404);
    expect((await list(client)).meta.unread_count).toBe(1);
  });

  it("points at each bad member of the body with 422, and answers 409 for another type or id", async () => {
    const { client, ids } = await clientWithNotifications(1, 1);
    const id = ids[0] ?? "";
    const path = `/notifications/${id}`;
    const send = (body: unknown) => patch(path, client.authorization, body);
    expect(await pointersOf(send(readChange(id, "yes")))).toEqual(["/data/attributes/read"]);
    expect(await pointersOf(send({ data: { type: "notifications", id, attributes: {} } }))).toEqual([
      "/data/attributes/read",
    ]);
    expect(
      await pointersOf(send({ data: { type: "notifications", id, attributes: { read: true, title: "Mine now" } } })),
    ).toEqual(["/data/attributes/title"]);
    expect(await pointersOf(send({ data: { type: "notifications", id } }))).toEqual(["/data/attributes"]);
    expect(await pointersOf(send({ read: true }))).toEqual(["/data"]);
    const [wrongType] = await errorsOf(send({ data: { type: "likes", id, attributes: { read: true } } }), 409);
    expect(wrongType?.source?.pointer).toBe("/data/type");
    // No type at all is a malformed document, not a clash with this endpoint's type.
    const [noType] = await errorsOf(send({ data: { id, attributes: { read: true } } }), 422);
    expect(noType).toMatchObject({ code: "invalid_body", source: { pointer: "/data/type" } });
    const otherId = "00000000-0000-4000-8000-000000000001";
    const [wrongId] = await errorsOf(send(readChange(otherId, true)), 409);
    expect(wrongId?.source?.pointer).toBe("/data/id");
    expect((await list(client)).meta.unread_count).toBe(1);
  });
});

describe("POST /v1c/notifications/read-all", () => {
  it("marks all of the client's notifications read, and only theirs", async () => {
    const { client } = await clientWithNotifications(5, 3);
    const { client: other } = await clientWithNotifications(2, 2);
    const answer = await read<{ meta: { marked_read: number } }>(post("/notifications/read-all", client.authorization));
    expect(answer.meta.marked_read).toBe(3);
    const after = await list(client);
    expect(after.meta.unread_count).toBe(0);
    expect(after.data.every((item) => item.attributes.read)).toBe(true);
    expect((await list(other)).meta.unread_count).toBe(2);
    // Nothing left to mark.
    const again = await read<{ meta: { marked_read: number } }>(post("/notifications/read-all", client.authorization));
    expect(again.meta.marked_read).toBe(0);
  });
});

describe("the words of a notice are written in the reader's language", () => {
  /** A booking notice sent to an English account: Manicure at Vita on Thursday 3 December 2026, 12:30 in Sofia. */
  async function clientWithBookingNotice() {
    const client = await createTestClient(api.database.db, { language: "en" });
    const [row] = await api.database.db
      .insert(notifications)
      .values({
        clientId: client.id,
        title: "Appointment booked",
        body: "Manicure at Vita on Thursday, December 3, 2026 at 12:30 PM.",
        kind: "appointment_booked",
        facts: {
          appointmentClientId: 7,
          startsAt: "2026-12-03T10:30:00.000Z",
          timeZone: "Europe/Sofia",
          place: "Vita",
          services: ["Маникюр", "Педикюр"],
        },
        actionUrl: "/en/appointments/7",
      })
      .returning({ id: notifications.id });
    return { client, id: row?.id ?? "" };
  }
  const inLanguage = (path: string, client: TestClient, acceptLanguage?: string) =>
    fetch(`${api.baseUrl}/v1c${path}`, {
      headers: {
        authorization: client.authorization,
        ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}),
      },
    });

  it("in the page's language when Accept-Language names one, on the list, one notification and a change", async () => {
    const { client, id } = await clientWithBookingNotice();
    const bulgarian = {
      title: "Часът е запазен",
      body: "Маникюр и Педикюр във Vita, четвъртък, 3 декември 2026 г. в 12:30.",
      // A page marks the names in the words as names and the words with their language.
      language: "bg",
      names: ["Vita", "Маникюр", "Педикюр"],
    };
    const listed = await read<NotificationCollectionDocument>(
      inLanguage("/notifications", client, "bg;q=0.9,en;q=0.8"),
    );
    expect(listed.data[0]?.attributes).toMatchObject(bulgarian);
    const one = await read<SingleDocument<NotificationResource>>(inLanguage(`/notifications/${id}`, client, "de"));
    expect(one.data.attributes).toMatchObject({
      title: "Termin gebucht",
      body: "Маникюр und Педикюр bei Vita am Donnerstag, 3. Dezember 2026 um 12:30.",
    });
    const changed = await fetch(`${api.baseUrl}/v1c/notifications/${id}`, {
      method: "PATCH",
      headers: {
        authorization: client.authorization,
        "accept-language": "bg",
        "content-type": "application/vnd.api+json",
      },
      body: JSON.stringify(readChange(id, true)),
    });
    expect((await read<SingleDocument<NotificationResource>>(changed)).data.attributes).toMatchObject(bulgarian);
  });

  it("in the account's language when Accept-Language names none; a message without a kind as it was written", async () => {
    const { client } = await clientWithBookingNotice();
    await api.database.db.insert(notifications).values({
      clientId: client.id,
      title: "20% off",
      body: "This week only.",
      createdAt: new Date(Date.now() - HOUR),
    });
    for (const acceptLanguage of [undefined, "xx"]) {
      const listed = await read<NotificationCollectionDocument>(inLanguage("/notifications", client, acceptLanguage));
      expect(listed.data.map((each) => each.attributes.title)).toEqual(["Appointment booked", "20% off"]);
      expect(listed.data[0]?.attributes.body).toMatch(
        /^Маникюр and Педикюр at Vita on Thursday, December 3, 2026 at 12:30\sPM\.$/,
      );
    }
    const inBulgarian = await read<NotificationCollectionDocument>(inLanguage("/notifications", client, "bg"));
    expect(inBulgarian.data[1]?.attributes).toMatchObject({ title: "20% off", body: "This week only." });
  });
});

describe("API description", () => {
  it("documents notifications, saved locations and likes with their methods", async () => {
    const document = await read<{ paths: Record<string, Record<string, unknown>> }>(
      fetch(`${api.baseUrl}/v1c/openapi.json`),
    );
    const methods = (path: string) => Object.keys(document.paths[path] ?? {}).sort();
    expect(methods("/v1c/notifications")).toEqual(["get"]);
    expect(methods("/v1c/notifications/{id}")).toEqual(["get", "patch"]);
    expect(methods("/v1c/notifications/read-all")).toEqual(["post"]);
    expect(methods("/v1c/user-locations")).toEqual(["get", "post"]);
    expect(methods("/v1c/user-locations/{id}")).toEqual(["delete", "get"]);
    expect(methods("/v1c/likes")).toEqual(["get", "post"]);
    expect(methods("/v1c/likes/{id}")).toEqual(["delete", "get"]);
  });
});
