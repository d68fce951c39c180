/**
 * Longest sides, in pixels, the image endpoint (`GET /images/:id?s=`) renders: a fixed set, so caches
 * stay small and URLs cannot multiply. 390, 780 and 1170 serve the inspiration rule (spec section 9).
 */
export const IMAGE_SIZES = [64, 96, 128, 160, 256, 390, 480, 640, 780, 960, 1170, 1280, 1560, 1920, 2340] as const;
export type ImageSize = (typeof IMAGE_SIZES)[number];

export const LARGEST_IMAGE_SIZE: ImageSize = 2340;

/** The smallest rendered size that covers `side` pixels (the largest one when none does). */
export function imageSizeCovering(side: number): ImageSize {
  return IMAGE_SIZES.find((size) => size >= side) ?? LARGEST_IMAGE_SIZE;
}
