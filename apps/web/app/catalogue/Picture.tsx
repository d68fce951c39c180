import { imageSrcSet, imageUrl, type PictureData } from "./image-sources.ts";

interface PictureProps {
  picture: PictureData;
  /** The `sizes` attribute: how wide the picture shows at each viewport width. */
  sizes: string;
  /** The largest longest-side worth offering (e.g. a 3x phone screen for a hero). */
  largestSide: number;
  /** Above the fold: load at once with high priority (the page's largest paint). */
  eager?: boolean;
  className?: string;
}

/** A picture from the image endpoint with a true-width srcset and fixed proportions (no layout shift). */
export function Picture({ picture, sizes, largestSide, eager = false, className }: PictureProps) {
  return (
    <img
      className={className}
      src={imageUrl(picture, Math.min(largestSide, 640))}
      srcSet={imageSrcSet(picture, largestSide)}
      sizes={sizes}
      width={picture.width}
      height={picture.height}
      alt={picture.alt}
      loading={eager ? "eager" : "lazy"}
      // Decoded off the main thread even above the fold: a synchronous decode held the first paint (~100 ms per
      // picture on a mid-range phone) and made it one long task.
      decoding="async"
      fetchPriority={eager ? "high" : "auto"}
    />
  );
}
