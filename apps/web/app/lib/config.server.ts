import { loadConfig, type AppConfig } from "@termin/config/env";
import { publicConfigOf, type PublicConfig } from "./public-config.ts";

/** Read once per process: the same validated environment the server started with. */
export const config: AppConfig = loadConfig();

export type { PublicConfig } from "./public-config.ts";

export const publicConfig: PublicConfig = publicConfigOf(config);
