import { useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { Icon } from "../ui/icons.tsx";

const noSubscription = () => () => {};
// React Router numbers its history entries (state.idx); above 0 there is an earlier page of ours.
const hasEarlierEntry = () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
const onServer = () => false;

/** The in-app back button of the mobile header; shown only when there is somewhere to go back to. */
export function BackButton() {
  const { t } = useTranslation();
  useLocation(); // re-read the history position on every navigation
  const navigate = useNavigate();
  // The server cannot know the history: it renders no button, and hydration agrees.
  const canGoBack = useSyncExternalStore(noSubscription, hasEarlierEntry, onServer);
  if (!canGoBack) return null;
  return (
    <button
      type="button"
      className="icon-button back-button"
      onClick={() => navigate(-1)}
      aria-label={t("common.back")}
    >
      <Icon name="back" />
    </button>
  );
}
