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

export const ALLOWED_REQUEST_HEADERS = [
  "accept",
  "accept-language",
  "authorization",
  "content-type",
  ...Object.values(APP_HEADERS),
];
