import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { formatCount } from "../lib/format.ts";
import { useLanguage } from "../lib/use-language.ts";
import { Icon } from "../ui/icons.tsx";

/**
 * The search filters behind one "Filters (2)" button above the results on a phone, as booking apps do, so the first
 * results show on the first screen; from 768 px always shown, without the button (catalogue.css). A native
 * disclosure: it opens without JavaScript, keyboards and screen readers know it, and the server renders the same
 * page for every width (CSS alone decides, so hydration meets what it rendered).
 */
export function FoldedFilters({
  count,
  open,
  children,
  actions,
}: {
  /** How many filters narrow the results now. */
  count: number;
  /** Rendered open: the filters hold something to fix (a day the search could not check). */
  open: boolean;
  children: ReactNode;
  /** Buttons shown beside "Show results". */
  actions: ReactNode;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const panel = useRef<HTMLDetailsElement>(null);
  const toggle = useRef<HTMLElement>(null);
  useEffect(() => {
    // A browser that cannot show a closed disclosure's content by CSS (no ::details-content, before 2025) opens it
    // on a wide screen instead, where the filters are never folded.
    if (panel.current && !CSS.supports("selector(::details-content)") && matchMedia("(min-width: 768px)").matches) {
      panel.current.open = true;
    }
  }, []);
  return (
    <details ref={panel} className="search-filters__panel" open={open || undefined}>
      <summary ref={toggle} className="button button--secondary search-filters__toggle">
        <Icon name="filters" />
        {count > 0
          ? t("search.filtersChosen", { count, formatted: formatCount(count, language) })
          : t("search.filters")}
        <Icon name="expand" className="search-filters__expand" />
      </summary>
      {children}
      <div className="search-filters__actions">
        {actions}
        {/* Applies the form (prices apply only when sent) and folds the filters, leaving the results in view. Without
            JavaScript it sends the form, and the new page comes folded. */}
        <button
          type="submit"
          className="button search-filters__show"
          onClick={() => {
            if (panel.current) panel.current.open = false;
            toggle.current?.focus();
          }}
        >
          {t("search.showResults")}
        </button>
      </div>
    </details>
  );
}
