import { useCallback } from "react";
import { parseCookie } from "cookie";
import { useRootData } from "../lib/use-language.ts";
import { parseTrackingRecord } from "../lib/tracking.ts";
import { createApiClient, type ApiClient } from "./client.ts";

/** The API client for calls made from the browser: same origin, the page's language, the spec's headers. */
export function useBrowserApi(): (signal?: AbortSignal) => ApiClient {
  const { language, config } = useRootData();
  return useCallback(
    (signal) =>
      createApiClient({
        baseUrl: "",
        language,
        app: { name: config.appName, version: config.appVersion, build: config.appBuild },
        tracking: parseTrackingRecord(parseCookie(document.cookie)["custom-tracking"]),
        currentPage: window.location.pathname,
        ...(signal ? { signal } : {}),
      }),
    [language, config],
  );
}
