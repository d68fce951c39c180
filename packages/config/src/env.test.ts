import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.ts";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.defaultLanguage).toBe("en");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\.data$/);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.appVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" }).port).toBe(3000);
  });

  it("names every invalid variable in one clear error", () => {
    const attempt = () => loadConfig({ PORT: "http", DEFAULT_LANGUAGE: "xx", DATABASE_URL: "mysql://x" });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT/);
    expect(attempt).toThrow(/DEFAULT_LANGUAGE/);
    expect(attempt).toThrow(/DATABASE_URL/);
  });

  it("takes version and build from the environment when given", () => {
    const config = loadConfig({ APP_VERSION: "2.0.0", APP_BUILD: "42", PUBLIC_URL: "https://termin.example/" });
    expect(config).toMatchObject({ appVersion: "2.0.0", appBuild: "42", publicUrl: "https://termin.example" });
  });

  it("offers only the app stores that have a link", () => {
    expect(loadConfig({}).storeLinks).toEqual({});
    expect(
      loadConfig({ PLAY_STORE_URL: "https://play.google.com/store/apps/details?id=app.termin" }).storeLinks,
    ).toEqual({
      googlePlay: "https://play.google.com/store/apps/details?id=app.termin",
    });
    expect(() => loadConfig({ APP_STORE_URL: "itms-apps://x" })).toThrow(/APP_STORE_URL/);
  });

  it("switches Google sign-in on with both client values, over https or a local test provider's http", () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: "id" }).socialLogin).toBeUndefined();
    const google = { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" };
    expect(loadConfig(google).socialLogin).toEqual({
      provider: "google",
      issuerUrl: "https://accounts.google.com",
      clientId: "id",
      clientSecret: "secret",
      iosClientId: undefined,
      allowHttp: false,
    });
    for (const local of ["http://localhost:3199", "http://127.0.0.1:3199"]) {
      expect(loadConfig({ ...google, GOOGLE_ISSUER_URL: local }).socialLogin).toMatchObject({ allowHttp: true });
    }
    expect(() => loadConfig({ ...google, GOOGLE_ISSUER_URL: "http://issuer.example" })).toThrow(/GOOGLE_ISSUER_URL/);
  });

  it("runs one process per core on PostgreSQL and one on PGlite, where more is refused", () => {
    const postgres = { DATABASE_URL: "postgres://u@h/db" };
    expect(loadConfig({}).processes).toBe(1);
    expect(loadConfig(postgres).processes).toBe(availableParallelism());
    expect(loadConfig({ ...postgres, WEB_CONCURRENCY: "3" }).processes).toBe(3);
    expect(() => loadConfig({ WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: more than one process needs DATABASE_URL/,
    );
  });

  it("takes payments through Stripe when both its keys are set, else the demonstration provider", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" };
    expect(loadConfig({}).payments).toEqual({ provider: "demo" });
    expect(loadConfig(stripe).payments).toEqual({
      provider: "stripe",
      secretKey: "sk_test_1",
      webhookSecret: "whsec_1",
      apiUrl: undefined,
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ ...stripe, STRIPE_API_URL: "http://stripe.example" })).toThrow(/STRIPE_API_URL/);
    expect(loadConfig({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:9" }).payments).toMatchObject({
      apiUrl: "http://127.0.0.1:9",
    });
  });

  it("refuses to start the demonstration payment provider in production unless DEMO_PAYMENTS=true says so", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/DEMO_PAYMENTS/);
    expect(() => loadConfig({ NODE_ENV: "production", DEMO_PAYMENTS: "false" })).toThrow(/DEMO_PAYMENTS/);
    expect(loadConfig({ NODE_ENV: "production", DEMO_PAYMENTS: "true" }).payments).toEqual({ provider: "demo" });
    const stripe = { STRIPE_SECRET_KEY: "sk_live_1", STRIPE_WEBHOOK_SECRET: "whsec_1" };
    expect(loadConfig({ NODE_ENV: "production", ...stripe }).payments.provider).toBe("stripe");
  });

  it("loads demo data only where asked: by DEMO_DATA, or by default on the embedded database alone", () => {
    const postgres = { DATABASE_URL: "postgres://u@h/db" };
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: "false" }).demoData).toBe(false);
    expect(loadConfig(postgres).demoData).toBe(false);
    expect(loadConfig({ ...postgres, NODE_ENV: "production", DEMO_PAYMENTS: "true" }).demoData).toBe(false);
    expect(loadConfig({ ...postgres, DEMO_DATA: "true" }).demoData).toBe(true);
    expect(() => loadConfig({ DEMO_DATA: "yes" })).toThrow(/DEMO_DATA/);
  });

  it("reads a secret from the file its _FILE variable names, trimmed, and refuses both at once or no file", () => {
    const directory = mkdtempSync(join(tmpdir(), "termin-secrets-"));
    try {
      const file = join(directory, "database-url");
      writeFileSync(file, "postgres://termin:s3cret@db/termin\n");
      expect(loadConfig({ DATABASE_URL_FILE: file }).databaseUrl).toBe("postgres://termin:s3cret@db/termin");
      expect(() => loadConfig({ DATABASE_URL_FILE: file, DATABASE_URL: "postgres://x@y/z" })).toThrow(
        /DATABASE_URL or DATABASE_URL_FILE/,
      );
      expect(() => loadConfig({ SMTP_URL_FILE: join(directory, "missing") })).toThrow(/SMTP_URL_FILE: cannot read/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it("lets the native app, this site and the listed origins call the API from a browser, or any with *", () => {
    expect(loadConfig({ PUBLIC_URL: "https://termin.example" }).corsOrigins).toEqual([
      "capacitor://localhost",
      "ionic://localhost",
      "http://localhost",
      "https://localhost",
      "https://termin.example",
    ]);
    expect(loadConfig({ CORS_ORIGINS: "https://salon.example, https://partner.example:8443" }).corsOrigins).toEqual(
      expect.arrayContaining(["https://salon.example", "https://partner.example:8443", "capacitor://localhost"]),
    );
    expect(loadConfig({ CORS_ORIGINS: "*" }).corsOrigins).toBe("*");
    expect(() => loadConfig({ CORS_ORIGINS: "https://salon.example/booking" })).toThrow(/CORS_ORIGINS/);
  });

  it("calls the API in process unless API_URL names a server", () => {
    expect(loadConfig({}).apiInProcess).toBe(true);
    expect(loadConfig({ API_URL: "http://api.internal:8080" })).toMatchObject({
      apiInProcess: false,
      apiUrl: "http://api.internal:8080",
    });
  });
});
