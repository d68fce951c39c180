import type { AppConfig } from "@termin/config/env";

/** The part of the configuration the browser may see (never secrets). */
export interface PublicConfig {
  appName: string;
  appVersion: string;
  appBuild: string;
  publicUrl: string;
  businessPartnersUrl: string;
  storeLinks: AppConfig["storeLinks"];
  defaultLanguage: AppConfig["defaultLanguage"];
  /** Turnstile's public site key; null when the bot check is off. */
  botCheckSiteKey: string | null;
  /** The social login provider offered on the sign-in and sign-up pages; null hides the button. */
  socialLogin: "google" | null;
  /**
   * Google's client IDs the native app's own Google sign-in needs (public: they are in every Google sign-in
   * address): the server's (Android's Credential Manager asks for an ID token for it) and the iOS app's.
   */
  googleClientIds: { server: string; ios: string | null } | null;
  /** Error reporting's DSN, environment and release (all public); null when SENTRY_DSN is unset. */
  errorReporting: NonNullable<AppConfig["errorReporting"]> | null;
}

/** The public part of a configuration: the web server's, or the one baked into the native app's build. */
export const publicConfigOf = (config: AppConfig): PublicConfig => ({
  appName: config.appName,
  appVersion: config.appVersion,
  appBuild: config.appBuild,
  publicUrl: config.publicUrl,
  businessPartnersUrl: config.businessPartnersUrl,
  storeLinks: config.storeLinks,
  defaultLanguage: config.defaultLanguage,
  botCheckSiteKey: config.botCheck?.siteKey ?? null,
  socialLogin: config.socialLogin?.provider ?? null,
  googleClientIds: config.socialLogin
    ? { server: config.socialLogin.clientId, ios: config.socialLogin.iosClientId ?? null }
    : null,
  errorReporting: config.errorReporting ?? null,
});
