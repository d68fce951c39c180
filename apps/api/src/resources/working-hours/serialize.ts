import type { WorkingHoursResource } from "@termin/contracts/catalogue-resources";
import type { workingHours } from "@termin/db/catalogue-schema";
import { toOne } from "../../jsonapi/relationships.ts";

export const workingHoursAttributes = ["weekday", "opens_at", "closes_at"] as const;

/** PostgreSQL gives "09:00:00"; clients get "09:00", local time of the location. */
const hoursAndMinutes = (time: string) => time.slice(0, 5);

export function toWorkingHoursResource(row: typeof workingHours.$inferSelect): WorkingHoursResource {
  return {
    type: "working-hours",
    id: String(row.id),
    attributes: {
      weekday: row.weekday,
      opens_at: hoursAndMinutes(row.opensAt),
      closes_at: hoursAndMinutes(row.closesAt),
    },
    relationships: { location: toOne("locations", row.locationId) },
    links: { self: `/v1c/working-hours/${row.id}` },
  };
}
