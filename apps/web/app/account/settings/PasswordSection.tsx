import { useRef } from "react";
import { NewPasswordField } from "../NewPasswordField.tsx";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { Field, FormAlert } from "../../ui/form/Field.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { useToast } from "../../ui/toast/toast-context.ts";
import type { SettingsAnswer } from "./settings-answer.ts";
import { OnWebsite } from "./OnWebsite.tsx";
import { useSectionForm } from "./use-section-form.ts";

/**
 * Changing the password (POST /auth/password); other devices are signed out by the API. An account made
 * with social login has none yet and sets a first one without a current password. A sign-in that may not change it
 * (the app's) is sent to the website instead (`onWebsite`), rather than shown a form the API refuses.
 */
export function PasswordSection(props: {
  hasPassword: boolean;
  onWebsite: string | null;
  pageAnswer: SettingsAnswer | undefined;
}) {
  const { t } = useTranslation();
  const showToast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const { fetcher, answer, pending } = useSectionForm("password", props.pageAnswer, (received) => {
    if (!received.ok) return;
    showToast({ body: t("settings.password.changed"), color: "success" });
    form.current?.reset();
  });
  const errors = answer && !answer.ok ? answer.errors : undefined;
  return (
    <section className="card settings-section" aria-labelledby="settings-password-heading">
      <h2 id="settings-password-heading">
        {t(props.hasPassword ? "settings.password.title" : "settings.password.setTitle")}
      </h2>
      {props.onWebsite ? (
        <OnWebsite why={t("settings.website.password")} address={props.onWebsite} />
      ) : (
        <fetcher.Form method="post" className="form-stack" ref={form}>
          <FormAlert message={errors?.form} />
          <input type="hidden" name="intent" value="password" />
          {props.hasPassword ? (
            <Field
              label={t("settings.password.current")}
              name="current_password"
              type="password"
              autoComplete="current-password"
              required
              error={errors?.fields.current_password}
            />
          ) : null}
          <NewPasswordField
            label={t("settings.password.new")}
            name="new_password"
            error={errors?.fields.new_password}
          />
          <SubmitButton className="button" pending={pending}>
            {t(props.hasPassword ? "settings.password.submit" : "settings.password.setSubmit")}
          </SubmitButton>
        </fetcher.Form>
      )}
    </section>
  );
}
