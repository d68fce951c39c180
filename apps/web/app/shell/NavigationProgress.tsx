import { useNavigation } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";

/** Progress bar thickness in px (spec section 9). */
export const PROGRESS_BAR_THICKNESS = 3;

/**
 * A thin bar at the top while a navigation loads. The loading indicator's minimum time and
 * delay are both 0 (spec section 9): it appears at once and leaves as soon as loading ends.
 */
export function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      className="navigation-progress"
      style={{ height: PROGRESS_BAR_THICKNESS }}
      role="progressbar"
      aria-label={t("common.loading")}
      aria-busy="true"
    />
  );
}
