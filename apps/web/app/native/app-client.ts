/**
 * The native app as an OAuth client of the API (decision 0036): the first-party public client the demo and every
 * deployment register (`npm run oauth-clients`), with the app's own scheme (apps/mobile: appId `app.termin`;
 * Android's intent filter and iOS's URL type declare it).
 */
export const APP_CLIENT_ID = "termin-app";
export const APP_REDIRECT_URI = "app.termin:/oauth/callback";
/** What the app does for its client: their account's data and their bookings (no `account`: see settings). */
export const APP_SCOPE = "profile appointments";
