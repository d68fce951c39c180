import { useEffect, useRef, useSyncExternalStore, type CSSProperties, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { useSignedIn } from "../client-area/personal.tsx";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useLanguage, useRootData } from "../lib/use-language.ts";
import { Icon } from "../ui/icons.tsx";
import { BasketBadge, useBasketName } from "../shell/TabBar.tsx";
import { useFocusPageHeading } from "../shell/use-focus-page-heading.ts";
import { readableBrandColor } from "./brand-color.ts";
import { embedBusinessRoot } from "./embed-paths.ts";
import { tellParent, type FrameWords } from "./frame-messages.ts";
import { useTellPageChanges } from "./use-tell-page-changes.ts";
import { useFrameHeight } from "./use-frame-height.ts";
import { useFrameLinks } from "./use-frame-links.ts";

const THEME_KEY = "termin-embed-theme";
/** The product's own colour (app.css --color-brand), for the loader's button when the business has none. */
const DEFAULT_BRAND = "#0f5c4d";

type Theme = "light" | "dark";
/** The theme asked for, for the frame's later pages: its client-side navigations keep this module. */
let askedTheme: Theme | null = null;

/**
 * The theme the host page asked for in the frame's first address (`?theme=dark`), kept for the frame's later pages
 * (in memory; in the tab's session storage too, where a third-party frame may use it, for full page loads).
 */
function hostTheme(): Theme {
  const asked = new URLSearchParams(window.location.search).get("theme");
  if (asked === "dark" || asked === "light") askedTheme = asked;
  try {
    if (askedTheme) sessionStorage.setItem(THEME_KEY, askedTheme);
    else askedTheme = sessionStorage.getItem(THEME_KEY) === "dark" ? "dark" : null;
  } catch {
    // Storage refused (third-party storage blocked): memory alone keeps it.
  }
  return askedTheme ?? "light";
}

const noChanges = () => () => {};

/** Light or dark, as the host page asks; light on the server, which renders one page for every host. */
const useHostTheme = () => useSyncExternalStore(noChanges, hostTheme, (): Theme => "light");

/**
 * The frame around an embed's pages (decision 0047): the business's name and colour, the basket and the client's
 * appointments, and the page; no marketplace navigation, banners or footer. Its height is the content's, told to
 * the host page, which sizes the iframe to it.
 */
export function EmbedShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { language, to } = useLanguage();
  const { site, basketCount, config } = useRootData();
  const signedIn = useSignedIn();
  const basketName = useBasketName(basketCount);
  const theme = useHostTheme();
  const content = useRef<HTMLDivElement>(null);
  const onClick = useFrameLinks();
  const location = useLocation();
  useTellPageChanges(location.key);
  useFrameHeight(content);
  useFocusPageHeading();
  const business = site.mode === "embed" ? site.business : null;
  const brand = readableBrandColor(business?.brandColor);
  const words: FrameWords = {
    title: t("embed.frameTitle", { business: business?.name ?? "" }),
    close: t("embed.close"),
    book: t("booking.bookNow"),
    brand: brand ?? DEFAULT_BRAND,
  };
  const wordsKey = JSON.stringify(words);
  // Once per frame and language: the loader titles the iframe and labels its buttons with these.
  useEffect(() => tellParent({ termin: 1, type: "ready", detail: JSON.parse(wordsKey) as FrameWords }), [wordsKey]);
  if (site.mode !== "embed") return null;
  const style = brand ? ({ "--brand-base": brand } as CSSProperties) : undefined;

  return (
    // Clicks are caught on their way to links (before a router link handles them), which stay the keyboard's and
    // the screen reader's own.
    <div ref={content} className="embed-shell" data-theme={theme} style={style} onClickCapture={onClick}>
      <header className="embed-shell__bar">
        <Link to={embedBusinessRoot(site, language)} className="brand" translate="no">
          {site.business.name}
        </Link>
        <nav className="embed-shell__links" aria-label={t("nav.mainLabel")}>
          {basketCount > 0 ? (
            <Link to={to("basket")} className="top-bar__basket" aria-label={basketName}>
              <Icon name="basket" />
              <span className="top-bar__basket-label">{t("nav.basket")}</span>
              <BasketBadge count={basketCount} />
            </Link>
          ) : null}
          <Link
            to={
              signedIn
                ? to("appointments")
                : to(`sign-in?${new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })}`)
            }
            className="top-bar__link"
          >
            {t(signedIn ? "menu.myAppointments" : "menu.signIn")}
          </Link>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <p className="embed-shell__credit">
        <a href={`/${language}/home`} target="_blank" rel="noopener">
          {t("embed.poweredBy", { app: config.appName })}
        </a>
      </p>
    </div>
  );
}
