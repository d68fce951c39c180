import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import type { LikeResource } from "@termin/contracts/client-area-resources";
import type { MediaResource } from "@termin/contracts/catalogue-resources";
import type { CollectionDocument, SingleDocument } from "@termin/contracts/jsonapi";
import { media } from "@termin/db/catalogue-schema";
import { ofType } from "../../testing/jsonapi-test-helpers.ts";
import { errorsOf, pointersOf, signedInRequests } from "../../testing/signed-in-requests.ts";
import { startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../../testing/test-clients.ts";

let api: TestApi;
let pictures: string[] = [];
let logo = "";
const { get, post, delete: remove, read } = signedInRequests(() => api);
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
  const inspiration = await api.database.db
    .select({ id: media.id })
    .from(media)
    .where(eq(media.inspiration, true))
    .orderBy(asc(media.id))
    .limit(12);
  // The demo client likes the first pictures: these tests use others, so the counts are theirs alone.
  pictures = inspiration.slice(4).map((row) => String(row.id));
  const [other] = await api.database.db
    .select({ id: media.id })
    .from(media)
    .where(eq(media.inspiration, false))
    .limit(1);
  logo = String(other?.id);
});
afterAll(() => api.close());

type LikeList = CollectionDocument<LikeResource>;
const liking = (id: string, type = "media") => ({
  data: { type: "likes", relationships: { media: { data: { type, id } } } },
});
const picture = (index: number) => pictures[index] ?? "";
const likeCount = async (id: string) =>
  (await read<SingleDocument<MediaResource>>(get(`/media/${id}`))).data.attributes.like_count;
const like = (client: TestClient, id: string) => post("/likes", client.authorization, liking(id));

describe("likes need a signed-in client", () => {
  it("answers 401 without a token or with an unknown one, and counts nothing", async () => {
    const before = await likeCount(picture(0));
    for (const authorization of [undefined, "Bearer nope"]) {
      for (const call of [
        get("/likes", authorization),
        get(`/likes/${picture(0)}`, authorization),
        post("/likes", authorization, liking(picture(0))),
        remove(`/likes/${picture(0)}`, authorization),
      ]) {
        await errorsOf(call, 401);
      }
    }
    expect(await likeCount(picture(0))).toBe(before);
  });
});

describe("liking", () => {
  it("likes with 201 and one more in like_count; liking again answers 200 and counts nothing", async () => {
    const client = await createTestClient(api.database.db);
    const before = await likeCount(picture(1));
    const created = await like(client, picture(1));
    expect(created.headers.get("location")).toBe(`/v1c/likes/${picture(1)}`);
    const body = await read<SingleDocument<LikeResource>>(created, 201);
    expect(body.data).toMatchObject({
      type: "likes",
      id: picture(1),
      relationships: { media: { data: { type: "media", id: picture(1) } } },
    });
    expect(await likeCount(picture(1))).toBe(before + 1);
    await read(like(client, picture(1)), 200);
    expect(await likeCount(picture(1))).toBe(before + 1);
  });

  it("counts each client once, also when a client's likes arrive at the same time", async () => {
    const [first, second] = [await createTestClient(api.database.db), await createTestClient(api.database.db)];
    const before = await likeCount(picture(2));
    const answers = await Promise.all([...Array(5)].map(() => like(first, picture(2))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
    await read(like(second, picture(2)), 201);
    expect(await likeCount(picture(2))).toBe(before + 2);
  });

  it("answers the new count when asked to include the media", async () => {
    const client = await createTestClient(api.database.db);
    const before = await likeCount(picture(3));
    const body = await read<SingleDocument<LikeResource>>(
      post("/likes?include=media", client.authorization, liking(picture(3))),
      201,
    );
    expect(ofType<MediaResource>(body.included, "media")[0]?.attributes.like_count).toBe(before + 1);
  });

  it("points at the bad member with 422; 404 for unknown media and media outside the Look Book; 409 for another type", async () => {
    const client = await createTestClient(api.database.db);
    const send = (body: unknown) => post("/likes", client.authorization, body);
    expect(await pointersOf(send(liking("x1")))).toEqual(["/data/relationships/media/data/id"]);
    expect(await pointersOf(send(liking(picture(0), "locations")))).toEqual(["/data/relationships/media/data/type"]);
    expect(await pointersOf(send({ data: { type: "likes", relationships: {} } }))).toEqual([
      "/data/relationships/media",
    ]);
    for (const id of ["99999999", logo]) {
      const before = id === logo ? await likeCount(logo) : 0;
      const [error] = await errorsOf(send(liking(id)), 404);
      expect(error?.source?.pointer).toBe("/data/relationships/media/data/id");
      if (id === logo) expect(await likeCount(logo)).toBe(before);
    }
    await errorsOf(
      send({ data: { type: "user-locations", relationships: liking(picture(0)).data.relationships } }),
      409,
    );
    expect((await read<LikeList>(get("/likes", client.authorization))).data).toEqual([]);
  });
});

describe("unliking and listing", () => {
  it("unlikes with 204 and one less in like_count; unliking again answers 404 and counts nothing", async () => {
    const client = await createTestClient(api.database.db);
    const before = await likeCount(picture(4));
    await read(like(client, picture(4)), 201);
    expect((await remove(`/likes/${picture(4)}`, client.authorization)).status).toBe(204);
    expect(await likeCount(picture(4))).toBe(before);
    await errorsOf(remove(`/likes/${picture(4)}`, client.authorization), 404);
    expect(await likeCount(picture(4))).toBe(before);
    // Like, unlike, like: one like in the end.
    await read(like(client, picture(4)), 201);
    await remove(`/likes/${picture(4)}`, client.authorization);
    await read(like(client, picture(4)), 201);
    expect(await likeCount(picture(4))).toBe(before + 1);
  });

  it("tells which of the visible tiles the client liked (filter[media]), newest first", async () => {
    const client = await createTestClient(api.database.db);
    await read(like(client, picture(5)), 201);
    await read(like(client, picture(7)), 201);
    const body = await read<LikeList>(
      get(`/likes?filter[media]=${picture(5)},${picture(6)},${picture(7)}&include=media`, client.authorization),
    );
    expect(body.data.map((item) => item.id)).toEqual([picture(7), picture(5)]);
    expect(
      ofType<MediaResource>(body.included, "media")
        .map((item) => item.id)
        .sort(),
    ).toEqual([picture(5), picture(7)].sort());
    const one = await read<SingleDocument<LikeResource>>(get(`/likes/${picture(5)}`, client.authorization));
    expect(one.data.id).toBe(picture(5));
    await errorsOf(get(`/likes/${picture(6)}`, client.authorization), 404);
  });

  it("never shows or takes back another client's like (404), and its count stays", async () => {
    const owner = await createTestClient(api.database.db);
    const stranger = await createTestClient(api.database.db);
    await read(like(owner, picture(6)), 201);
    const count = await likeCount(picture(6));
    expect((await read<LikeList>(get("/likes", stranger.authorization))).data).toEqual([]);
    await errorsOf(get(`/likes/${picture(6)}`, stranger.authorization), 404);
    await errorsOf(remove(`/likes/${picture(6)}`, stranger.authorization), 404);
    expect(await likeCount(picture(6))).toBe(count);
  });
});
