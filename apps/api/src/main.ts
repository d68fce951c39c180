import { loadConfigOrExit } from "@termin/config/env";
import { prepareDatabase } from "@termin/db/prepare-database";
import { registerApi } from "./api.ts";
import { backgroundJobs } from "./background-jobs.ts";
import { registerCompression } from "./http/compression.ts";
import { closeOnSignals, createServer } from "./http/create-server.ts";
import { startErrorReporting } from "./http/error-reporting.ts";
import type { JobWorkerSlot } from "./http/health-routes.ts";

// Runs the API on its own (the web server also mounts it in-process): `npm run start:api`.
const config = loadConfigOrExit();
const app = createServer(config);
await startErrorReporting(app, config);
const database = await prepareDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  demoData: config.demoData,
  log: app.log,
});
app.addHook("onClose", () => database.close());
await registerCompression(app);
const jobs: JobWorkerSlot = {};
await registerApi(app, { database, config, jobs });
await app.register(backgroundJobs, { database, config, jobs });
closeOnSignals(app);
await app.listen({ port: config.port, host: config.host });
