import { isRouteErrorResponse } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { NotFoundPage } from "./NotFoundPage.tsx";

/** A route's error view: the 404 page for "not found", an apology (and a console entry) for anything else. */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <div className="page page--narrow" role="alert">
      <h1>{t("errors.title")}</h1>
      <p>{t("errors.body")}</p>
    </div>
  );
}
