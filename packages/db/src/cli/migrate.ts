import { loadConfigOrExit } from "@termin/config/env";
import { prepareDatabase } from "../prepare-database.ts";

// Applies migrations and reference data to the configured database, then exits.
const config = loadConfigOrExit();
const handle = await prepareDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
console.log(`Database ready (${handle.engine}).`);
await handle.close();
