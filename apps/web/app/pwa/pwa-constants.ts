/**
 * When the service worker comes and how often it looks for a new version: registered once the app is stable, or
 * after 30 s at the latest (whichever comes first), then checked for an update every hour while the page is open.
 */
export const SERVICE_WORKER_REGISTRATION_DEADLINE_MS = 30_000;
export const SERVICE_WORKER_UPDATE_CHECK_INTERVAL_S = 3_600;

/** How long the "a new version is downloading" toast stays. */
export const UPDATE_DOWNLOADING_TOAST_DELAY_MS = 60_000;

/** The worker's address, at the root so it may control every page without a Service-Worker-Allowed header. */
export const SERVICE_WORKER_URL = "/sw.js";

/** The web app manifest's address (one per language: `?lang=xx`). */
export const WEB_APP_MANIFEST_PATH = "/manifest.webmanifest";

/** The app's colours in the manifest and the offline page: the brand and background tokens of app.css. */
export const THEME_COLOR = "#0f5c4d";
export const BACKGROUND_COLOR = "#f6f8f7";
