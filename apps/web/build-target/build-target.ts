/**
 * Which app a build makes (decision 0052): the web app, server-rendered (the default), or the native app's bundle,
 * the same routes built client-only (React Router's SPA mode) for Capacitor. Chosen by one environment variable,
 * read by react-router.config.ts, vite.config.ts and app/routes.ts.
 */
export type BuildTarget = "web" | "native";

export const BUILD_TARGET_VARIABLE = "TERMIN_BUILD_TARGET";

export function buildTarget(env: Readonly<Record<string, string | undefined>> = process.env): BuildTarget {
  const value = env[BUILD_TARGET_VARIABLE] ?? "web";
  if (value !== "web" && value !== "native") {
    throw new Error(`${BUILD_TARGET_VARIABLE} must be "web" or "native", not "${value}"`);
  }
  return value;
}

/**
 * Route exports a target's build removes from every route module: the other target's page data. The web app's
 * pages get their data from the server only (its page cache, its session cookie), so a `clientLoader` written for
 * the native app never runs there; the native build has no server, and SPA mode refuses server exports.
 */
export const REMOVED_ROUTE_EXPORTS: Readonly<Record<BuildTarget, readonly string[]>> = {
  // The root's HydrateFallback is the native app's splash while its first page loads: the web's pages come whole.
  web: ["clientLoader", "clientAction", "HydrateFallback"],
  native: ["loader", "action", "middleware", "headers"],
};
