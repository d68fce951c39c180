import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage, useRootData } from "../lib/use-language.ts";

/** Legal and help links on every web page (the native app lists them in the side menu). */
export function Footer() {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { config } = useRootData();
  return (
    <footer className="site-footer">
      <ul>
        <li>
          <Link to={to("pages/terms")}>{t("menu.terms")}</Link>
        </li>
        <li>
          <Link to={to("pages/privacy-policy")}>{t("menu.privacy")}</Link>
        </li>
        <li>
          <Link to={to("pages/cookies")}>{t("menu.cookies")}</Link>
        </li>
        <li>
          <Link to={to("pages/contacts")}>{t("menu.customerSupport")}</Link>
        </li>
      </ul>
      <p>{config.appName}</p>
    </footer>
  );
}
