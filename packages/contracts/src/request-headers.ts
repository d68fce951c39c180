/**
 * Headers every app request carries (spec section 7). The API reads them for language,
 * analytics and diagnostics; CORS must allow them for the widget and the native app.
 */
export const APP_HEADERS = {
  version: "app-version",
  build: "app-build",
  name: "app-name",
  render: "app-render",
  tracking: "app-tracking",
  /** Tells a service worker to let the request through to the network (never answer API calls from cache). */
  serviceWorkerBypass: "sw-bypass",
} as const;

/** Makes a creating POST safe to repeat: the same key and body answer what the first one did (RFC draft). */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** On an answer: it repeats the stored answer of an earlier request with the same Idempotency-Key. */
export const IDEMPOTENT_REPLAYED_HEADER = "idempotent-replayed";

/** Request headers a page on another origin (the native app, a partner's site) may send: CORS allows them. */
export const ALLOWED_REQUEST_HEADERS = [
  "accept",
  "accept-language",
  "authorization",
  "content-type",
  "cache-control",
  // Conditional and ranged reads: a public document's ETag, a video's byte ranges.
  "if-none-match",
  "range",
  "if-range",
  IDEMPOTENCY_KEY_HEADER,
  ...Object.values(APP_HEADERS),
];

/** Answer headers such a page may read (besides those every page may: Cache-Control, Content-Type, ...). */
export const EXPOSED_ANSWER_HEADERS = [
  "location",
  "retry-after",
  "x-request-id",
  IDEMPOTENT_REPLAYED_HEADER,
  "etag",
  "age",
  "content-range",
  "accept-ranges",
  // A retired operation's announcement (docs/api-versioning.md).
  "deprecation",
  "sunset",
  "link",
];
