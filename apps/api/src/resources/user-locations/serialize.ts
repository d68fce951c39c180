import type { UserLocationResource } from "@termin/contracts/client-area-resources";
import { toOne } from "../../jsonapi/relationships.ts";

export interface UserLocationRow {
  locationId: number;
  createdAt: Date;
}

export const userLocationAttributes = ["created_at"] as const;

/** A saved location, named by the location's id: a client saves a location once. */
export function toUserLocationResource(row: UserLocationRow): UserLocationResource {
  return {
    type: "user-locations",
    id: String(row.locationId),
    attributes: { created_at: row.createdAt.toISOString() },
    relationships: { location: toOne("locations", row.locationId) },
    links: { self: `/v1c/user-locations/${row.locationId}` },
  };
}
