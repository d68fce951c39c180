import sharp from "sharp";

/**
 * A real photo-like picture made with sharp, `width` × `height` px: a left half red and a right half blue,
 * so a test can tell how it was cropped. `orientation` writes an EXIF orientation tag (6 = turn 90° right).
 */
export async function samplePicture(
  format: "png" | "jpeg" | "webp",
  options: { width?: number; height?: number; orientation?: number } = {},
): Promise<Buffer> {
  const { width = 800, height = 600, orientation } = options;
  const half = Math.floor(width / 2);
  const side = (color: string) => ({ create: { width: half, height, channels: 3 as const, background: color } });
  let image = sharp({ create: { width, height, channels: 3, background: "#ffffff" } }).composite([
    { input: await sharp(side("#ff0000")).png().toBuffer(), left: 0, top: 0 },
    { input: await sharp(side("#0000ff")).png().toBuffer(), left: half, top: 0 },
  ]);
  if (orientation) image = image.withMetadata({ orientation });
  return image.toFormat(format).toBuffer();
}
