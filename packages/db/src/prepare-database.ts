import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from "./database.ts";
import { seedDemoData } from "./seed/demo/seed-demo-data.ts";
import { seedReferenceData } from "./seed/reference-data.ts";

/**
 * Opens the database, applies migrations and loads the data every installation needs; with
 * `demoData`, also the demo catalogue when the database has none (what `npm start` does). One process at a time:
 * servers started together on one empty PostgreSQL database prepare it once, the others wait and find it ready.
 */
export async function prepareDatabase(options: OpenDatabaseOptions & { demoData?: boolean }): Promise<DatabaseHandle> {
  const handle = await openDatabase(options);
  try {
    await handle.exclusively(async () => {
      await handle.migrate();
      await seedReferenceData(handle.db);
      if (options.demoData) await seedDemoData(handle.db);
    });
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
