import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";

interface PagerProps {
  /** What the pages are of, for screen readers ("Search result pages"). */
  label: string;
  page: number;
  pageCount: number;
  /** The address of another page of the same list, keeping the list's other choices. */
  hrefOf: (page: number) => string;
  /** Say "Page 2 of 5" between the links (long lists a visitor jumps into from search engines). */
  showPosition?: boolean;
  /** The words for the two links when "previous" and "next" read wrongly, as for "newer" and "older". */
  previousLabel?: string;
  nextLabel?: string;
}

/** Previous and next links under a paged list; nothing when the list fits on one page. */
export function Pager({ label, page, pageCount, hrefOf, showPosition, previousLabel, nextLabel }: PagerProps) {
  const { t } = useTranslation();
  const location = useLocation();
  // Arrived from one of these links: the reader goes on at the top of the new page's content, not from a link
  // that moved (or vanished) at the bottom.
  const arrivedByPager = (location.state as { pagedWith?: string } | null)?.pagedWith === label;
  useEffect(() => {
    if (arrivedByPager) document.getElementById("main")?.focus({ preventScroll: true });
  }, [arrivedByPager, location.key]);
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={label}>
      {/* An empty span keeps "next" on the right on the first page. */}
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev" state={{ pagedWith: label }}>
          {previousLabel ?? t("search.previous")}
        </Link>
      ) : (
        <span />
      )}
      {showPosition ? <span>{t("search.pageOf", { page, total: pageCount })}</span> : null}
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} rel="next" state={{ pagedWith: label }}>
          {nextLabel ?? t("search.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
