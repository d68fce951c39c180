import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { media } from "../../catalogue-schema.ts";
import { attachDemoVideos } from "./attach-demo-videos.ts";
import { drawPhoto } from "./draw-media.ts";
import { WEBM_MAGIC } from "./encode-demo-video.ts";
import { Random } from "./random.ts";

// Small and short, so each encoding takes a fraction of a second.
function videoRow(id: number): typeof media.$inferInsert {
  const poster = drawPhoto({ category: "nails", width: 96, height: 160, random: new Random(id) });
  return { id, kind: "video", ...poster, alt: "", durationSeconds: 1 };
}

let cacheDir: string;
afterEach(async () => {
  await rm(cacheDir, { recursive: true, force: true });
});

describe("attachDemoVideos", () => {
  it("encodes each video row into WebM bytes and leaves pictures alone", async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), "video-cache-test-"));
    const picture: typeof media.$inferInsert = { id: 9, kind: "image", width: 1, height: 1, svg: "<svg/>", alt: "" };
    const rows = [videoRow(1), picture, videoRow(2)];
    await attachDemoVideos(rows, { cacheDir });
    for (const row of [rows[0], rows[2]]) {
      expect(row?.video?.subarray(0, 4)).toEqual(WEBM_MAGIC);
      expect(row?.video?.length).toBeGreaterThan(1000);
    }
    expect(rows[0]?.video?.equals(rows[2]?.video ?? Buffer.alloc(0))).toBe(false);
    expect(picture.video).toBeUndefined();
    expect(await readdir(cacheDir)).toHaveLength(2);
  });

  it("makes the same bytes from the same picture, and takes them from the cache the second time", async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), "video-cache-test-"));
    const first = [videoRow(3)];
    await attachDemoVideos(first, { cacheDir });
    const fresh = [videoRow(3)];
    await attachDemoVideos(fresh, { cacheDir: await mkdtemp(path.join(tmpdir(), "video-cache-test-")) });
    expect(fresh[0]?.video?.equals(first[0]?.video ?? Buffer.alloc(0))).toBe(true);
    // A broken ffmpeg cannot be what answered: the file comes from the cache.
    const cached = [videoRow(3)];
    await attachDemoVideos(cached, { cacheDir, ffmpeg: "/nonexistent/ffmpeg" });
    expect(cached[0]?.video?.equals(first[0]?.video ?? Buffer.alloc(0))).toBe(true);
  });

  it("fails with a clear message when ffmpeg cannot run, rather than seeding without videos", async () => {
    cacheDir = await mkdtemp(path.join(tmpdir(), "video-cache-test-"));
    await expect(attachDemoVideos([videoRow(4)], { cacheDir, ffmpeg: "/nonexistent/ffmpeg" })).rejects.toThrow(
      /could not run ffmpeg at \/nonexistent\/ffmpeg/,
    );
  });
});
