import { NavLink } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage, useSiteNavigation } from "../lib/use-language.ts";

/** Desktop navigation (spec section 2): Home, Services, Classes, Locations, Look Book. */
export function TopNav() {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const items = useSiteNavigation([
    { path: "home", label: t("nav.home") },
    { path: "services", label: t("nav.services") },
    { path: "classes", label: t("nav.classes") },
    { path: "locations", label: t("nav.locations") },
    { path: "inspiration", label: t("nav.lookBook") },
  ]);
  return (
    <nav className="top-nav" aria-label={t("nav.mainLabel")}>
      <ul>
        {items.map((item) => (
          <li key={item.path}>
            <NavLink to={to(item.path)} prefetch="intent">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
