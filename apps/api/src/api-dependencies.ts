import type { AppConfig } from "@termin/config/env";
import type { DatabaseHandle } from "@termin/db/database";
import type { Clock } from "./http/clock.ts";
import type { JobWorkerSlot } from "./http/health-routes.ts";

/** What every API route needs from the process that hosts it. */
export interface ApiDependencies {
  database: DatabaseHandle;
  config: AppConfig;
  /** Where the time is read (the system's unless a test moves it). */
  clock?: Clock;
  /** Where the process's job worker is found, when it runs one: readiness asks whether it still polls. */
  jobs?: JobWorkerSlot;
}
