import { Writable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { reportServerError } from "@termin/error-reporting/server-report";
import { I18nProvider } from "./i18n/i18n-context.tsx";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { PAGE_RETRY_AFTER_SECONDS, isServiceUnavailable } from "./api/unavailable.server.ts";
import { asExpectedRefusal } from "./lib/expected-refusals.server.ts";
import { serverCatalog } from "./i18n/catalogs.server.ts";
import { createI18n } from "./i18n/i18n.ts";
import { publicConfig } from "./lib/config.server.ts";
import { contentSecurityPolicy, framingOrigins, inlineScriptHashes } from "./lib/content-security-policy.server.ts";
import { siteOf } from "./lib/site.server.ts";
import { pageLanguage } from "./lib/language.server.ts";
import { lowPriorityScriptPreloads } from "./lib/script-preload-priority.server.ts";
import { i18nContext } from "./lib/request-context.ts";
import { RequestReferenceContext, requestIdOf, shortReference } from "./lib/request-reference.ts";
import { PAGE_STYLES } from "./styles/page-styles.server.ts";
import { PageStylesContext } from "./styles/PageStyles.tsx";

/** The request's i18n instance; when middleware failed before making one, one for the visitor's language. */
function requestI18n(request: Request, loadContext: RouterContextProvider) {
  const fromMiddleware = loadContext.get(i18nContext);
  if (fromMiddleware) return fromMiddleware;
  const language = pageLanguage(request, new URL(request.url).pathname.split("/")[1]);
  return createI18n(language, serverCatalog(language));
}

export const streamTimeout = 5_000;

/** Page data for the app itself: refusals it shows are not failed loads (expected-refusals.server.ts). */
export const handleDataRequest = asExpectedRefusal;

/**
 * One line per failure with the request's whole id, the id the error page shows the start of (support finds it);
 * and a report, when error reporting is on (SENTRY_DSN).
 */
function logFailure(request: Request, error: unknown) {
  console.error(`Request ${requestIdOf(request) ?? "(no id)"} failed:`, error);
  reportServerError(error);
}

/**
 * Errors of loaders, actions and middleware, before React Router hides their details from the page. A thrown
 * answer under 500 (the 404 page) or the API's 503 passed on is a page answering the visitor; anything else is a failure, logged with the
 * request id (an API refusal a loader let through too: that page has a bug).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // The API logged why it was unavailable; the page only passed its 503 on.
  if (isServiceUnavailable(error)) return;
  logFailure(request, error);
};

/**
 * Renders the whole document as UTF-8 bytes: the web server sends pages whole (server/react-router-handler.ts
 * explains why), and never needs them as a string.
 */
function renderDocument(element: ReactElement, onFailure: (error: unknown) => void): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        resolve(Buffer.concat(chunks));
        callback();
      },
    });
    let shellReady = false;
    const { pipe, abort } = renderToPipeableStream(element, {
      onShellReady: () => {
        shellReady = true;
      },
      onAllReady: () => pipe(sink),
      // A failure before the shell is React Router's to answer (and log); after it, the page says it failed.
      onShellError: reject,
      onError: (error) => {
        if (shellReady) onFailure(error);
      },
    });
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const i18n = requestI18n(request, loadContext);
  const requestId = requestIdOf(request);
  const reference = responseStatusCode >= 500 && requestId ? shortReference(requestId) : null;
  let status = responseStatusCode;
  const rendered = await renderDocument(
    <I18nProvider i18n={i18n}>
      <RequestReferenceContext value={reference}>
        <PageStylesContext value={PAGE_STYLES}>
          <ServerRouter context={routerContext} url={request.url} />
        </PageStylesContext>
      </RequestReferenceContext>
    </I18nProvider>,
    (error) => {
      status = 500;
      logFailure(request, error);
    },
  );
  const html = lowPriorityScriptPreloads(rendered);
  responseHeaders.set("content-type", "text/html; charset=utf-8");
  // Briefly unavailable (the API's 503 passed on): browsers and crawlers come back soon, not never.
  if (status === 503) responseHeaders.set("retry-after", PAGE_RETRY_AFTER_SECONDS);
  // Hashes of the page's own inline scripts rather than a nonce: the same page may go to many visitors (the page
  // cache), and a nonce must never be used twice.
  responseHeaders.set(
    "content-security-policy",
    contentSecurityPolicy({
      scriptHashes: inlineScriptHashes(html),
      botCheck: publicConfig.botCheckSiteKey !== null,
      frameAncestors: framingOrigins(siteOf(request)),
      errorReportingOrigin: publicConfig.errorReporting ? new URL(publicConfig.errorReporting.dsn).origin : undefined,
    }),
  );
  return new Response(html, { headers: responseHeaders, status });
}
