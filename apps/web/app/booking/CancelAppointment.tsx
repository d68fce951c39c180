import { useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { ConfirmDialog, preloadConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { FormAlert } from "../ui/form/Field.tsx";
import { SubmitButton } from "../ui/SubmitButton.tsx";

/** The cancel form's fetcher: the page reads its answer too, to say the visit is cancelled once this form is gone. */
export const CANCEL_FETCHER = "appointment-cancel";

export interface CancelAnswer {
  error: string | null;
  done?: "cancel";
}

/** Cancel, after a confirmation; the API's reason shows when the business's notice has passed meanwhile. */
export function CancelAppointment({ until }: { until: string }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<CancelAnswer>({ key: CANCEL_FETCHER });
  const [confirming, setConfirming] = useState(false);
  const [answered, setAnswered] = useState<unknown>(null);
  const pending = fetcher.state !== "idle";
  const answer = fetcher.data;
  // An answer closes the question (state adjusted while rendering, as React recommends).
  if (!pending && answer && answer !== answered) {
    setAnswered(answer);
    setConfirming(false);
  }
  return (
    <div className="appointment-cancel">
      <button
        type="button"
        className="button button--danger"
        onClick={() => setConfirming(true)}
        onPointerEnter={preloadConfirmDialog}
        onFocus={preloadConfirmDialog}
      >
        {t("appointment.cancel")}
      </button>
      <p className="basket-line__note">{t("appointment.cancelUntil", { until })}</p>
      <FormAlert message={answer?.error ?? undefined} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!pending) setConfirming(open);
        }}
        title={t("appointment.cancelTitle")}
        body={t("appointment.cancelBody")}
        confirmLabel={t("appointment.cancelConfirm")}
        cancelLabel={t("appointment.keep")}
        confirm={
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <SubmitButton className="button button--danger" pending={pending}>
              {t("appointment.cancelConfirm")}
            </SubmitButton>
          </fetcher.Form>
        }
      />
    </div>
  );
}
