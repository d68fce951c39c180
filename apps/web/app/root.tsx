import { useEffect, type ReactNode } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  isRouteErrorResponse,
  redirect,
  useLocation,
  useParams,
  useRouteLoaderData,
} from "react-router";
import { useTranslation } from "./i18n/i18n-context.tsx";
import { SUPPORTED_LANGUAGES, isSupportedLanguage, type Language } from "@termin/domain/languages";
import type { Route } from "./+types/root";
import { createI18n } from "./i18n/i18n.ts";
import { serverCatalog } from "./i18n/catalogs.server.ts";
import { catalogUrl } from "./i18n/load-catalog.ts";
import { publicConfig, type PublicConfig } from "./lib/config.server.ts";
import { reportError, startErrorReporting } from "./lib/error-reporting.ts";
import { COOKIE } from "@termin/contracts/cookies";
import { readCookie, setCookieHeader } from "./lib/cookies.server.ts";
import { pageLanguage } from "./lib/language.server.ts";
import { withoutUnreadableQuery } from "./lib/page-input.ts";
import { switchLanguageInPath } from "./lib/paths.ts";
import { i18nContext, startUpContext } from "./lib/request-context.ts";
import { RequestReferenceContext, useReferenceWhileServerRendered } from "./lib/request-reference.ts";
import { startUp } from "./lib/start-up.server.ts";
import { startUpResult } from "./lib/viewer.server.ts";
import { unreadNotificationCount } from "./client-area/unread-notifications.ts";
// Named apart from the env's `viewerApi`, which would otherwise keep this server module in the native build.
import { viewerApi as requestViewerApi } from "./client-area/viewer-api.server.ts";
import { serverApiClient } from "./api/server-client.server.ts";
import { trackingFromArrival } from "./lib/tracking.ts";
import { useRootData, type RootData } from "./lib/use-language.ts";
import { EmbedShell } from "./embed/EmbedShell.tsx";
import { readBasket } from "./booking/basket.server.ts";
import { PersonalProvider } from "./client-area/personal.tsx";
import { SIGNED_IN_PAGE_HEADER } from "./lib/public-pages.ts";
import { siteOf } from "./lib/site.server.ts";
import { PageScrollRestoration } from "./shell/PageScrollRestoration.tsx";
import { Shell } from "./shell/Shell.tsx";
import { SplashLoader } from "./shell/SplashLoader.tsx";
import { clientPageEnv, clientRuntime } from "./page-data/client-env.ts";
import { ErrorReference } from "./ui/ErrorReference.tsx";
import { errorCopy, errorStatus, TryAgainLink } from "./ui/RouteErrorPage.tsx";
import { PageStyles } from "./styles/PageStyles.tsx";
import { ToastProvider } from "./ui/toast/ToastProvider.tsx";
import { AppUpdates } from "./pwa/AppUpdates.tsx";
import { WEB_APP_MANIFEST_PATH } from "./pwa/pwa-constants.ts";

/**
 * Query parameters that are not readable text (not UTF-8, a NUL, longer than the API reads) never reach a loader:
 * the visitor lands on the same page without them, so the address shown is the one the page was made for.
 */
const dropUnreadableQuery: Route.MiddlewareFunction = ({ request, url }) => {
  // The query as sent: `url`'s has been re-encoded, which turns bytes that are not UTF-8 into U+FFFD.
  const readable = withoutUnreadableQuery(new URL(request.url).search);
  if (readable !== undefined) throw redirect(`${url.pathname}${readable}`);
};

/** The same page in the language `?language=xx` asks for, without that parameter; undefined without one. */
function switchedLanguage(pageUrl: URL): { language: Language; path: string } | undefined {
  const url = new URL(pageUrl);
  const requested = url.searchParams.get("language");
  if (!requested || !isSupportedLanguage(requested)) return undefined;
  url.searchParams.delete("language");
  const path = url.pathname === "/" ? `/${requested}/home` : switchLanguageInPath(url.pathname, requested);
  return { language: requested, path: `${path}${url.search}` };
}

/** `?language=xx` switches the session language and lands on the same page in it (spec section 5). */
const switchLanguage: Route.MiddlewareFunction = ({ request, url }) => {
  const switched = switchedLanguage(url);
  if (!switched) return;
  throw redirect(switched.path, {
    headers: { "set-cookie": setCookieHeader(request, COOKIE.language, switched.language) },
  });
};

/** Records where a visitor came from (external referrer or utm_ parameters) for the app-tracking header. */
const recordTracking: Route.MiddlewareFunction = async ({ request, url }, next) => {
  const record = trackingFromArrival({
    url,
    referrer: request.headers.get("referer"),
    now: new Date(),
    platforms: ["web"],
  });
  const response = await next();
  if (record && response instanceof Response) {
    // Readable by the browser's API client too, hence not httpOnly; it holds no personal data.
    response.headers.append(
      "set-cookie",
      setCookieHeader(request, COOKIE.tracking, JSON.stringify(record), { httpOnly: false }),
    );
  }
  return response;
};

/** One translator per request: concurrent renders in different languages never mix. */
const provideI18n: Route.MiddlewareFunction = ({ request, params, context }) => {
  const language = pageLanguage(request, params.lang);
  context.set(i18nContext, createI18n(language, serverCatalog(language)));
};

/** The start-up flow (spec section 4) for every request: who is signed in, their session renewed if due. */
const startUpSession: Route.MiddlewareFunction = async ({ request, params, url, context }, next) => {
  const language = pageLanguage(request, params.lang);
  const result = await startUp({
    request,
    api: (credentials) => serverApiClient(request, url, language, credentials),
  });
  context.set(startUpContext, result);
  const response = await next();
  if (result.setCookie && response instanceof Response) response.headers.append("set-cookie", result.setCookie);
  return response;
};

export const middleware: Route.MiddlewareFunction[] = [
  dropUnreadableQuery,
  switchLanguage,
  recordTracking,
  provideI18n,
  startUpSession,
];

export async function loader({ request, params, url, context }: Route.LoaderArgs): Promise<RootData> {
  const language = pageLanguage(request, params.lang);
  const { loaded, viewer } = startUpResult(context);
  return {
    language,
    config: publicConfig,
    cookieConsentAccepted: readCookie(request, COOKIE.cookieConsent) === "true",
    // A marketplace page made for every signed-in client is made without a session (decision 0031).
    signedIn: loaded || request.headers.get(SIGNED_IN_PAGE_HEADER) === "1",
    viewer,
    unreadNotifications: await unreadNotificationCount(requestViewerApi({ request, url, language, context })),
    basketCount: readBasket(request).items.length,
    site: siteOf(request),
  };
}

/**
 * The native app's root data (decision 0052), from what its start-up provided: the same fields, no request. The
 * menu's language choice (`?language=xx`, stored by the start-up) lands on the same page in that language, as the
 * web's middleware does. The basket's count is of the basket the app keeps (env.basket, its Preferences).
 */
export const clientLoader = async (args: Route.ClientLoaderArgs): Promise<RootData> => {
  const switched = switchedLanguage(args.url);
  if (switched) throw redirect(switched.path);
  const env = await clientPageEnv(args);
  return {
    language: env.language,
    config: env.config,
    cookieConsentAccepted: clientRuntime().cookieConsent.accepted(),
    signedIn: env.viewerApi !== null,
    viewer: env.viewerApi ? env.requireViewer().viewer : null,
    unreadNotifications: await unreadNotificationCount(env.viewerApi),
    basketCount: env.basket.read().items.length,
    site: env.site,
  };
};

/** While the native app's first page loads: the splash, pre-rendered into its index.html. */
export function HydrateFallback() {
  return <SplashLoader />;
}

/**
 * Alternates of the current page in every language, and its canonical address. A page after the first of a
 * paged list is its own page to search engines (its canonical keeps ?page=N); other query choices are not.
 */
function LanguageAlternates({ config, origin }: { config: PublicConfig; origin: string }) {
  const { pathname, search } = useLocation();
  const [, first = ""] = pathname.split("/");
  if (!isSupportedLanguage(first)) return null;
  const page = new URLSearchParams(search).get("page") ?? "";
  const paged = /^[1-9]\d*$/.test(page) && page !== "1" ? `?page=${page}` : "";
  // On the site's own address: a business's domain is canonical for its pages.
  const address = (path: string) => `${origin}${path}${paged}`;
  return (
    <>
      <link rel="canonical" href={address(pathname)} />
      {SUPPORTED_LANGUAGES.map((code) => (
        <link key={code} rel="alternate" hrefLang={code} href={address(switchLanguageInPath(pathname, code))} />
      ))}
      <link
        rel="alternate"
        hrefLang="x-default"
        href={address(switchLanguageInPath(pathname, config.defaultLanguage))}
      />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  // Without the root's data (its loader met an error), the address still names the page's language.
  const { lang } = useParams();
  const language = data?.language ?? (isSupportedLanguage(lang) ? lang : "en");
  const reference = useReferenceWhileServerRendered();
  const errorReporting = data?.config.errorReporting;
  // After hydration (effects run only then), and only with a DSN: see lib/error-reporting.ts.
  useEffect(() => startErrorReporting(errorReporting), [errorReporting]);
  return (
    <html lang={language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0f5c4d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The installable web app's; the native app is installed from a store. */}
        {import.meta.env.TERMIN_BUILD_TARGET === "native" ? null : (
          <link rel="manifest" href={`${WEB_APP_MANIFEST_PATH}?lang=${language}`} />
        )}
        <link rel="apple-touch-icon" href="/icons/icon-192.png" />
        <link rel="preload" as="fetch" href={catalogUrl(language)} crossOrigin="anonymous" />
        {data ? <LanguageAlternates config={data.config} origin={data.site.origin} /> : null}
        <Meta />
        <PageStyles />
        <Links />
      </head>
      <body>
        <RequestReferenceContext value={reference}>{children}</RequestReferenceContext>
        <PageScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // An embed's pages sit in a business's iframe: its own small frame instead of the marketplace's (decision 0047).
  const Frame = useRootData().site.mode === "embed" ? EmbedShell : Shell;
  return (
    <ToastProvider>
      <PersonalProvider>
        <Frame>
          <Outlet />
        </Frame>
        {/* The installable web app's worker and updates; never inside a business's frame (an embed). */}
        {Frame === Shell ? <AppUpdates /> : null}
      </PersonalProvider>
    </ToastProvider>
  );
}

/** Last resort for errors no route handled: a plain page in the visitor's language. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const status = errorStatus(error);
  const { lang } = useParams();
  // The server logs failures itself (entry.server.tsx handleError); the browser's console gets them here (not a
  // 503: the page was briefly unavailable, nothing in it failed).
  useEffect(() => {
    if (status >= 500 && status !== 503) console.error(error);
    // An error of the page itself; an answer the server gave (it reported its own failures) is not reported twice.
    if (status >= 500 && status !== 503 && !isRouteErrorResponse(error)) reportError(error);
  }, [error, status]);
  const { title, body } =
    status === 404 ? { title: t("notFound.title"), body: t("notFound.body") } : errorCopy(t, status);
  return (
    <main id="main" className="page page--narrow">
      <title>{`${title} · Termin`}</title>
      <h1>{title}</h1>
      <p>{body}</p>
      {status === 503 ? <TryAgainLink /> : null}
      <ErrorReference />
      <a className="button" href={isSupportedLanguage(lang) ? `/${lang}/home` : "/"}>
        {t("notFound.home")}
      </a>
    </main>
  );
}
