import { loadConfig } from "@termin/config/env";
import { publicConfigOf, type PublicConfig } from "../app/lib/public-config.ts";

/**
 * The variables of the build's environment the native app keeps: where the API is (PUBLIC_URL), the app's name,
 * version and build, its language, links, error reporting. Only these: the app has no server, so a server's
 * settings (database, payments, secrets) neither reach it nor are asked of whoever builds it.
 */
export const NATIVE_BUILD_VARIABLES = [
  "PUBLIC_URL",
  "APP_NAME",
  "APP_VERSION",
  "APP_BUILD",
  "DEFAULT_LANGUAGE",
  "BUSINESS_PARTNERS_URL",
  "APP_STORE_URL",
  "PLAY_STORE_URL",
  "APP_GALLERY_URL",
  "SENTRY_DSN",
  "SENTRY_ENVIRONMENT",
] as const;

/** The public configuration baked into the native app's bundle, validated as the server validates its own. */
export function nativeAppConfig(env: Readonly<Record<string, string | undefined>> = process.env): PublicConfig {
  const kept = Object.fromEntries(NATIVE_BUILD_VARIABLES.map((name) => [name, env[name]]));
  return publicConfigOf(loadConfig(kept));
}
