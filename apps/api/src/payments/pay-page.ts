import type { Language } from "@termin/domain/languages";
import { PAY_PAGE_TEXTS, type PayPageTexts } from "./pay-page-texts.ts";

/** An amount in minor units, in the currency's own way in the language (Intl): 1200 EUR -> "€12.00" in en. */
export function formatAmount(minor: number, currency: string, language: Language): string {
  const format = new Intl.NumberFormat(language, { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** digits);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const STYLE = `body{margin:0;font-family:system-ui,sans-serif;background:#f6f5f2;color:#1d1b18;line-height:1.5}
main{box-sizing:border-box;max-width:30rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px}
h1{font-size:1.5rem;margin:0 0 1rem}p{margin:0 0 1rem;overflow-wrap:anywhere}
.demo{padding:.75rem;border:2px dashed #8a5a00;border-radius:8px;background:#fff7e6;color:#5c3b00}
.amount{font-size:1.25rem;font-weight:600}
button,a.button{display:block;box-sizing:border-box;width:100%;padding:.875rem 1rem;border:0;border-radius:8px;
background:#1d4ed8;color:#fff;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1d1b18;outline-offset:2px}a{color:#1d4ed8}`;

/** The only style the pages use, allowed by hash-free 'unsafe-inline' for styles alone; nothing runs on them. */
export const PAY_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export interface PayPageContent {
  language: Language;
  heading: (texts: PayPageTexts) => string;
  /** Paragraphs, already in words; each escaped. */
  /** `ownWords`: a business's own words (a service's name), which no translator should touch. */
  paragraphs: (texts: PayPageTexts) => Array<{ text: string; className?: string; ownWords?: boolean }>;
  /** A form posting to `action` with one button, or a link styled as a button. */
  action?: { kind: "form"; action: string; label: string } | { kind: "link"; href: string; label: string };
}

/** A payment page: small, self-contained HTML in the visitor's language, readable at 320 px, without scripts. */
export function renderPayPage(content: PayPageContent): string {
  const texts = PAY_PAGE_TEXTS[content.language];
  const heading = escapeHtml(content.heading(texts));
  const paragraphs = content
    .paragraphs(texts)
    .map((each) => {
      const attributes = `${each.className ? ` class="${each.className}"` : ""}${each.ownWords ? ' translate="no"' : ""}`;
      return `<p${attributes}>${escapeHtml(each.text)}</p>`;
    })
    .join("");
  const action = content.action;
  const actionHtml = !action
    ? ""
    : action.kind === "form"
      ? `<form method="post" action="${escapeHtml(action.action)}"><button type="submit">${escapeHtml(action.label)}</button></form>`
      : `<a class="button" href="${escapeHtml(action.href)}">${escapeHtml(action.label)}</a>`;
  return `<!doctype html><html lang="${content.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${heading} · ${escapeHtml(texts.title)}</title><style>${STYLE}</style></head><body><main><h1>${heading}</h1>${paragraphs}${actionHtml}</main></body></html>`;
}
