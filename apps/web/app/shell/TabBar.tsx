import { NavLink } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage, useRootData } from "../lib/use-language.ts";
import { UnreadBadge } from "../client-area/UnreadBadge.tsx";
import { Icon, type IconName } from "../ui/icons.tsx";
import type { SideMenuTriggerProps } from "./use-side-menu.tsx";

/** The number of services in the basket, on its tab and link; the full words for screen readers. */
export function BasketBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <>
      <span className="unread-badge" aria-hidden="true">
        {count}
      </span>
      <span className="visually-hidden">, {t("nav.basketItems", { count })}</span>
    </>
  );
}

/**
 * Mobile bottom tabs (spec section 2): Home, Search, Appointments, Look Book, Profile; while the basket has
 * services, Basket with their count takes Appointments' place.
 * Below 375 px Look Book is hidden, at 320 px or less Search too (CSS: .tab-lookbook, .tab-search).
 */
export function TabBar({ profileTrigger }: { profileTrigger: SideMenuTriggerProps }) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { basketCount } = useRootData();
  const links: { path: string; label: string; icon: IconName; className: string }[] = [
    { path: "home", label: t("nav.home"), icon: "home", className: "tab-home" },
    { path: "search", label: t("nav.search"), icon: "search", className: "tab-search" },
    basketCount > 0
      ? { path: "basket", label: t("nav.basket"), icon: "basket", className: "tab-basket" }
      : { path: "appointments", label: t("nav.appointments"), icon: "calendar", className: "tab-appointments" },
    { path: "inspiration", label: t("nav.lookBook"), icon: "image", className: "tab-lookbook" },
  ];
  return (
    <nav className="tab-bar" aria-label={t("nav.tabsLabel")}>
      {links.map((link) => (
        <NavLink key={link.path} to={to(link.path)} className={`tab ${link.className}`}>
          <Icon name={link.icon} />
          <span>{link.label}</span>
          {link.path === "basket" ? <BasketBadge count={basketCount} /> : null}
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
