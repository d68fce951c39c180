import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { ErrorDocument } from "@termin/contracts/jsonapi";
import { media } from "@termin/db/catalogue-schema";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
let videoId: number;
let file: Buffer;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
  const [row] = await api.database.db
    .select({ id: media.id, video: media.video })
    .from(media)
    .where(eq(media.kind, "video"))
    .limit(1);
  if (!row?.video) throw new Error("the demo catalogue has no video");
  videoId = row.id;
  file = row.video;
});
afterAll(() => api.close());

const video = (path: string, headers: Record<string, string> = {}) => fetch(`${api.baseUrl}${path}`, { headers });
const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("GET /videos/:id", () => {
  it("serves the whole WebM file, seekable and cacheable for a year", async () => {
    const response = await video(`/videos/${videoId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/webm");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    const body = await bytes(response);
    expect(Number(response.headers.get("content-length"))).toBe(file.length);
    expect(body.equals(file)).toBe(true);
    // The EBML magic: a real Matroska/WebM file.
    expect([...body.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });

  it("answers a byte range with 206 and exactly those bytes", async () => {
    const response = await video(`/videos/${videoId}`, { range: "bytes=100-1099" });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 100-1099/${file.length}`);
    expect(response.headers.get("content-type")).toBe("video/webm");
    expect((await bytes(response)).equals(file.subarray(100, 1100))).toBe(true);

    const tail = await video(`/videos/${videoId}`, { range: "bytes=-500" });
    expect(tail.status).toBe(206);
    expect((await bytes(tail)).equals(file.subarray(file.length - 500))).toBe(true);

    const open = await video(`/videos/${videoId}`, { range: "bytes=0-" });
    expect(open.status).toBe(206);
    expect(open.headers.get("content-range")).toBe(`bytes 0-${file.length - 1}/${file.length}`);
    expect((await bytes(open)).equals(file)).toBe(true);
  });

  it("answers 416 with the file's size for a range past its end", async () => {
    const response = await video(`/videos/${videoId}`, { range: `bytes=${file.length}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe(`bytes */${file.length}`);
    expect((await readJson<ErrorDocument>(response)).errors[0]?.code).toBe("range_not_satisfiable");
  });

  it("revalidates with the ETag (304) and sends the whole file when If-Range names another version", async () => {
    const whole = await video(`/videos/${videoId}`);
    // Read every body: an unread one keeps its connection busy and the server's close waits on it.
    await bytes(whole);
    const etag = whole.headers.get("etag") ?? "";
    expect((await video(`/videos/${videoId}`, { "if-none-match": etag })).status).toBe(304);
    const stale = await video(`/videos/${videoId}`, { range: "bytes=0-9", "if-range": '"another"' });
    expect(stale.status).toBe(200);
    expect((await bytes(stale)).length).toBe(file.length);
    const fresh = await video(`/videos/${videoId}`, { range: "bytes=0-9", "if-range": etag });
    expect(fresh.status).toBe(206);
    expect((await bytes(fresh)).equals(file.subarray(0, 10))).toBe(true);
  });

  it("answers 404 for an unknown id and for a picture", async () => {
    const [picture] = await api.database.db
      .select({ id: media.id })
      .from(media)
      .where(eq(media.kind, "image"))
      .limit(1);
    for (const id of ["99999999", String(picture?.id), "abc"]) {
      const response = await video(`/videos/${id}`);
      expect(response.status, id).toBe(404);
      expect((await readJson<ErrorDocument>(response)).errors[0]?.code).toBe("not_found");
    }
  });
});
