import { useEffect } from "react";
import { isRouteErrorResponse, useLocation } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import type { I18n } from "../i18n/i18n.ts";
import { ErrorReference } from "./ErrorReference.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";

/** The status an error page answers for: a thrown route answer's own, anything else a failure (500). */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

/**
 * The heading and text of an error page: "briefly unavailable" for a 503 (the API's database is away, a restart:
 * trying again soon will work), an apology for anything else.
 */
export function errorCopy(t: I18n["t"], status: number): { title: string; body: string } {
  return status === 503
    ? { title: t("errors.unavailableTitle"), body: t("errors.unavailableBody") }
    : { title: t("errors.title"), body: t("errors.body") };
}

/**
 * A route's error view: the 404 page for "not found", otherwise what went wrong with the request's reference.
 * The server logs failures itself (entry.server.tsx handleError); the browser's console gets them here.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const status = errorStatus(error);
  // A page this device has not kept, asked for with no connection: only ever in a browser (Node has a `navigator`
  // too, without onLine).
  const offline = typeof window !== "undefined" && navigator.onLine === false && !isRouteErrorResponse(error);
  useEffect(() => {
    // A page briefly unavailable is not a fault of the page (the API said why); anything else is logged here.
    if (status !== 404 && status !== 503 && !offline) console.error(error);
  }, [error, status, offline]);
  if (status === 404) return <NotFoundPage />;
  const { title, body } = offline
    ? { title: t("pwa.offline.title"), body: t("pwa.offline.body") }
    : errorCopy(t, status);
  return (
    <div className="page page--narrow" role="alert">
      <title>{`${title} · Termin`}</title>
      <h1>{title}</h1>
      <p>{body}</p>
      {status === 503 || offline ? <TryAgainLink /> : null}
      {offline ? null : <ErrorReference />}
    </div>
  );
}

/** The page the reader was on, asked for again: what Retry-After means for a person. */
export function TryAgainLink() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <a className="button" href={`${pathname}${search}`}>
      {t("errors.tryAgain")}
    </a>
  );
}
