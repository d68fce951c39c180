import { readFileSync } from "node:fs";
import { SUPPORTED_LANGUAGES, type Language } from "@termin/domain/languages";
import type {
  BusinessTypeSeed,
  CitySeed,
  LocaleSeed,
  MarketplaceServiceSeed,
  ResourceNames,
  TagSeed,
} from "./demo-data-types.ts";

export interface DemoData {
  cities: CitySeed[];
  marketplaceServices: MarketplaceServiceSeed[];
  businessTypes: BusinessTypeSeed[];
  tags: TagSeed[];
  resourceNames: ResourceNames;
  locales: Record<Language, LocaleSeed>;
  /** Notes clients leave with a booking ("Same as last time, please"), per language. */
  clientNotes: Record<Language, string[]>;
}

const read = <T>(path: string): T => JSON.parse(readFileSync(new URL(`./data/${path}`, import.meta.url), "utf8")) as T;

/** The hand-written inputs of the demo generator (./data). */
export function loadDemoData(): DemoData {
  return {
    cities: read<CitySeed[]>("cities.json"),
    marketplaceServices: read<MarketplaceServiceSeed[]>("marketplace-services.json"),
    businessTypes: read<BusinessTypeSeed[]>("business-types.json"),
    tags: read<TagSeed[]>("tags.json"),
    resourceNames: read<ResourceNames>("resource-names.json"),
    locales: Object.fromEntries(
      SUPPORTED_LANGUAGES.map((language) => [language, read<LocaleSeed>(`locales/${language}.json`)]),
    ) as Record<Language, LocaleSeed>,
    clientNotes: read<Record<Language, string[]>>("client-notes.json"),
  };
}
