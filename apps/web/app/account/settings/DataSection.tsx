import { useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { useLanguage } from "../../lib/use-language.ts";
import { ConfirmDialog, preloadConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { useToast } from "../../ui/toast/toast-context.ts";
import type { SettingsAnswer } from "./settings-answer.ts";
import { OnWebsite } from "./OnWebsite.tsx";
import { useSectionForm } from "./use-section-form.ts";

/**
 * One's data: a download of all of it, and deleting the account after a confirmation. A sign-in that may not delete
 * it (the app's) is sent to the website for both (`onWebsite`): the download is the web server's resource route,
 * read with the session cookie the app does not have, and a browser saves a file where the app's web view cannot.
 */
export function DataSection(props: { onWebsite: string | null; pageAnswer: SettingsAnswer | undefined }) {
  const { t } = useTranslation();
  const { to } = useLanguage();
  const navigate = useNavigate();
  const showToast = useToast();
  const [confirming, setConfirming] = useState(false);
  const { fetcher, pending } = useSectionForm("delete-account", props.pageAnswer, () => {
    setConfirming(false);
    showToast({ body: t("settings.delete.done"), color: "success" });
    void navigate(to("home"), { replace: true });
  });
  return (
    <section className="card settings-section" aria-labelledby="settings-data-heading">
      <h2 id="settings-data-heading">{t("settings.data.title")}</h2>
      {props.onWebsite ? (
        <OnWebsite why={t("settings.website.data")} address={props.onWebsite} />
      ) : (
        <>
          <p>{t("settings.data.lead")}</p>
          <p>
            <a className="button button--secondary" href={to("settings/export")} download>
              {t("settings.data.download")}
            </a>
          </p>
          <h3>{t("settings.delete.title")}</h3>
          <p>{t("settings.delete.lead")}</p>
          <button
            type="button"
            className="button button--danger"
            onClick={() => setConfirming(true)}
            onPointerEnter={preloadConfirmDialog}
            onFocus={preloadConfirmDialog}
          >
            {t("settings.delete.button")}
          </button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={(open) => {
              if (!pending) setConfirming(open);
            }}
            title={t("settings.delete.confirmTitle")}
            body={t("settings.delete.confirmBody")}
            confirmLabel={t("settings.delete.confirm")}
            cancelLabel={t("common.cancel")}
            confirm={
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="delete-account" />
                <SubmitButton className="button button--danger" pending={pending}>
                  {t("settings.delete.confirm")}
                </SubmitButton>
              </fetcher.Form>
            }
          />
        </>
      )}
    </section>
  );
}
