import type { BusinessResource } from "@termin/contracts/catalogue-resources";
import type { businesses } from "@termin/db/catalogue-schema";

export const businessAttributes = ["slug", "name", "description", "currency"] as const;

// Settings stay out: they are the business's switches for the apps, not public profile data.
export function toBusinessResource(row: typeof businesses.$inferSelect): BusinessResource {
  return {
    type: "businesses",
    id: String(row.id),
    attributes: { slug: row.slug, name: row.name, description: row.description, currency: row.currencyCode },
  };
}
