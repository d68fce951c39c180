import type { Language } from "@termin/domain/languages";
import { BACKGROUND_COLOR, THEME_COLOR } from "./pwa-constants.ts";

/** The icons, drawn from favicon.svg (scripts/generate-pwa-icons.ts); the maskable one keeps the mark in the safe zone. */
export const PWA_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

/**
 * The web app manifest in one language. One `id` for every language: installed from any of them it is the same
 * app, which opens on the home page of the language it was installed in.
 */
export function webAppManifest(options: { language: Language; appName: string; name: string; description: string }) {
  return {
    id: "/",
    name: options.name,
    short_name: options.appName,
    description: options.description,
    lang: options.language,
    dir: "ltr",
    start_url: `/${options.language}/home`,
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: PWA_ICONS,
  };
}
