import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import type { media } from "../../catalogue-schema.ts";
import { demoVideoKey, encodeDemoVideo, WEBM_MAGIC, type DemoVideoSpec } from "./encode-demo-video.ts";

type MediaInsert = typeof media.$inferInsert;

export interface AttachVideosOptions {
  /** Where encoded files are kept between seedings, named by a hash of picture and recipe. */
  cacheDir?: string;
  ffmpeg?: string;
}

export const DEFAULT_VIDEO_CACHE_DIR = path.join(tmpdir(), "termin-demo-videos");

async function cachedOrEncoded(spec: DemoVideoSpec, options: AttachVideosOptions): Promise<Buffer> {
  const cacheDir = options.cacheDir ?? DEFAULT_VIDEO_CACHE_DIR;
  const file = path.join(cacheDir, `${demoVideoKey(spec)}.webm`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached && cached.subarray(0, 4).equals(WEBM_MAGIC)) return cached;
  const encoded = await encodeDemoVideo(spec, { ffmpeg: options.ffmpeg });
  await mkdir(cacheDir, { recursive: true });
  // Written aside then renamed: test workers seeding at the same moment never read half a file.
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.partial`;
  await writeFile(partial, encoded);
  await rename(partial, file);
  return encoded;
}

/** Points the camera drifts towards, taken in turn, so the clips do not all move alike. */
const FOCUS_POINTS = [
  { x: 0.5, y: 0.3 },
  { x: 0.2, y: 0.7 },
  { x: 0.8, y: 0.5 },
  { x: 0.35, y: 0.15 },
  { x: 0.65, y: 0.85 },
];

/** How a generated video row is animated: its poster, size and duration, and a drift of its own. */
export function demoVideoSpec(row: MediaInsert, index: number): DemoVideoSpec {
  if (row.durationSeconds === null || row.durationSeconds === undefined) {
    throw new Error(`Demo video ${row.id} has no duration.`);
  }
  const focus = FOCUS_POINTS[index % FOCUS_POINTS.length] as DemoVideoSpec["focus"];
  return { svg: row.svg, width: row.width, height: row.height, durationSeconds: row.durationSeconds, focus };
}

/**
 * Puts the WebM bytes into the generated video rows that have none: from the cache when the same video
 * was made before, else encoded, one ffmpeg per core. Fails, never skips, when ffmpeg cannot run.
 */
export async function attachDemoVideos(rows: MediaInsert[], options: AttachVideosOptions = {}): Promise<void> {
  const queue = rows
    .filter((row) => row.kind === "video" && !row.video)
    .map((row, index) => ({ row, spec: demoVideoSpec(row, index) }));
  const videos = queue.length;
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      next.row.video = await cachedOrEncoded(next.spec, options);
    }
  };
  await Promise.all(Array.from({ length: Math.min(2, availableParallelism(), videos) }, worker));
}
