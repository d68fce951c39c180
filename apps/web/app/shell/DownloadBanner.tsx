import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage, useRootData } from "../lib/use-language.ts";
import { isNativeApp } from "../pwa/native-app.ts";
import { Icon } from "../ui/icons.tsx";
import { pageScroller } from "../ui/page-scroller.ts";

/** The banner appears this long after load (spec section 9). */
export const DOWNLOAD_BANNER_DELAY_MS = 7000;

/** Where the browser remembers that the visitor closed the banner: closing removes it for good, not until a reload. */
export const DOWNLOAD_BANNER_CLOSED_KEY = "download_banner_closed";

/** Storage can be switched off or full (private modes); then the banner only stays closed on this page. */
function readClosed(): boolean {
  try {
    return localStorage.getItem(DOWNLOAD_BANNER_CLOSED_KEY) === "true";
  } catch {
    return false;
  }
}

function rememberClosed(): void {
  try {
    localStorage.setItem(DOWNLOAD_BANNER_CLOSED_KEY, "true");
  } catch {
    // Not remembered: it comes back on the next page load, as before.
  }
}

/** iOS, Android and Huawei browsers: the ones with an app store to send people to. */
export function isMobileStoreBrowser(userAgent: string): boolean {
  return /iPhone|iPad|iPod|Android|HuaweiBrowser|HUAWEI|HarmonyOS/i.test(userAgent);
}

/**
 * Suggests the native app to visitors on phones' browsers, never in the app itself; closing it removes it (spec
 * section 4). One prompt at a time: while the cookie notice waits for an answer the banner would sit over its Accept
 * button and policy link, so the 7 seconds count from the answer on a first visit, and from load once consent is on
 * record.
 */
export function DownloadBanner() {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { cookieConsentAccepted } = useRootData();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    // The native app is what the banner offers: inside it there is nothing to download.
    if (isNativeApp() || !cookieConsentAccepted || !isMobileStoreBrowser(navigator.userAgent) || readClosed()) return;
    const timer = setTimeout(() => setVisible(true), DOWNLOAD_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [cookieConsentAccepted]);

  const banner = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = banner.current;
    if (!visible || !element) return;
    // What the banner covers is kept clear of focus: scrolling to a focused control stops below it (app.css). The
    // space is counted from the top of the page's scrolling row, which starts below the header.
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const rowTop = pageScroller()?.getBoundingClientRect().top ?? 0;
      root.style.setProperty("--download-banner-space", `${element.getBoundingClientRect().bottom - rowTop}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--download-banner-space");
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <aside ref={banner} className="download-banner" aria-label={t("downloadBanner.label")}>
      <p>{t("downloadBanner.text")}</p>
      <Link className="button" to={to("download-application")}>
        {t("downloadBanner.action")}
      </Link>
      <button
        type="button"
        className="icon-button"
        onClick={() => {
          rememberClosed();
          setVisible(false);
          // The button goes with the banner: the reader goes on in the page, not from the top of the document.
          document.getElementById("main")?.focus({ preventScroll: true });
        }}
        aria-label={t("common.close")}
      >
        <Icon name="close" />
      </button>
    </aside>
  );
}
