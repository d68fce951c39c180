import { useTranslation } from "../i18n/i18n-context.tsx";
import { useMinimumDuration } from "../lib/use-minimum-duration.ts";

/** Minimum time the overlay stays once shown (spec section 9). */
export const LOADING_OVERLAY_MIN_MS = 300;

/** Covers the page while a blocking action runs; never flickers for less than 300 ms. */
export function LoadingOverlay({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const visible = useMinimumDuration(active, LOADING_OVERLAY_MIN_MS);
  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t("common.loading")}</span>
    </div>
  );
}
