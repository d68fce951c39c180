import { backgroundJobs } from "@termin/api/background-jobs";
import { closeOnSignals } from "@termin/api/http/create-server";
import { loadConfigOrExit } from "@termin/config/env";
import { prepareDatabase } from "@termin/db/prepare-database";
import { createWebServer } from "./web-server.ts";

// `npm start`: migrations, reference data and (into an empty database) the demo catalogue, then the web app and the API on one port.
const config = loadConfigOrExit();
const database = await prepareDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, demoData: true });
const app = await createWebServer({ config, database });
await app.register(backgroundJobs, { database, config });
closeOnSignals(app);
await app.listen({ port: config.port, host: config.host });
app.log.info(`Termin is ready at ${config.publicUrl} (database: ${database.engine})`);
