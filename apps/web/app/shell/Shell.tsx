import { useEffect, type ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage, useRootData, useSiteName } from "../lib/use-language.ts";
import { Icon } from "../ui/icons.tsx";
import { useToast } from "../ui/toast/toast-context.ts";
import { UnreadBadge, useWithUnreadCount } from "../client-area/UnreadBadge.tsx";
import { useSignedIn } from "../client-area/personal.tsx";
import { BackButton } from "./BackButton.tsx";
import { CookieConsent } from "./CookieConsent.tsx";
import { DownloadBanner } from "./DownloadBanner.tsx";
import { Footer } from "./Footer.tsx";
import { LanguageMenu } from "./LanguageMenu.tsx";
import { NativeAppMount } from "./NativeAppMount.tsx";
import { NavigationProgress } from "./NavigationProgress.tsx";
import { PAGE_SCROLLER_ID } from "../ui/page-scroller.ts";
import { SplashLoader } from "./SplashLoader.tsx";
import { BasketBadge, TabBar, useBasketName } from "./TabBar.tsx";
import { TopNav } from "./TopNav.tsx";
import { useFocusPageHeading } from "./use-focus-page-heading.ts";
import { useSideMenu } from "./use-side-menu.tsx";
import { usePushMessages, usePushToken } from "../push/use-push.ts";

/** Tells the visitor when the connection drops and comes back. */
function useConnectivityToasts() {
  const { t } = useTranslation();
  const showToast = useToast();
  useEffect(() => {
    const offline = () => showToast({ body: t("connectivity.offline"), color: "warning" });
    const online = () => showToast({ body: t("connectivity.online"), color: "success", delay: 3000 });
    window.addEventListener("offline", offline);
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("offline", offline);
      window.removeEventListener("online", online);
    };
  }, [showToast, t]);
}

/**
 * The frame around every page (spec section 2, "Shell"): the cookie notice, header, the app's download banner, the
 * page and the tab bar are rows of one screen-high column, and only the page's row scrolls, so no part of the page is ever under a bar
 * (decision 0034).
 */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { basketCount } = useRootData();
  const siteName = useSiteName();
  const sideMenu = useSideMenu();
  const withUnreadCount = useWithUnreadCount();
  const basketName = useBasketName(basketCount);
  const signedIn = useSignedIn();
  useConnectivityToasts();
  useFocusPageHeading();
  usePushToken();
  usePushMessages();

  return (
    <>
      <SplashLoader />
      <NavigationProgress />
      <a className="skip-link" href="#main">
        {t("common.skipToContent")}
      </a>
      <div className="shell">
        <CookieConsent />
        <header className="top-bar">
          <BackButton />
          <Link to={to("home")} className="brand" translate="no">
            {siteName}
          </Link>
          <TopNav />
          <div className="top-bar__end">
            <div className="desktop-only language-menu-slot">
              <LanguageMenu />
            </div>
            {signedIn ? (
              <div className="desktop-only">
                <NavLink
                  to={to("appointments")}
                  className="top-bar__link"
                  prefetch="intent"
                  aria-label={t("menu.myAppointments")}
                >
                  <Icon name="calendar" />
                  <span className="top-bar__link-label">{t("menu.myAppointments")}</span>
                </NavLink>
              </div>
            ) : null}
            {basketCount > 0 ? (
              <div className="desktop-only">
                <Link to={to("basket")} className="top-bar__basket" aria-label={basketName}>
                  <Icon name="basket" />
                  <span className="top-bar__basket-label">{t("nav.basket")}</span>
                  <BasketBadge count={basketCount} />
                </Link>
              </div>
            ) : null}
            <button
              type="button"
              className="icon-button"
              aria-label={withUnreadCount(t("menu.open"))}
              {...sideMenu.triggerProps}
            >
              <Icon name="menu" />
              <UnreadBadge />
            </button>
          </div>
        </header>
        <DownloadBanner />
        <div className="shell__page" id={PAGE_SCROLLER_ID}>
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <Footer />
        </div>
        <TabBar profileTrigger={sideMenu.triggerProps} />
      </div>
      {sideMenu.menu}
      <NativeAppMount />
    </>
  );
}
