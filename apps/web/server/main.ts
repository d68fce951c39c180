import cluster from "node:cluster";
import { backgroundJobs } from "@termin/api/background-jobs";
import { closeOnSignals } from "@termin/api/http/create-server";
import { loadConfigOrExit } from "@termin/config/env";
import { openDatabase } from "@termin/db/database";
import { prepareDatabase } from "@termin/db/prepare-database";
import { runServerProcesses } from "./process-cluster.ts";
import { createWebServer } from "./web-server.ts";

// `npm start`: migrations, reference data and (into an empty database) the demo catalogue, then the web app and
// the API on one port; on PostgreSQL in one process per core (WEB_CONCURRENCY), each with its own pool and job worker.
const config = loadConfigOrExit();
const preparing = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, demoData: true };
const ready = () =>
  console.log(
    `Termin is ready at ${config.publicUrl} (${config.databaseUrl ? "PostgreSQL" : "PGlite"}, ${config.processes} process(es))`,
  );

if (cluster.isPrimary && config.processes > 1) {
  // Prepared once, before the processes start, so none of them waits on another's migrations.
  await (await prepareDatabase(preparing)).close();
  runServerProcesses(config.processes, ready);
} else {
  const database = cluster.isWorker ? await openDatabase(preparing) : await prepareDatabase(preparing);
  const app = await createWebServer({ config, database });
  await app.register(backgroundJobs, { database, config });
  closeOnSignals(app);
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) ready();
}
