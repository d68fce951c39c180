import sharp, { type Sharp } from "sharp";

export type ImageFormat = "avif" | "webp" | "jpeg";

/** The best format the client accepts: AVIF, then WebP, then JPEG for everyone else. */
export function negotiateFormat(accept: string | undefined): ImageFormat {
  if (accept?.includes("image/avif")) return "avif";
  if (accept?.includes("image/webp")) return "webp";
  return "jpeg";
}

/** Rasterises a stored SVG so that its longest side is `size` px, in the given format. */
export function renderImage(svg: string, size: number, format: ImageFormat): Promise<Buffer> {
  return encodeImage(sharp(Buffer.from(svg)).resize(size, size, { fit: "inside" }), format);
}

/** One set of quality settings for every picture we serve (catalogue images, avatars). */
export async function encodeImage(image: Sharp, format: ImageFormat): Promise<Buffer> {
  switch (format) {
    case "avif":
      return image.avif({ quality: 55, effort: 2 }).toBuffer();
    case "webp":
      return image.webp({ quality: 80 }).toBuffer();
    case "jpeg":
      return image.flatten({ background: "#ffffff" }).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  }
}
