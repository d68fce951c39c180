import type { MarketplaceServiceResource } from "@termin/contracts/catalogue-resources";
import type { marketplaceServices } from "@termin/db/catalogue-schema";
import type { Language } from "@termin/domain/languages";

export const marketplaceServiceAttributes = ["slug", "name", "category"] as const;

export function toMarketplaceServiceResource(
  row: typeof marketplaceServices.$inferSelect,
  language: Language,
): MarketplaceServiceResource {
  return {
    type: "marketplace-services",
    id: String(row.id),
    attributes: { slug: row.slug, name: row.names[language], category: row.category },
  };
}
