import type { LikeResource } from "@termin/contracts/client-area-resources";
import { toOne } from "../../jsonapi/relationships.ts";

export interface LikeRow {
  mediaId: number;
  createdAt: Date;
}

export const likeAttributes = ["created_at"] as const;

/** A like, named by the media's id: a client likes a picture once. */
export function toLikeResource(row: LikeRow): LikeResource {
  return {
    type: "likes",
    id: String(row.mediaId),
    attributes: { created_at: row.createdAt.toISOString() },
    relationships: { media: toOne("media", row.mediaId) },
    links: { self: `/v1c/likes/${row.mediaId}` },
  };
}
