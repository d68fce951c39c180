import { businesses } from "../../catalogue-schema.ts";
import type { Database } from "../../database.ts";
import { insertDemoClient } from "./demo-client.ts";
import { insertDemoForms } from "./demo-forms.ts";
import { insertDemoFavourites } from "./demo-favourites.ts";
import { insertDemoNotifications } from "./demo-notifications.ts";
import { attachDemoVideos, type AttachVideosOptions } from "./attach-demo-videos.ts";
import { generateCatalogue } from "./generate-catalogue.ts";
import { insertCatalogue } from "./insert-catalogue.ts";
import { loadDemoData } from "./load-demo-data.ts";

/** Default demo size: 60 locations of about 40 businesses in the 23 cities of our languages. */
export const DEMO_LOCATIONS = 60;

/** Loads the demo catalogue and demo client into an empty database; a database with businesses is left as it is. */
export async function seedDemoData(
  db: Database,
  options: { locations?: number; videos?: AttachVideosOptions } = {},
): Promise<boolean> {
  if ((await db.$count(businesses)) > 0) return false;
  const catalogue = generateCatalogue(loadDemoData(), { locations: options.locations ?? DEMO_LOCATIONS });
  await attachDemoVideos(catalogue.media, options.videos);
  await insertCatalogue(db, catalogue);
  // The client's area: the demo account and what businesses sent it (forms, notifications).
  await insertDemoClient(db);
  await insertDemoForms(db);
  await insertDemoNotifications(db);
  await insertDemoFavourites(db);
  return true;
}
