import type { AppConfig } from "@termin/config/env";
import type { DatabaseHandle } from "@termin/db/database";
import type { JobWorkerSlot } from "./http/health-routes.ts";

/** What every API route needs from the process that hosts it. */
export interface ApiDependencies {
  database: DatabaseHandle;
  config: AppConfig;
  /** Where the process's job worker is found, when it runs one: readiness asks whether it still polls. */
  jobs?: JobWorkerSlot;
}
