import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AvatarResource, ClientResource } from "@termin/contracts/client-resources";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import { idOf, ofType } from "../../testing/jsonapi-test-helpers.ts";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";
import { createTestClient, type TestClient } from "../../testing/test-clients.ts";
import { clientRequests, errorsOf, firstOf } from "./client-test-requests.ts";
import { samplePicture } from "./sample-pictures.ts";

let api: TestApi;
let client: TestClient;
beforeAll(async () => {
  api = await startTestApi();
  client = await createTestClient(api.database.db);
});
afterAll(() => api.close());

const { get, put, delete: remove } = clientRequests(() => api);
const upload = (body: Buffer | string, type: string, who = client) =>
  put(`/v1c/clients/${who.id}/avatar`, who.authorization, body, type);
const avatar = (url: string, accept = "image/avif,image/webp,*/*") => get(url, undefined, { accept });

async function uploaded(response: Response): Promise<AvatarResource> {
  expect(response.status).toBe(200);
  const document = await readJson<SingleDocument<ClientResource>>(response);
  const resource = firstOf(ofType<AvatarResource>(document.included, "avatars"));
  expect(idOf(document.data.relationships?.avatar)).toBe(resource.id);
  expect(resource.attributes.url).toBe(`/avatars/${resource.id}`);
  return resource;
}

/** The colour at a point of a picture, as [r, g, b]. */
async function colourAt(picture: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const offset = (y * info.width + x) * info.channels;
  return [...data.subarray(offset, offset + 3)];
}

const isRed = ([r = 0, g = 0, b = 0]: number[]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r = 0, g = 0, b = 0]: number[]) => b > 200 && r < 60 && g < 60;

describe("PUT /v1c/clients/:id/avatar", () => {
  it("keeps a PNG as a centred 512 px square, served in every size as AVIF, WebP or JPEG", async () => {
    const { attributes } = await uploaded(await upload(await samplePicture("png"), "image/png"));
    const large = await avatar(`${attributes.url}?s=512`, "image/webp,*/*");
    expect(large.status).toBe(200);
    expect(large.headers.get("content-type")).toBe("image/webp");
    expect(large.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const picture = Buffer.from(await large.arrayBuffer());
    expect(await sharp(picture).metadata()).toMatchObject({ width: 512, height: 512, format: "webp" });
    // 800 × 600 cropped to its middle 600 × 600: red on the left, blue on the right, halves equal.
    expect(isRed(await colourAt(picture, 20, 256))).toBe(true);
    expect(isBlue(await colourAt(picture, 490, 256))).toBe(true);

    const small = await avatar(`${attributes.url}?s=48`);
    expect(small.headers.get("content-type")).toBe("image/avif");
    expect(await sharp(Buffer.from(await small.arrayBuffer())).metadata()).toMatchObject({ width: 48, height: 48 });
    const jpeg = await avatar(`${attributes.url}?s=96`, "*/*");
    expect(await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).toMatchObject({ format: "jpeg", width: 96 });
  });

  it("turns a JPEG upright by its EXIF orientation", async () => {
    // Stored landscape with "turn 90° right": upright it is portrait, red on top and blue below.
    const photo = await samplePicture("jpeg", { width: 800, height: 600, orientation: 6 });
    const { attributes } = await uploaded(await upload(photo, "image/jpeg"));
    const picture = Buffer.from(await (await avatar(`${attributes.url}?s=512`, "image/webp")).arrayBuffer());
    expect(isRed(await colourAt(picture, 256, 20))).toBe(true);
    expect(isBlue(await colourAt(picture, 256, 490))).toBe(true);
  });

  it("replaces the previous picture, whose address then answers 404", async () => {
    const first = await uploaded(await upload(await samplePicture("webp"), "image/webp"));
    const second = await uploaded(await upload(await samplePicture("png", { width: 300, height: 300 }), "image/png"));
    expect(second.id).not.toBe(first.id);
    expect((await avatar(`${first.attributes.url}?s=96`)).status).toBe(404);
    expect((await avatar(`${second.attributes.url}?s=96`)).status).toBe(200);
  });

  it("answers 415 for other kinds of body and 422 for a file that is not a picture", async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    const errors = await errorsOf(await upload(gif, "image/gif"), 415);
    expect(errors[0]?.detail).toBe("Send the picture itself as the body, as image/jpeg, image/png, image/webp.");
    await errorsOf(await upload("hello", "text/plain"), 415);
    await errorsOf(await upload(JSON.stringify({ data: null }), "application/json"), 415);
    const notPicture = await errorsOf(await upload(Buffer.from("not a picture at all"), "image/png"), 422);
    expect(notPicture[0]?.code).toBe("unreadable_picture");
  });

  it("answers 413 for a picture over 5 MB", async () => {
    const errors = await errorsOf(await upload(Buffer.alloc(5 * 1024 * 1024 + 1), "image/jpeg"), 413);
    expect(errors[0]).toMatchObject({ code: "payload_too_large", detail: "A picture may be at most 5 MB." });
  });

  it("answers 401 when not signed in and 404 for another client's account", async () => {
    const other = await createTestClient(api.database.db);
    const png = await samplePicture("png", { width: 64, height: 64 });
    await errorsOf(await put(`/v1c/clients/${other.id}/avatar`, undefined, png, "image/png"), 401);
    await errorsOf(await put(`/v1c/clients/${other.id}/avatar`, client.authorization, png, "image/png"), 404);
    await errorsOf(await remove(`/v1c/clients/${other.id}/avatar`, client.authorization), 404);
  });
});

describe("DELETE /v1c/clients/:id/avatar", () => {
  it("removes the picture", async () => {
    const { attributes } = await uploaded(await upload(await samplePicture("png"), "image/png"));
    expect((await remove("/v1c/clients/me/avatar", client.authorization)).status).toBe(204);
    const { data } = await readJson<SingleDocument<ClientResource>>(await get("/v1c/clients/me", client.authorization));
    expect(data.relationships?.avatar?.data).toBeNull();
    expect((await avatar(`${attributes.url}?s=96`)).status).toBe(404);
  });
});

describe("GET /avatars/:id", () => {
  it("answers 400 for a size outside the set and 404 for an unknown or malformed id", async () => {
    const { attributes } = await uploaded(await upload(await samplePicture("png"), "image/png"));
    const badSize = await errorsOf(await avatar(`${attributes.url}?s=100`), 400);
    expect(badSize[0]?.source?.parameter).toBe("s");
    await errorsOf(await avatar("/avatars/00000000-0000-4000-8000-000000000000?s=96"), 404);
    await errorsOf(await avatar("/avatars/1?s=96"), 404);
  });
});
