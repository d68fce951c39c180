import cluster from "node:cluster";
import { backgroundJobs } from "@termin/api/background-jobs";
import { closeOnSignals, createLogger } from "@termin/api/http/create-server";
import { startErrorReporting } from "@termin/api/http/error-reporting";
import type { JobWorkerSlot } from "@termin/api/http/health-routes";
import { loadConfigOrExit } from "@termin/config/env";
import { openDatabase } from "@termin/db/database";
import { prepareDatabase } from "@termin/db/prepare-database";
import { runServerProcesses } from "./process-cluster.ts";
import { createWebServer } from "./web-server.ts";

// `npm start`: migrations, reference data and, where asked (DEMO_DATA; by default on the embedded database only),
// the demo catalogue, then the web app and the API on one port; on PostgreSQL in one process per core
// (WEB_CONCURRENCY), each with its own pool and job worker.
const config = loadConfigOrExit();
const log = createLogger(config.logLevel);
const preparing = { databaseUrl: config.databaseUrl, dataDir: config.dataDir, demoData: config.demoData, log };
const ready = () =>
  log.info(
    { url: config.publicUrl, database: config.databaseUrl ? "postgres" : "pglite", processes: config.processes },
    `Termin is ready at ${config.publicUrl}`,
  );

if (cluster.isPrimary && config.processes > 1) {
  // Prepared once, before the processes start, so none of them waits on another's migrations.
  await (await prepareDatabase(preparing)).close();
  runServerProcesses(config.processes, { onReady: ready, log });
} else {
  const database = cluster.isWorker ? await openDatabase(preparing) : await prepareDatabase(preparing);
  const jobs: JobWorkerSlot = {};
  const app = await createWebServer({ config, database, jobs });
  await startErrorReporting(app, config);
  await app.register(backgroundJobs, { database, config, jobs });
  closeOnSignals(app);
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) ready();
}
