import { NavLink } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage, useRootData, useSiteNavigation } from "../lib/use-language.ts";
import { UnreadBadge, useWithUnreadCount } from "../client-area/UnreadBadge.tsx";
import { Icon, type IconName } from "../ui/icons.tsx";
import type { SideMenuTriggerProps } from "./use-side-menu.tsx";

/** The number of services in the basket, on its tab and link, for the eyes: the host's name says it in words. */
export function BasketBadge({ count }: { count: number }) {
  return (
    <span className="unread-badge" aria-hidden="true">
      {count}
    </span>
  );
}

/** The basket link's accessible name ("Basket, 2 services in the basket"), one string so no stray space splits it. */
export function useBasketName(count: number): string {
  const { t } = useTranslation();
  return `${t("nav.basket")}, ${t("nav.basketItems", { count })}`;
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
  const basketName = useBasketName(basketCount);
  const withUnreadCount = useWithUnreadCount();
  const links = useSiteNavigation<{ path: string; label: string; icon: IconName; className: string }>([
    { path: "home", label: t("nav.home"), icon: "home", className: "tab-home" },
    { path: "search", label: t("nav.search"), icon: "search", className: "tab-search" },
    basketCount > 0
      ? { path: "basket", label: t("nav.basket"), icon: "basket", className: "tab-basket" }
      : { path: "appointments", label: t("nav.appointments"), icon: "calendar", className: "tab-appointments" },
    { path: "inspiration", label: t("nav.lookBook"), icon: "image", className: "tab-lookbook" },
  ]);
  return (
    <nav className="tab-bar" aria-label={t("nav.tabsLabel")}>
      {links.map((link) => (
        <NavLink
          key={link.path}
          to={to(link.path)}
          className={`tab ${link.className}`}
          aria-label={link.path === "basket" ? basketName : undefined}
        >
          <Icon name={link.icon} />
          <span>{link.label}</span>
          {link.path === "basket" ? <BasketBadge count={basketCount} /> : null}
        </NavLink>
      ))}
      <button
        type="button"
        className="tab tab-profile"
        aria-label={withUnreadCount(t("nav.profile"))}
        {...profileTrigger}
      >
        <Icon name="user" />
        <span>{t("nav.profile")}</span>
        <UnreadBadge />
      </button>
    </nav>
  );
}
