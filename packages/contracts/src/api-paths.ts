/**
 * The first path segments the API answers; every other path belongs to the web app. The web server tells an API
 * path from a page by it, and the service worker never answers or keeps what is under it (a test checks every
 * route the API registers is under one of them).
 */
export const API_PATH_ROOTS: ReadonlySet<string> = new Set([
  "v1c",
  "auth",
  "images",
  "calendar",
  "pay",
  "avatars",
  "videos",
  "healthz",
  "livez",
  "readyz",
  "docs",
  ".well-known",
]);
