import { useCallback } from "react";
import { parseCookie } from "cookie";
import { useRootData } from "../lib/use-language.ts";
import { parseTrackingRecord } from "../lib/tracking.ts";
import { browserApiBase } from "./api-origin.ts";
import { createApiClient, type ApiClient } from "./client.ts";

/**
 * The API client for calls made from the browser: the page's language, the spec's headers; on the web the page's
 * own origin (a business's domain answers the API too), in the native app the API's address baked into its build
 * (the app's pages come from the device, decision 0052).
 */
export function useBrowserApi(): (signal?: AbortSignal) => ApiClient {
  const { language, config } = useRootData();
  return useCallback(
    (signal) =>
      createApiClient({
        baseUrl: browserApiBase(config),
        language,
        app: { name: config.appName, version: config.appVersion, build: config.appBuild },
        tracking: parseTrackingRecord(parseCookie(document.cookie)["custom-tracking"]),
        currentPage: window.location.pathname,
        ...(signal ? { signal } : {}),
      }),
    [language, config],
  );
}
