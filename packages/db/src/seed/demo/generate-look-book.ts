import type { media } from "../../catalogue-schema.ts";
import { drawPhoto } from "./draw-media.ts";
import type { Random } from "./random.ts";

type MediaInsert = typeof media.$inferInsert;

/** Look-book videos whatever the catalogue's size: encoding is the slow part of seeding, so it stays fixed. */
export const DEMO_VIDEO_COUNT = 8;
/** Portrait, like the short clips people film on phones. Even numbers, as VP8 in 4:2:0 needs. */
export const DEMO_VIDEO_SIZE = { width: 540, height: 960 } as const;

/** Look-book pictures come in the shapes people post: portrait most often, then square, then landscape. */
const PICTURE_SHAPES: ReadonlyArray<readonly [number, number]> = [
  [800, 1000],
  [800, 1200],
  [800, 800],
  [1200, 800],
  [900, 1200],
];

export function pickPictureShape(random: Random): { width: number; height: number } {
  const [width, height] = random.pick(PICTURE_SHAPES);
  return { width, height };
}

/** Most posts collect a few likes and a few collect many: a long tail, as on any social feed. */
export function likeCountFrom(roll: number, most: number): number {
  return Math.round(roll ** 3 * most);
}

/** The business location that first offered a category's service: who posted that category's video. */
export interface VideoSubject {
  category: string;
  businessId: number;
  locationId: number;
  marketplaceServiceId: number;
  name: string;
}

/**
 * One video per category on offer, up to DEMO_VIDEO_COUNT. Rows carry the poster (svg) and duration;
 * the WebM bytes are encoded from them when seeding (attach-demo-videos.ts), not here: generation stays pure.
 */
export function generateLookBookVideos(options: {
  subjects: VideoSubject[];
  random: Random;
  nextId: () => number;
  /** When the clip was posted: videos are the newest posts. */
  postedAt: () => Date;
}): MediaInsert[] {
  const { subjects, random, nextId, postedAt } = options;
  return subjects.slice(0, DEMO_VIDEO_COUNT).map((subject) => {
    const poster = drawPhoto({ category: subject.category, ...DEMO_VIDEO_SIZE, random });
    return {
      id: nextId(),
      kind: "video",
      width: poster.width,
      height: poster.height,
      svg: poster.svg,
      alt: subject.name,
      durationSeconds: random.pick([4, 5, 6]),
      businessId: subject.businessId,
      locationId: subject.locationId,
      marketplaceServiceId: subject.marketplaceServiceId,
      inspiration: true,
      likeCount: likeCountFrom(random.next(), 2400),
      createdAt: postedAt(),
    };
  });
}
