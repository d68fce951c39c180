import { getTableColumns } from "drizzle-orm";
import type { BusinessResource } from "@termin/contracts/catalogue-resources";
import { businesses } from "@termin/db/catalogue-schema";
import { toMany, toOne } from "../../jsonapi/relationships.ts";

export const businessAttributes = ["slug", "name", "description", "currency"] as const;

// Settings stay out, not even selected: they hold private terms (docs/decisions/0013); `settings` shows the public part.
const { settings: _settings, ...publicColumns } = getTableColumns(businesses);

/** The columns to select for a BusinessRow. */
export const businessColumns = publicColumns;
export type BusinessRow = Omit<typeof businesses.$inferSelect, "settings">;

/** `locationIds` when the caller loaded them (the businesses list); an included business omits that relationship. */
export function toBusinessResource(row: BusinessRow, locationIds?: readonly number[]): BusinessResource {
  return {
    type: "businesses",
    id: String(row.id),
    attributes: { slug: row.slug, name: row.name, description: row.description, currency: row.currencyCode },
    relationships: {
      businessType: toOne("business-types", row.businessTypeId),
      logo: toOne("media", row.logoMediaId),
      ...(locationIds ? { locations: toMany("locations", locationIds) } : {}),
    },
    links: { self: `/v1c/businesses/${row.id}` },
  };
}
