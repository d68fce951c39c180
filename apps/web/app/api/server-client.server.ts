import { offeredInProcessApi } from "@termin/api/http/in-process-fetch";
import type { Language } from "@termin/domain/languages";
import { config } from "../lib/config.server.ts";
import { COOKIE } from "@termin/contracts/cookies";
import { readCookie } from "../lib/cookies.server.ts";
import { siteOf } from "../lib/site.server.ts";
import { requestIdOf } from "../lib/request-reference.ts";
import { parseTrackingRecord } from "../lib/tracking.ts";
import { createApiClient, type ApiClient, type Credentials } from "./client.ts";
import { failOnUnavailable } from "./unavailable.server.ts";

function embeddedBusinessOf(request: Request): string | undefined {
  const site = siteOf(request);
  return site.mode === "embed" ? site.business.slug : undefined;
}

/**
 * The API client a server loader uses on a visitor's behalf (marked app-render: ssr); with credentials it
 * acts for the signed-in client (login-required pages get them from requireViewer).
 */
export function serverApiClient(
  request: Request,
  url: URL,
  language: Language,
  credentials?: Credentials | null,
): ApiClient {
  return createApiClient({
    baseUrl: config.apiUrl,
    language,
    app: { name: config.appName, version: config.appVersion, build: config.appBuild },
    render: "ssr",
    tracking: parseTrackingRecord(readCookie(request, COOKIE.tracking)),
    currentPage: url.pathname,
    signal: request.signal,
    credentials: credentials ?? undefined,
    // Set by the web server from the connection (react-router-handler.ts), never taken from the visitor.
    clientIp: request.headers.get("x-forwarded-for"),
    // One id from the page request to the API's answer: the one the error page shows the start of.
    requestId: requestIdOf(request),
    siteHost: new URL(request.url).host,
    embeddedBusiness: embeddedBusinessOf(request),
    // The API of this same process when the web server offers it (API_URL unset): no socket, same contract.
    // Its 503 (database away) ends the page as the page's own 503 (unavailable.server.ts).
    fetch: failOnUnavailable(offeredInProcessApi() ?? fetch),
  });
}
