import { useTranslation } from "../i18n/i18n-context.tsx";
import { useToast } from "../ui/toast/toast-context.ts";

/** Shares the page's address: the phone's share sheet where there is one, else a copy to the clipboard. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  async function share() {
    const url = window.location.href;
    if (navigator.share) {
      // A dismissed share sheet rejects; nothing to tell the person who dismissed it.
      await navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ body: t("share.copied"), color: "success", delay: 3000 });
    } catch {
      toast({ body: t("share.copyFailed", { url }), color: "warning" });
    }
  }
  return (
    <button type="button" className="button button--secondary" onClick={() => void share()}>
      {t("share.button")}
    </button>
  );
}
