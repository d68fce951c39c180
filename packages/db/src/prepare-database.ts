import { eq } from "drizzle-orm";
import { clients } from "./account-schema.ts";
import { openDatabase, type Database, type DatabaseHandle, type OpenDatabaseOptions } from "./database.ts";
import { DEMO_CLIENT } from "./seed/demo/demo-client.ts";
import { seedDemoData } from "./seed/demo/seed-demo-data.ts";
import { seedReferenceData } from "./seed/reference-data.ts";

/** Whether the demo client, whose password the README prints, can sign in to this database. */
async function hasDemoClient(db: Database): Promise<boolean> {
  return (await db.$count(clients, eq(clients.email, DEMO_CLIENT.email))) > 0;
}

/**
 * Opens the database, applies migrations and loads the data every installation needs; with `demoData`, also the
 * demo catalogue and demo client when the database has no businesses (what `npm start` does on the embedded
 * database). One process at a time: servers started together on one empty PostgreSQL database prepare it once, the
 * others wait and find it ready. With `log`, says what demo data there is: loaded now, or on a database that did not
 * ask for it, a warning that the public demo login works there.
 */
export async function prepareDatabase(options: OpenDatabaseOptions & { demoData?: boolean }): Promise<DatabaseHandle> {
  const handle = await openDatabase(options);
  const { log } = options;
  try {
    await handle.exclusively(async () => {
      await handle.migrate();
      await seedReferenceData(handle.db);
      const loaded = options.demoData ? await seedDemoData(handle.db) : undefined;
      if (loaded) log?.info({ demoData: loaded }, "demo data loaded into the empty database");
      else if (!log) return;
      else if (!(await hasDemoClient(handle.db)))
        log.info({ demoData: false }, "no demo data (DEMO_DATA=true loads it into an empty database)");
      else if (options.demoData) log.info({ demoData: "present" }, "demo data already present");
      else
        log.warn(
          { demoClient: DEMO_CLIENT.email },
          "the demo client can sign in here with its public password: delete that account on a real deployment",
        );
    });
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}
