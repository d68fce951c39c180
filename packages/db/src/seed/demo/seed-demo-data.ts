import { businesses } from "../../catalogue-schema.ts";
import type { Database } from "../../database.ts";
import { DEMO_CLIENT, insertDemoClient } from "./demo-client.ts";
import { insertDemoForms } from "./demo-forms.ts";
import { insertDemoOAuthClients } from "./demo-oauth-clients.ts";
import { insertDemoDomains } from "./demo-domains.ts";
import { insertDemoFavourites } from "./demo-favourites.ts";
import { insertDemoMemberships } from "./demo-memberships.ts";
import { insertDemoBookedNotice, insertDemoNotifications } from "./demo-notifications.ts";
import { attachDemoVideos, type AttachVideosOptions } from "./attach-demo-videos.ts";
import { generateBookings } from "./generate-bookings.ts";
import { generateCatalogue } from "./generate-catalogue.ts";
import { insertBookings } from "./insert-bookings.ts";
import { insertDemoClasses } from "./insert-demo-classes.ts";
import { insertCatalogue } from "./insert-catalogue.ts";
import { loadDemoData } from "./load-demo-data.ts";
import { insertDemoPayments } from "./demo-payments.ts";

/** Default demo size: 60 locations of about 40 businesses in the 23 cities of our languages. */
export const DEMO_LOCATIONS = 60;

export interface SeedDemoOptions {
  locations?: number;
  videos?: AttachVideosOptions;
  /** The seeding instant (default: the clock): visits, time off and messages are placed around it. */
  now?: Date;
}

/** What seeding loaded, for the server's log. */
export interface LoadedDemoData {
  businesses: number;
  locations: number;
  /** The demo client's e-mail address; its password is in the README, so never on a real deployment. */
  demoClient: string;
}

/**
 * Loads the demo catalogue and demo client into an empty database and says what it loaded; a database with
 * businesses is left as it is (undefined).
 */
export async function seedDemoData(db: Database, options: SeedDemoOptions = {}): Promise<LoadedDemoData | undefined> {
  if ((await db.$count(businesses)) > 0) return undefined;
  const now = options.now ?? new Date();
  const data = loadDemoData();
  const catalogue = generateCatalogue(data, { locations: options.locations ?? DEMO_LOCATIONS });
  await attachDemoVideos(catalogue.media, options.videos);
  await insertCatalogue(db, catalogue);
  await insertDemoDomains(db);
  // The client's area: the demo account, what businesses sent it and what it saved.
  await insertDemoClient(db);
  await insertDemoOAuthClients(db);
  await insertDemoForms(db, now);
  await insertDemoFavourites(db, now);
  // Bookings: client accounts, time off, and visits over the four weeks before and after now (the demo client's too).
  await insertBookings(db, generateBookings(catalogue, data, { now, locations: DEMO_LOCATIONS }));
  await insertDemoClasses(db, now);
  await insertDemoPayments(db, now);
  await insertDemoMemberships(db, now);
  // Notifications last: they lead to the forms, visits and places above.
  await insertDemoNotifications(db, now);
  await insertDemoBookedNotice(db, now);
  return {
    businesses: catalogue.businesses.length,
    locations: catalogue.locations.length,
    demoClient: DEMO_CLIENT.email,
  };
}
