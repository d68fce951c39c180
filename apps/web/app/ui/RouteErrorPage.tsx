import { useEffect } from "react";
import { isRouteErrorResponse } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { ErrorReference } from "./ErrorReference.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";

/**
 * A route's error view: the 404 page for "not found", an apology with the request's reference for anything else.
 * The server logs the failure itself (entry.server.tsx handleError); the browser's console gets it here.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) console.error(error);
  }, [error, notFound]);
  if (notFound) return <NotFoundPage />;
  return (
    <div className="page page--narrow" role="alert">
      <h1>{t("errors.title")}</h1>
      <p>{t("errors.body")}</p>
      <ErrorReference />
    </div>
  );
}
