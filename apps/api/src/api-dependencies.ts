import type { AppConfig } from "@termin/config/env";
import type { DatabaseHandle } from "@termin/db/database";

/** What every API route needs from the process that hosts it. */
export interface ApiDependencies {
  database: DatabaseHandle;
  config: AppConfig;
}
