import { businesses } from "../../catalogue-schema.ts";
import type { Database } from "../../database.ts";
import { generateCatalogue } from "./generate-catalogue.ts";
import { insertCatalogue } from "./insert-catalogue.ts";
import { loadDemoData } from "./load-demo-data.ts";

/** Default demo size: 60 locations of about 40 businesses in the 23 cities of our languages. */
export const DEMO_LOCATIONS = 60;

/** Loads the demo catalogue into an empty database; a database with businesses is left as it is. */
export async function seedDemoData(db: Database, options: { locations?: number } = {}): Promise<boolean> {
  if ((await db.$count(businesses)) > 0) return false;
  await insertCatalogue(db, generateCatalogue(loadDemoData(), { locations: options.locations ?? DEMO_LOCATIONS }));
  return true;
}
