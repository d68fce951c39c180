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
  // Google sign-in in the app (client IDs only: the secret stays with the API, which verifies the ID tokens).
  "GOOGLE_CLIENT_ID",
  "GOOGLE_IOS_CLIENT_ID",
] as const;

/** The public configuration baked into the native app's bundle, validated as the server validates its own. */
export function nativeAppConfig(env: Readonly<Record<string, string | undefined>> = process.env): PublicConfig {
  const kept = Object.fromEntries(NATIVE_BUILD_VARIABLES.map((name) => [name, env[name]]));
  const config = publicConfigOf(loadConfig(kept));
  // The server's configuration switches Google on with its secret; the app needs only the client IDs.
  const server = kept["GOOGLE_CLIENT_ID"];
  if (!server) return config;
  return { ...config, socialLogin: "google", googleClientIds: { server, ios: kept["GOOGLE_IOS_CLIENT_ID"] ?? null } };
}
