import type { MediaResource } from "@termin/contracts/catalogue-resources";
import type { media } from "@termin/db/catalogue-schema";

/** A media row without its heavy columns (svg source, video bytes): what lists select. */
export type MediaRow = Omit<typeof media.$inferSelect, "svg" | "video"> & { hasVideo: boolean };

export const mediaAttributes = [
  "kind",
  "width",
  "height",
  "alt",
  "image_url",
  "video_url",
  "duration_seconds",
  "like_count",
  "created_at",
] as const;

const ref = (type: string, id: number | null) => ({ data: id === null ? null : { type, id: String(id) } });

export function toMediaResource(row: MediaRow): MediaResource {
  return {
    type: "media",
    id: String(row.id),
    attributes: {
      kind: row.kind,
      width: row.width,
      height: row.height,
      alt: row.alt,
      image_url: `/images/${row.id}`,
      video_url: row.hasVideo ? `/videos/${row.id}` : null,
      duration_seconds: row.durationSeconds,
      like_count: row.likeCount,
      created_at: row.createdAt.toISOString(),
    },
    relationships: {
      business: ref("businesses", row.businessId),
      location: ref("locations", row.locationId),
      marketplaceService: ref("marketplace-services", row.marketplaceServiceId),
    },
    links: { self: `/v1c/media/${row.id}` },
  };
}
