import { loadConfig, type AppConfig } from "@termin/config/env";

/** Read once per process: the same validated environment the server started with. */
export const config: AppConfig = loadConfig();

/** The part of the configuration the browser may see (never secrets). */
export interface PublicConfig {
  appName: string;
  appVersion: string;
  appBuild: string;
  publicUrl: string;
  businessPartnersUrl: string;
  storeLinks: AppConfig["storeLinks"];
  defaultLanguage: AppConfig["defaultLanguage"];
}

export const publicConfig: PublicConfig = {
  appName: config.appName,
  appVersion: config.appVersion,
  appBuild: config.appBuild,
  publicUrl: config.publicUrl,
  businessPartnersUrl: config.businessPartnersUrl,
  storeLinks: config.storeLinks,
  defaultLanguage: config.defaultLanguage,
};
