import { Outlet, data, redirect } from "react-router";
import { isSupportedLanguage } from "@termin/domain/languages";
import type { Route } from "./+types/locale";
import { preferredLanguage } from "../lib/language.server.ts";
import { isRouteRoot } from "../lib/paths.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";

/**
 * Every page lives under a language prefix. A known route without one (/search) is sent to the
 * same route with the visitor's language; any other first segment is an unsupported locale: 404.
 */
// Middleware, not a loader: it must decide before any child loader runs (they run in parallel).
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, params }) => {
    if (isSupportedLanguage(params.lang)) return;
    if (isRouteRoot(params.lang)) {
      const url = new URL(request.url);
      throw redirect(`/${preferredLanguage(request)}${url.pathname}${url.search}`);
    }
    throw data(null, { status: 404 });
  },
];

export default function Locale() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
