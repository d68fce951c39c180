import { describe, expect, it } from "vitest";
import { nativeAppConfig } from "./native-config.ts";

describe("the configuration baked into the native app", () => {
  it("is the public part of the build's environment: the API's address, the version and build", () => {
    const config = nativeAppConfig({
      PUBLIC_URL: "https://termin.example/",
      APP_VERSION: "2.1.0",
      APP_BUILD: "57",
      DEFAULT_LANGUAGE: "de",
    });
    expect(config).toMatchObject({
      publicUrl: "https://termin.example",
      appVersion: "2.1.0",
      appBuild: "57",
      defaultLanguage: "de",
      errorReporting: null,
    });
  });

  it("never reads a server's settings: no secret reaches the bundle, and none is asked of whoever builds it", () => {
    const config = nativeAppConfig({
      NODE_ENV: "production",
      PUBLIC_URL: "https://termin.example",
      DATABASE_URL: "postgres://app:database-secret@db/termin",
      GOOGLE_CLIENT_ID: "client",
      GOOGLE_CLIENT_SECRET: "google-secret",
      TURNSTILE_SITE_KEY: "site-key",
      TURNSTILE_SECRET_KEY: "turnstile-secret",
    });
    expect(JSON.stringify(config)).not.toMatch(/secret/);
    // Google's client ID is public (it is in every Google sign-in address): the app's own Google sign-in needs it.
    expect(config).toMatchObject({
      socialLogin: "google",
      googleClientIds: { server: "client", ios: null },
      botCheckSiteKey: null,
    });
  });

  it("offers Google in the app only when built with Google's client IDs", () => {
    expect(nativeAppConfig({ PUBLIC_URL: "https://termin.example" })).toMatchObject({
      socialLogin: null,
      googleClientIds: null,
    });
    expect(
      nativeAppConfig({ PUBLIC_URL: "https://termin.example", GOOGLE_CLIENT_ID: "web", GOOGLE_IOS_CLIENT_ID: "ios" }),
    ).toMatchObject({ socialLogin: "google", googleClientIds: { server: "web", ios: "ios" } });
  });
});
