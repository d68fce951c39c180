import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from "./database.ts";
import { seedReferenceData } from "./seed/reference-data.ts";

/** Opens the database, applies migrations and loads the data every installation needs. */
export async function prepareDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = await openDatabase(options);
  try {
    await handle.migrate();
    await seedReferenceData(handle.db);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
