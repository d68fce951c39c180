import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";

export function NotFoundPage() {
  const { t } = useTranslation();
  const { to } = useLanguage();
  return (
    <div className="page page--narrow not-found">
      <title>{`${t("notFound.title")} · Termin`}</title>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.body")}</p>
      <Link className="button" to={to("home")}>
        {t("notFound.home")}
      </Link>
    </div>
  );
}
