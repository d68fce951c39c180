import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";

const optionalUrl = z.url({ protocol: /^https?$/ }).optional();

/** http://localhost or http://127.0.0.1: a provider started by the tests on this machine. */
function isLoopbackHttp(value: string): boolean {
  const url = new URL(value);
  return url.protocol === "http:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1");
}

/** An https URL, or plain http at localhost or 127.0.0.1: a local test provider or server standing in for the real one. */
const httpsOrLocalTestUrl = (what: "provider" | "server") =>
  z.url().refine((value) => new URL(value).protocol === "https:" || isLoopbackHttp(value), {
    message: `must be https (http only for a local test ${what} at localhost or 127.0.0.1)`,
  });

/** Plain http at localhost or 127.0.0.1 only: a test's server standing in for a real service. */
const localTestUrl = z
  .url()
  .refine(isLoopbackHttp, { message: "only a local test server (http://localhost or 127.0.0.1)" });

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    DATA_DIR: z.string().min(1).default(".data"),
    /**
     * "true" loads the demo catalogue and the demo client (whose password is public) into an empty database; unset,
     * only the embedded database gets it (`npm start` on a fresh clone), never a PostgreSQL server.
     */
    DEMO_DATA: z.enum(["true", "false"]).optional(),
    DEFAULT_LANGUAGE: z.enum(SUPPORTED_LANGUAGES).default("en"),
    PUBLIC_URL: optionalUrl,
    /** Where the web server's loaders reach the API over HTTP; unset, they call the API of their own process. */
    API_URL: optionalUrl,
    /**
     * The private app: this server is one business's own booking (its slug), with the widget's rules, on every
     * host it answers (docs/embedding.md). Unset: the marketplace, and each verified domain its business's.
     */
    PRIVATE_BUSINESS: z
      .string()
      .regex(/^[a-z0-9-]+$/, "a business's slug")
      .optional(),
    /** Server processes sharing the port (PostgreSQL only: PGlite is one process's database). */
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
    APP_NAME: z.string().min(1).default("Termin"),
    APP_VERSION: z.string().min(1).optional(),
    APP_BUILD: z.string().min(1).optional(),
    BUSINESS_PARTNERS_URL: optionalUrl,
    APP_STORE_URL: optionalUrl,
    PLAY_STORE_URL: optionalUrl,
    APP_GALLERY_URL: optionalUrl,
    /**
     * Which proxies may tell us the client's address and protocol (X-Forwarded-For/-Proto): "loopback" (a proxy
     * on this machine, and the web tier calling the API), a comma-separated list of addresses/CIDRs, or "true".
     */
    TRUST_PROXY: z.string().min(1).default("loopback"),
    /**
     * Origins whose pages may call the API from a browser (CORS): "*" for any, or origins separated by commas, which
     * are added to the native app's and this site's own.
     */
    CORS_ORIGINS: z.string().min(1).optional(),
    /** Sign-in attempts one address may make per minute; raise it where many people share an address (NAT). */
    SIGN_IN_ATTEMPTS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** smtp://user:pass@host:port or smtps://...; without it, mails go to DATA_DIR/outbox as .eml files. */
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default("Termin <no-reply@termin.local>"),
    /** Cloudflare Turnstile: both keys switch the bot check on. */
    TURNSTILE_SITE_KEY: z.string().min(1).optional(),
    TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
    TURNSTILE_VERIFY_URL: z.url().default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
    /** Google sign-in (OpenID Connect): both client values switch it on. */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /**
     * The iOS app's own Google client: Google's iOS SDK names it as its ID tokens' audience (Android's names
     * GOOGLE_CLIENT_ID). Its ID tokens are accepted beside the web's.
     */
    GOOGLE_IOS_CLIENT_ID: z.string().min(1).optional(),
    /** The OpenID Connect issuer; tests point it at a local provider, the only place plain http is accepted. */
    GOOGLE_ISSUER_URL: httpsOrLocalTestUrl("provider").default("https://accounts.google.com"),
    /** Stripe Checkout: the secret key switches it on; the webhook secret verifies its events' signatures. */
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Where the Stripe library sends its calls; tests point it at a local server, the only place plain http is accepted. */
    STRIPE_API_URL: httpsOrLocalTestUrl("server").optional(),
    /** "true" allows the demonstration payment provider (no money moves) where NODE_ENV=production. */
    DEMO_PAYMENTS: z.enum(["true", "false"]).optional(),
    /** Sentry's DSN: error reporting on (server and browser); unset, nothing is loaded or sent. Public by design. */
    SENTRY_DSN: z.url({ protocol: /^https?$/ }).optional(),
    /** The environment reports are filed under; default NODE_ENV, else "development". */
    SENTRY_ENVIRONMENT: z.string().min(1).optional(),
    NODE_ENV: z.string().optional(),
    /** Web Push (VAPID, RFC 8292): both keys, base64url; unset, a pair is made once and kept in the database. */
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "a base64url P-256 public key (87 characters)")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "a base64url P-256 private key (43 characters)")
      .optional(),
    /** Who push services may contact about our pushes: a mailto: or https: URL. */
    VAPID_SUBJECT: z.url({ protocol: /^(mailto|https)$/ }).optional(),
    /** Firebase Cloud Messaging (HTTP v1): a service account's JSON key, as JSON or the path of its file. */
    FCM_SERVICE_ACCOUNT: z.string().min(1).optional(),
    /** Tests only: local servers standing in for Google's OAuth token endpoint and the FCM API. */
    FCM_OAUTH_URL: localTestUrl.optional(),
    FCM_API_URL: localTestUrl.optional(),
    /**
     * Tests only: "true" lets a production server push to subscriptions at http://localhost or 127.0.0.1 (the
     * browser tests' local push service). Off, only public https push services are pushed to in production.
     */
    PUSH_LOCAL_ENDPOINTS: z.enum(["true", "false"]).optional(),
  })
  .refine((e) => (e.STRIPE_SECRET_KEY === undefined) === (e.STRIPE_WEBHOOK_SECRET === undefined), {
    path: ["STRIPE_WEBHOOK_SECRET"],
    message: "Stripe needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET",
  })
  .refine((e) => e.STRIPE_SECRET_KEY !== undefined || e.NODE_ENV !== "production" || e.DEMO_PAYMENTS === "true", {
    path: ["DEMO_PAYMENTS"],
    message:
      "in production set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or DEMO_PAYMENTS=true to run the demonstration payment provider (no money moves)",
  })
  .refine((e) => (e.VAPID_PUBLIC_KEY === undefined) === (e.VAPID_PRIVATE_KEY === undefined), {
    path: ["VAPID_PRIVATE_KEY"],
    message: "Web Push needs both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (or neither: a pair is made and kept)",
  })
  .refine((e) => e.WEB_CONCURRENCY === undefined || e.WEB_CONCURRENCY === 1 || e.DATABASE_URL !== undefined, {
    path: ["WEB_CONCURRENCY"],
    message: "more than one process needs DATABASE_URL (PGlite is one process's database)",
  });

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Load the demo data into an empty database: DEMO_DATA, else only on the embedded database. */
  demoData: boolean;
  defaultLanguage: (typeof SUPPORTED_LANGUAGES)[number];
  publicUrl: string;
  /** The private app's business (its slug), or undefined for the marketplace. */
  privateBusiness: string | undefined;
  apiUrl: string;
  /** API_URL unset: page loaders call the API of their own process, without a socket. */
  apiInProcess: boolean;
  /** Server processes on the port: WEB_CONCURRENCY, else one per core on PostgreSQL and one on PGlite. */
  processes: number;
  appName: string;
  appVersion: string;
  appBuild: string;
  businessPartnersUrl: string;
  /** The native app's store pages; a store without a link is not offered. */
  storeLinks: { appStore?: string; googlePlay?: string; appGallery?: string };
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  trustProxy: boolean | string;
  /** Origins allowed to call the API from a browser: "*" or a list (the native app's and PUBLIC_URL's always in it). */
  corsOrigins: "*" | string[];
  signInAttemptsPerIpPerMinute: number;
  mail: { smtpUrl: string | undefined; from: string };
  /** Absent when the bot check is off. */
  botCheck: { siteKey: string; secretKey: string; verifyUrl: string } | undefined;
  /** Absent when social login is not configured (the button is then hidden). */
  socialLogin:
    | {
        provider: "google";
        issuerUrl: string;
        clientId: string;
        clientSecret: string;
        /** The iOS app's Google client, whose ID tokens the native sign-in sends; undefined without an iOS app. */
        iosClientId: string | undefined;
        /** Plain http to the issuer: only for a local test provider (the OpenID Connect client refuses it otherwise). */
        allowHttp: boolean;
      }
    | undefined;
  /** Error reporting (Sentry), on only with SENTRY_DSN; `release` is `{appVersion}+{appBuild}`. */
  errorReporting: { dsn: string; environment: string; release: string } | undefined;
  /**
   * Who takes payments online: Stripe Checkout when its keys are set, else the demonstration provider (a checkout
   * page of ours; production only with DEMO_PAYMENTS=true).
   */
  payments:
    { provider: "stripe"; secretKey: string; webhookSecret: string; apiUrl: string | undefined } | { provider: "demo" };
  /** Push notifications (decision 0050). */
  push: PushConfig;
}

/** Web Push always (keys from the environment, else kept in the database); FCM when a service account is given. */
export interface PushConfig {
  vapid: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  /** The service account's JSON text (read from the file when FCM_SERVICE_ACCOUNT is a path); undefined: no FCM. */
  fcmServiceAccount: string | undefined;
  fcmOAuthUrl: string;
  fcmApiUrl: string;
  /** Subscriptions may name http://localhost or 127.0.0.1 endpoints (not in production: the tests' push service). */
  allowLocalEndpoints: boolean;
}

/** FCM_SERVICE_ACCOUNT as JSON text: given inline, or read from the file it names. */
function fcmServiceAccount(value: string | undefined): string | undefined {
  if (value === undefined || value.trimStart().startsWith("{")) return value;
  try {
    return readFileSync(value, "utf8");
  } catch (error) {
    throw new ConfigError(`FCM_SERVICE_ACCOUNT: cannot read ${value} (${(error as Error).message})`);
  }
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

const workspaceManifest = z.object({ version: z.string(), workspaces: z.array(z.string()) });

/** The product's version: the workspace root's package.json, found from wherever this code was bundled to. */
function productVersion(): string {
  for (let directory = import.meta.dirname; ; directory = dirname(directory)) {
    const file = join(directory, "package.json");
    if (existsSync(file)) {
      const manifest = workspaceManifest.safeParse(JSON.parse(readFileSync(file, "utf8")));
      if (manifest.success) return manifest.data.version;
    }
    if (dirname(directory) === directory) return "0.0.0";
  }
}

function gitShortSha(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return "dev";
  }
}

/**
 * Where the native app's web view runs (Capacitor: capacitor://localhost on iOS, http(s)://localhost on Android;
 * ionic:// in older shells): always allowed, since the app is ours.
 */
export const NATIVE_APP_ORIGINS = [
  "capacitor://localhost",
  "ionic://localhost",
  "http://localhost",
  "https://localhost",
];

/** CORS_ORIGINS read: "*", or the listed origins (each a bare scheme://host[:port]) with ours. */
function corsOrigins(setting: string | undefined, publicUrl: string): "*" | string[] {
  if (setting?.trim() === "*") return "*";
  const listed = (setting ?? "")
    .split(",")
    .map((each) => each.trim())
    .filter(Boolean);
  for (const origin of listed) {
    if (!/^[a-z][a-z0-9+.-]*:\/\/[^/\s]+$/i.test(origin)) {
      throw new ConfigError(
        `Invalid environment configuration:\n  CORS_ORIGINS: "${origin}" is not an origin (scheme://host[:port], no path)`,
      );
    }
  }
  return [...new Set([...NATIVE_APP_ORIGINS, new URL(publicUrl).origin, ...listed])];
}

/** Settings that hold a password or a secret key: each may instead be read from a file named by `<NAME>_FILE`. */
export const SECRET_VARIABLES = [
  "DATABASE_URL",
  "SMTP_URL",
  "TURNSTILE_SECRET_KEY",
  "GOOGLE_CLIENT_SECRET",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "VAPID_PRIVATE_KEY",
  "FCM_SERVICE_ACCOUNT",
] as const;

/**
 * The environment with each secret read from its `<NAME>_FILE` (Docker and Kubernetes secrets, systemd credentials):
 * a secret in a file stays out of the process listing, `/proc/<pid>/environ` of children and crash reports.
 */
function withSecretFiles(env: Record<string, string>): Record<string, string> {
  const resolved = { ...env };
  for (const name of SECRET_VARIABLES) {
    const file = env[`${name}_FILE`];
    if (file === undefined) continue;
    if (env[name] !== undefined) throw new ConfigError(`Set ${name} or ${name}_FILE, not both.`);
    try {
      resolved[name] = readFileSync(file, "utf8").trim();
    } catch (error) {
      throw new ConfigError(`${name}_FILE: cannot read ${file} (${(error as Error).message})`);
    }
  }
  return resolved;
}

/** Reads and validates configuration once at start; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings mean "not set": shells and .env files often export VAR= to clear a value.
  const present = withSecretFiles(
    Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => Boolean(entry[1]))),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  const localUrl = `http://${e.HOST === "0.0.0.0" ? "localhost" : e.HOST}:${e.PORT}`;
  const publicUrl = (e.PUBLIC_URL ?? localUrl).replace(/\/$/, "");
  const appVersion = e.APP_VERSION ?? productVersion();
  const appBuild = e.APP_BUILD ?? gitShortSha();
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    demoData: e.DEMO_DATA === undefined ? e.DATABASE_URL === undefined : e.DEMO_DATA === "true",
    defaultLanguage: e.DEFAULT_LANGUAGE,
    publicUrl,
    privateBusiness: e.PRIVATE_BUSINESS,
    apiUrl: (e.API_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ""),
    apiInProcess: e.API_URL === undefined,
    processes: e.WEB_CONCURRENCY ?? (e.DATABASE_URL ? availableParallelism() : 1),
    appName: e.APP_NAME,
    appVersion,
    appBuild,
    businessPartnersUrl: e.BUSINESS_PARTNERS_URL ?? "https://business.termin.app",
    storeLinks: {
      ...(e.APP_STORE_URL ? { appStore: e.APP_STORE_URL } : {}),
      ...(e.PLAY_STORE_URL ? { googlePlay: e.PLAY_STORE_URL } : {}),
      ...(e.APP_GALLERY_URL ? { appGallery: e.APP_GALLERY_URL } : {}),
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === "true" ? true : e.TRUST_PROXY,
    corsOrigins: corsOrigins(e.CORS_ORIGINS, publicUrl),
    signInAttemptsPerIpPerMinute: e.SIGN_IN_ATTEMPTS_PER_IP_PER_MINUTE,
    errorReporting: e.SENTRY_DSN
      ? {
          dsn: e.SENTRY_DSN,
          environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV ?? "development",
          release: `${appVersion}+${appBuild}`,
        }
      : undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    botCheck:
      e.TURNSTILE_SITE_KEY && e.TURNSTILE_SECRET_KEY
        ? { siteKey: e.TURNSTILE_SITE_KEY, secretKey: e.TURNSTILE_SECRET_KEY, verifyUrl: e.TURNSTILE_VERIFY_URL }
        : undefined,
    socialLogin:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            provider: "google",
            issuerUrl: e.GOOGLE_ISSUER_URL,
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            iosClientId: e.GOOGLE_IOS_CLIENT_ID,
            allowHttp: isLoopbackHttp(e.GOOGLE_ISSUER_URL),
          }
        : undefined,
    payments:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            provider: "stripe",
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : { provider: "demo" },
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject: e.VAPID_SUBJECT ?? (publicUrl.startsWith("https:") ? publicUrl : "mailto:no-reply@termin.local"),
      fcmServiceAccount: fcmServiceAccount(e.FCM_SERVICE_ACCOUNT),
      fcmOAuthUrl: e.FCM_OAUTH_URL ?? "https://oauth2.googleapis.com/token",
      fcmApiUrl: (e.FCM_API_URL ?? "https://fcm.googleapis.com").replace(/\/$/, ""),
      allowLocalEndpoints: e.NODE_ENV !== "production" || e.PUSH_LOCAL_ENDPOINTS === "true",
    },
  };
}

/** For entry points: the configuration, or a clear message on stderr and exit code 1 (no stack trace). */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
