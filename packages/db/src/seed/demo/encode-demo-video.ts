import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";

/**
 * Demo videos are made here, not downloaded: a drawn picture (the video's poster) is rasterised with
 * sharp, then ffmpeg (a static binary shipped inside the npm package @ffmpeg-installer/ffmpeg) zooms
 * slowly into it, swings its hue and sweeps a band of light across it, and encodes VP8 WebM.
 * Decision 0014 tells why.
 */

export interface DemoVideoSpec {
  /** The poster: its first frame. Width and height (even numbers) are the video's. */
  svg: string;
  width: number;
  height: number;
  durationSeconds: number;
  /** Where the camera drifts while zooming in, as fractions of the picture (0 left/top ... 1 right/bottom). */
  focus: { x: number; y: number };
}

/** The first bytes of every Matroska/WebM file (the EBML header id). */
export const WEBM_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

const FPS = 25;
/** The poster is rasterised at twice the video's size so the slow zoom does not step from pixel to pixel. */
const SOURCE_SCALE = 2;
const MAX_ZOOM = 1.2;
const HUE_SWING_DEGREES = 18;

function sweepSvg(height: number): string {
  const width = Math.round(height * 0.375);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs><linearGradient id="s" x1="0" y1="0" x2="1" y2="0.25"><stop offset="0" stop-color="#fff" stop-opacity="0"/>` +
    `<stop offset="0.5" stop-color="#fff" stop-opacity="0.35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>` +
    `</linearGradient></defs><rect width="${width}" height="${height}" fill="url(#s)"/></svg>`
  );
}

/**
 * The ffmpeg filter graph. Input 0 is the poster, input 1 the light band; each is decoded once and
 * repeated (`loop`), which is several times faster than re-reading a looped image input. At t=0 the
 * zoom is 1, the hue swing 0 and the band off-screen, so the first frame is the poster.
 */
export function demoVideoFilterGraph(spec: DemoVideoSpec): string {
  const frames = Math.round(spec.durationSeconds * FPS);
  const sweepWidth = Math.round(spec.height * 0.375);
  const zoom = `1+${(MAX_ZOOM - 1).toFixed(3)}*on/${frames}`;
  return [
    `[0:v]format=yuv420p,loop=loop=${frames - 1}:size=1:start=0,setpts=N/${FPS}/TB,` +
      `zoompan=z='${zoom}':x='(iw-iw/zoom)*${spec.focus.x.toFixed(3)}':y='(ih-ih/zoom)*${spec.focus.y.toFixed(3)}'` +
      `:d=1:s=${spec.width}x${spec.height}:fps=${FPS},` +
      `hue=h='${HUE_SWING_DEGREES}*sin(2*PI*t/${spec.durationSeconds})'[picture]`,
    `[1:v]loop=loop=${frames - 1}:size=1:start=0,setpts=N/${FPS}/TB[band]`,
    `[picture][band]overlay=x='-${sweepWidth}+${spec.width + sweepWidth}*t/${spec.durationSeconds}':y=0:format=yuv420:shortest=1`,
  ].join(";");
}

/**
 * VP8 at a small bitrate (a 5 s clip is about 200 KB), a keyframe every 2 s so players can seek, no audio.
 * One thread and bitexact output: the same input gives the same bytes.
 */
const ENCODER_ARGUMENTS = [
  "-c:v",
  "libvpx",
  "-b:v",
  "300k",
  "-crf",
  "12",
  "-deadline",
  "good",
  "-cpu-used",
  "5",
  "-auto-alt-ref",
  "0",
  "-g",
  String(2 * FPS),
  "-an",
  "-threads",
  "1",
  "-fflags",
  "+bitexact",
  "-flags:v",
  "+bitexact",
  "-map_metadata",
  "-1",
  "-f",
  "webm",
];

/** A name for the encoded file that changes whenever its picture or any part of the recipe does. */
export function demoVideoKey(spec: DemoVideoSpec): string {
  return createHash("sha256")
    .update(JSON.stringify([spec, demoVideoFilterGraph(spec), ENCODER_ARGUMENTS, sweepSvg(spec.height), SOURCE_SCALE]))
    .digest("hex")
    .slice(0, 32);
}

export class DemoVideoError extends Error {}

/** The ffmpeg binary of @ffmpeg-installer/ffmpeg for this platform. */
export function bundledFfmpegPath(): string {
  try {
    const installer = createRequire(import.meta.url)("@ffmpeg-installer/ffmpeg") as { path: string };
    return installer.path;
  } catch (error) {
    throw new DemoVideoError(
      `Demo videos need the ffmpeg binary of the npm package @ffmpeg-installer/ffmpeg, which is missing for ` +
        `${process.platform}-${process.arch} (${String(error)}). Run npm install.`,
    );
  }
}

function runFfmpeg(ffmpeg: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => {
      errors = (errors + chunk.toString()).slice(-2000);
    });
    child.on("error", (error) => {
      reject(new DemoVideoError(`Demo videos: could not run ffmpeg at ${ffmpeg} (${error.message}). Run npm install.`));
    });
    child.on("close", (code) => {
      if (code === 0) resolve();
      else reject(new DemoVideoError(`Demo videos: ffmpeg exited with code ${code}: ${errors.trim()}`));
    });
  });
}

/** Encodes one demo video; the WebM file's bytes. */
export async function encodeDemoVideo(spec: DemoVideoSpec, options: { ffmpeg?: string } = {}): Promise<Buffer> {
  if (spec.width % 2 !== 0 || spec.height % 2 !== 0) {
    throw new DemoVideoError(`Demo videos need even dimensions, not ${spec.width}x${spec.height}.`);
  }
  const ffmpeg = options.ffmpeg ?? bundledFfmpegPath();
  const workDir = await mkdtemp(path.join(tmpdir(), "termin-video-"));
  try {
    const poster = path.join(workDir, "poster.png");
    const band = path.join(workDir, "band.png");
    const output = path.join(workDir, "video.webm");
    await Promise.all([
      sharp(Buffer.from(spec.svg), { density: 72 * SOURCE_SCALE })
        .resize(spec.width * SOURCE_SCALE, spec.height * SOURCE_SCALE, { fit: "fill" })
        .png({ compressionLevel: 1 })
        .toFile(poster),
      sharp(Buffer.from(sweepSvg(spec.height)))
        .png({ compressionLevel: 1 })
        .toFile(band),
    ]);
    const filter = demoVideoFilterGraph(spec);
    await runFfmpeg(ffmpeg, [
      ...["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-i", poster, "-i", band],
      ...["-filter_complex", filter, ...ENCODER_ARGUMENTS, output],
    ]);
    return await readFile(output);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
