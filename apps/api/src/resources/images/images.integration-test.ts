import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorDocument } from "@termin/contracts/jsonapi";
import { readJson, startTestApi, type TestApi } from "../../testing/start-test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ demoData: true });
});
afterAll(() => api.close());

const image = (path: string, accept = "image/avif,image/webp,image/*") =>
  fetch(`${api.baseUrl}${path}`, { headers: { accept } });

describe("GET /images/:id", () => {
  it("renders a drawn picture at the asked longest side, as AVIF when accepted, cacheable for a year", async () => {
    const response = await image("/images/2?s=390");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("vary")).toMatch(/accept/i);
    const { width, height, format } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(format).toBe("heif");
    expect(Math.max(width, height)).toBe(390);
  });

  it("falls back to WebP, then JPEG, by the Accept header", async () => {
    expect((await image("/images/2?s=256", "image/webp,*/*")).headers.get("content-type")).toBe("image/webp");
    const jpeg = await image("/images/2?s=256", "*/*");
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect((await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).format).toBe("jpeg");
  });

  it("answers 400 for a size outside the fixed set and 404 for an unknown picture", async () => {
    const badSize = await image("/images/2?s=391");
    expect(badSize.status).toBe(400);
    expect((await readJson<ErrorDocument>(badSize)).errors[0]?.source?.parameter).toBe("s");
    expect((await image("/images/99999999?s=390")).status).toBe(404);
  });
});
