import { IMAGE_SIZES, imageSizeCovering } from "@termin/contracts/image-sizes";
import { sizedImage } from "../lib/api-asset.ts";

/** What a page needs to show one picture: its URL on the image endpoint and natural proportions. */
export interface PictureData {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export function imageUrl(picture: Pick<PictureData, "url">, side: number): string {
  return sizedImage(picture.url, imageSizeCovering(side));
}

/**
 * A `srcset` with true pixel widths. The endpoint's `s` is the longest side, so a portrait picture
 * rendered at s=780 is narrower than 780 pixels; the browser must know the real width to pick well.
 */
export function imageSrcSet(picture: PictureData, largestSide: number, smallestSide = 96): string {
  const portrait = picture.height > picture.width;
  return IMAGE_SIZES.filter((size) => size >= smallestSide && size <= imageSizeCovering(largestSide))
    .map((size) => {
      const width = portrait ? Math.round((size * picture.width) / picture.height) : size;
      return `${sizedImage(picture.url, size)} ${width}w`;
    })
    .join(", ");
}

/** Look Book pictures never below 390 pixels on their longest side (spec section 9). */
export const INSPIRATION_MIN_SIDE = 390;
/** Beyond 3 device pixels per CSS pixel no eye sees more detail; larger files would only cost data. */
export const MAX_PIXEL_RATIO = 3;

/**
 * The size of an inspiration picture for an element of the given box (spec section 9): the larger of
 * its width and height, at least 390, times the device pixel ratio capped at 3, rounded up to a size
 * the endpoint renders (docs/decisions/0012-inspiration-image-size.md).
 */
export function inspirationImageSide(box: { width: number; height: number }, devicePixelRatio: number): number {
  const multiplier = Math.min(Math.max(devicePixelRatio, 1), MAX_PIXEL_RATIO);
  return imageSizeCovering(Math.max(INSPIRATION_MIN_SIDE, box.width, box.height) * multiplier);
}
