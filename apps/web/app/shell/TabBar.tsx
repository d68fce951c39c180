import { NavLink } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage } from "../lib/use-language.ts";
import { UnreadBadge } from "../client-area/UnreadBadge.tsx";
import { Icon, type IconName } from "../ui/icons.tsx";
import type { SideMenuTriggerProps } from "./use-side-menu.tsx";

/**
 * Mobile bottom tabs (spec section 2): Home, Search, Appointments, Look Book, Profile.
 * Below 375 px Look Book is hidden, at 320 px or less Search too (CSS: .tab-lookbook, .tab-search).
 */
export function TabBar({ profileTrigger }: { profileTrigger: SideMenuTriggerProps }) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const links: { path: string; label: string; icon: IconName; className: string }[] = [
    { path: "home", label: t("nav.home"), icon: "home", className: "tab-home" },
    { path: "search", label: t("nav.search"), icon: "search", className: "tab-search" },
    { path: "appointments", label: t("nav.appointments"), icon: "calendar", className: "tab-appointments" },
    { path: "inspiration", label: t("nav.lookBook"), icon: "image", className: "tab-lookbook" },
  ];
  return (
    <nav className="tab-bar" aria-label={t("nav.tabsLabel")}>
      {links.map((link) => (
        <NavLink key={link.path} to={to(link.path)} className={`tab ${link.className}`}>
          <Icon name={link.icon} />
          <span>{link.label}</span>
        </NavLink>
      ))}
      <button type="button" className="tab tab-profile" {...profileTrigger}>
        <Icon name="user" />
        <span>{t("nav.profile")}</span>
        <UnreadBadge />
      </button>
    </nav>
  );
}
