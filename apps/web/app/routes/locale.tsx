import { Outlet, data, redirect, replace } from "react-router";
import { isSupportedLanguage, type Language } from "@termin/domain/languages";
import type { Route } from "./+types/locale";
import { preferredLanguage } from "../lib/language.server.ts";
import { isReadablePathParameter } from "../lib/page-input.ts";
import { isRouteRoot } from "../lib/paths.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import { siteOf } from "../lib/site.server.ts";
import type { Site } from "@termin/contracts/site";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";

/**
 * Every page lives under a language prefix: `/{lang}` and `/{lang}/` go to its home, and a known
 * route without a prefix (/search) goes to the same route in the visitor's language. Redirects are
 * middleware: they must win before any child loader runs (loaders run in parallel).
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, params, url }) => redirectToLanguage(params, url, () => preferredLanguage(request), redirect),
];

function redirectToLanguage(
  params: Route.LoaderArgs["params"],
  url: URL,
  preferred: () => Language,
  goTo: (to: string) => Response,
): void {
  if (isSupportedLanguage(params.lang)) {
    if (url.pathname.replace(/\/$/, "") === `/${params.lang}`) throw goTo(`/${params.lang}/home`);
  } else if (isRouteRoot(params.lang)) {
    throw goTo(`/${preferred()}${url.pathname}${url.search}`);
  }
}

/**
 * Any other first segment is an unsupported locale, and a path parameter that is not readable text (a NUL,
 * control characters, longer than any slug or id) names nothing on any page: the 404 page, status 404, decided
 * here once for every page below. A loader rather than middleware, so the root's data is loaded and the page
 * keeps its shell. The page's own loader runs beside it; this 404 is the answer, unless that loader redirects
 * by who is asking (sign in first).
 */
function load(env: Pick<PageEnv<Route.LoaderArgs["params"]>, "params" | "site">) {
  const { params } = env;
  const readable = Object.values(params).every((value) => value === undefined || isReadablePathParameter(value));
  if (!isSupportedLanguage(params.lang) || !readable) throw data(null, { status: 404 });
  // A widget's page of a business nobody has (its site is then no embed of it) is no page.
  if (!embedsNamedBusiness(env.site, params)) throw data(null, { status: 404 });
  return null;
}

export function loader({ params, request }: Route.LoaderArgs) {
  return load({ params, site: siteOf(request) });
}

/**
 * In the native app: the middleware's redirects (in the language the app chose), then the same 404s. The address
 * the app was opened at is replaced, not kept behind the page it leads to: Android's back button would go back to
 * it, only to be sent forward again, and never leave the app.
 */
export const clientLoader = async (args: Route.ClientLoaderArgs) => {
  const env = await clientPageEnv(args);
  redirectToLanguage(args.params, args.url, () => env.language, replace);
  return load(env);
};

/** Whether a page below `embed/business/:businessSlug` is that business's embed (any other page: true). */
function embedsNamedBusiness(site: Site, params: Record<string, string | undefined>): boolean {
  const named = params.businessSlug;
  return named === undefined || (site.mode === "embed" && site.business.slug === named);
}

export default function Locale() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
