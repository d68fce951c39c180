import sharp from "sharp";
import { AVATAR_SIZES } from "@termin/contracts/client-resources";
import { refusal } from "../../http/refusal.ts";
import { encodeImage, type ImageFormat } from "../images/render-image.ts";

const STORED_SIZE = Math.max(...AVATAR_SIZES);

/**
 * An uploaded picture as it is kept: turned upright by its EXIF orientation (then the EXIF is dropped with
 * the rest of the metadata, location included), cropped to a centred square, 512 px WebP. A decompression
 * bomb (a small file of huge dimensions) is refused before it is decoded.
 */
export async function normaliseAvatar(upload: Buffer): Promise<Buffer> {
  try {
    return await sharp(upload, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(STORED_SIZE, STORED_SIZE, { fit: "cover", position: "centre" })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw refusal("unreadable_picture", undefined);
  }
}

/** A stored avatar at `size` px square, in the format the client accepts. */
export function renderAvatar(stored: Buffer, size: number, format: ImageFormat): Promise<Buffer> {
  return encodeImage(sharp(stored).resize(size, size), format);
}
