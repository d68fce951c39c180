import type { FormStatus } from "@termin/contracts/form-resources";
import { useTranslation } from "../i18n/i18n-context.tsx";

/** Pending or Submitted, in words (never colour alone). */
export function FormStatusBadge({ status }: { status: FormStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status-badge--${status}`}>
      {status === "pending" ? t("forms.status.pending") : t("forms.status.submitted")}
    </span>
  );
}
