import { StatusBar, Style } from "@capacitor/status-bar";

/**
 * The status bar's text colour for the page's theme, read from the root's `color-scheme`: a light page gets dark
 * text (`Light`), a dark one light text (`Dark`), a page following the device the device's current scheme, and a
 * page with no scheme of its own the platform's `Default`.
 */
export function statusBarStyleFor(colorScheme: string, prefersDark: boolean): Style {
  const schemes = colorScheme.split(/\s+/);
  const light = schemes.includes("light");
  const dark = schemes.includes("dark");
  if (light && dark) return prefersDark ? Style.Dark : Style.Light;
  if (dark) return Style.Dark;
  if (light) return Style.Light;
  return Style.Default;
}

/**
 * Keeps the status bar's style on the theme: set now, again when the device's scheme changes (a page that follows
 * it) and when the root's attributes change (a theme switched by class or attribute). Answers how to stop.
 */
export function followThemeWithStatusBar(root: HTMLElement = document.documentElement): () => void {
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  let current: Style | null = null;
  const apply = () => {
    const style = statusBarStyleFor(getComputedStyle(root).getPropertyValue("color-scheme").trim(), media.matches);
    if (style === current) return;
    current = style;
    StatusBar.setStyle({ style }).catch((error: unknown) => console.warn("Status bar style not set", error));
  };
  apply();
  media.addEventListener("change", apply);
  const observer = new MutationObserver(apply);
  observer.observe(root, { attributes: true, attributeFilter: ["class", "style", "data-theme"] });
  return () => {
    media.removeEventListener("change", apply);
    observer.disconnect();
  };
}
