import type { Language } from "@termin/domain/languages";
import { BACKGROUND_COLOR, THEME_COLOR } from "./pwa-constants.ts";

export interface OfflinePageTexts {
  title: string;
  body: string;
  tryAgain: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** No scripts, nothing loaded from anywhere: the page must work with no network at all. */
export const OFFLINE_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/**
 * The page the service worker answers for a page never seen before while the network is down: one document in
 * the visitor's language, made by the worker itself (nothing to fetch or keep), which reloads the address asked for.
 */
export function offlinePageHtml(language: Language, texts: OfflinePageTexts): string {
  return `<!doctype html>
<html lang="${language}" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${THEME_COLOR}">
<title>${escapeHtml(texts.title)}</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:${BACKGROUND_COLOR};color:#1b1f1e;font:16px/1.5 system-ui,sans-serif}
main{max-width:32rem;padding:1.5rem;text-align:center}
h1{font-size:1.5rem;margin:0 0 .5rem}
a{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;border-radius:.5rem;background:${THEME_COLOR};color:#fff;text-decoration:none;font-weight:600}
a:focus-visible{outline:2px solid ${THEME_COLOR};outline-offset:2px}
</style>
</head>
<body>
<main id="main" data-testid="offline-page">
<h1>${escapeHtml(texts.title)}</h1>
<p>${escapeHtml(texts.body)}</p>
<a href="">${escapeHtml(texts.tryAgain)}</a>
</main>
</body>
</html>`;
}
