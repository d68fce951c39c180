import { useTranslation } from "../i18n/i18n-context.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";

/** Logout asks first, with the spec's title and body (section 5); preloadConfirmDialog readies it. */
export function LogoutDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title={t("logout.title")}
      body={t("logout.body")}
      confirmLabel={t("logout.confirm")}
      cancelLabel={t("common.cancel")}
      onConfirm={props.onConfirm}
    />
  );
}
