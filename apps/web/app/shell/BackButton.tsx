import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { Icon } from "../ui/icons.tsx";

/** The in-app back button of the mobile header; shown only when there is somewhere to go back to. */
export function BackButton() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  // "default" is the key of the first entry: the visitor arrived here directly.
  if (location.key === "default") return null;
  return (
    <button type="button" className="icon-button back-button" onClick={() => navigate(-1)} aria-label={t("common.back")}>
      <Icon name="back" />
    </button>
  );
}
