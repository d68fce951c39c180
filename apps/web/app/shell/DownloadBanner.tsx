import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage, useRootData } from "../lib/use-language.ts";
import { isNativeApp } from "../pwa/native-app.ts";
import { Icon } from "../ui/icons.tsx";

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
 * section 4). It is a row of the shell under the header: the page's row makes room for it, so it covers nothing at
 * any width, however many lines its words take. One prompt at a time: while the cookie notice waits for an answer
 * the banner waits too, so the 7 seconds count from the answer on a first visit, and from load once consent is on
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

  if (!visible) return null;
  return (
    <aside className="download-banner" aria-label={t("downloadBanner.label")}>
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
