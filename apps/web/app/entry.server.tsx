import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { I18nProvider } from "./i18n/i18n-context.tsx";
import {
  ServerRouter,
  isRouteErrorResponse,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { serverCatalog } from "./i18n/catalogs.server.ts";
import { createI18n } from "./i18n/i18n.ts";
import { publicConfig } from "./lib/config.server.ts";
import { contentSecurityPolicy } from "./lib/content-security-policy.server.ts";
import { pageLanguage } from "./lib/language.server.ts";
import { i18nContext } from "./lib/request-context.ts";
import { RequestReferenceContext, requestIdOf, shortReference } from "./lib/request-reference.ts";

/** The request's i18n instance; when middleware failed before making one, one for the visitor's language. */
function requestI18n(request: Request, loadContext: RouterContextProvider) {
  const fromMiddleware = loadContext.get(i18nContext);
  if (fromMiddleware) return fromMiddleware;
  const language = pageLanguage(request, new URL(request.url).pathname.split("/")[1]);
  return createI18n(language, serverCatalog(language));
}

export const streamTimeout = 5_000;

/** One line per failure with the request's whole id, the id the error page shows the start of (support finds it). */
function logFailure(request: Request, error: unknown) {
  console.error(`Request ${requestIdOf(request) ?? "(no id)"} failed:`, error);
}

/**
 * Errors of loaders, actions and middleware, before React Router hides their details from the page. A thrown
 * answer under 500 (the 404 page) is a page answering the visitor; anything else is a failure, logged with the
 * request id (an API refusal a loader let through too: that page has a bug).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  logFailure(request, error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = randomBytes(16).toString("base64");
  const i18n = requestI18n(request, loadContext);
  const requestId = requestIdOf(request);
  const reference = responseStatusCode >= 500 && requestId ? shortReference(requestId) : null;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole document at once; people get the shell as early as possible.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <I18nProvider i18n={i18n}>
        <RequestReferenceContext value={reference}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </RequestReferenceContext>
      </I18nProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("content-type", "text/html; charset=utf-8");
          responseHeaders.set(
            "content-security-policy",
            contentSecurityPolicy({ nonce, botCheck: publicConfig.botCheckSiteKey !== null }),
          );
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logFailure(request, error);
        },
      },
    );
  });
}
