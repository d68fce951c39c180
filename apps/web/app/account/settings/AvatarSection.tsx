import { sizedImage } from "../../lib/api-asset.ts";
import { useEffect, useRef, useState } from "react";
import { AVATAR_UPLOAD_TYPES } from "@termin/contracts/client-resources";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import { FormAlert } from "../../ui/form/Field.tsx";
import { SubmitButton } from "../../ui/SubmitButton.tsx";
import { useToast } from "../../ui/toast/toast-context.ts";
import type { SettingsAnswer } from "./settings-answer.ts";
import { useSectionForm } from "./use-section-form.ts";

/** Only these are previewed: any other file would show as a broken image with its alt text clipped. */
const isUploadType = (type: string) => (AVATAR_UPLOAD_TYPES as readonly string[]).includes(type);

/** The client's picture: the current one (or initials), a new one previewed before upload, and removal. */
export function AvatarSection(props: {
  avatarUrl: string | null;
  initials: string;
  pageAnswer: SettingsAnswer | undefined;
}) {
  const { t } = useTranslation();
  const showToast = useToast();
  const form = useRef<HTMLFormElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useSectionForm("avatar", props.pageAnswer, (answer) => {
    if (!answer.ok) return;
    showToast({ body: t("settings.avatar.saved"), color: "success" });
    form.current?.reset();
    setPreview(null);
  });
  const removal = useSectionForm("remove-avatar", props.pageAnswer, () =>
    showToast({ body: t("settings.avatar.removed"), color: "success" }),
  );
  // The preview is a blob: URL of the chosen file, released when another is chosen or the section goes.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  const shown = preview ?? (props.avatarUrl ? sizedImage(props.avatarUrl, 192) : null);
  const error = upload.answer && !upload.answer.ok ? upload.answer.error : undefined;
  return (
    <section className="card settings-section" aria-labelledby="settings-avatar-heading">
      <h2 id="settings-avatar-heading">{t("settings.avatar.title")}</h2>
      <div className="settings-avatar">
        {shown ? (
          <img
            className="avatar settings-avatar__picture"
            src={shown}
            alt={t("settings.avatar.current")}
            width={96}
            height={96}
            // A file that claims to be a picture but is not one: keep what was shown before, not a broken image.
            onError={() => setPreview(null)}
          />
        ) : (
          <span className="avatar settings-avatar__picture" aria-hidden="true">
            {props.initials}
          </span>
        )}
        <upload.fetcher.Form method="post" encType="multipart/form-data" className="form-stack" ref={form}>
          <FormAlert message={error} />
          <input type="hidden" name="intent" value="avatar" />
          <div className="field">
            <label className="field__label" htmlFor="settings-avatar-file">
              {t("settings.avatar.choose")}
            </label>
            <p className="field__hint" id="settings-avatar-hint">
              {t("settings.avatar.hint")}
            </p>
            <input
              id="settings-avatar-file"
              name="avatar"
              type="file"
              accept={AVATAR_UPLOAD_TYPES.join(",")}
              required
              aria-describedby="settings-avatar-hint"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setPreview(file && isUploadType(file.type) ? URL.createObjectURL(file) : null);
              }}
            />
          </div>
          <SubmitButton className="button" pending={upload.pending}>
            {t("settings.avatar.upload")}
          </SubmitButton>
        </upload.fetcher.Form>
      </div>
      {props.avatarUrl ? (
        <removal.fetcher.Form method="post">
          <input type="hidden" name="intent" value="remove-avatar" />
          <SubmitButton className="button button--secondary" pending={removal.pending}>
            {t("settings.avatar.remove")}
          </SubmitButton>
        </removal.fetcher.Form>
      ) : null}
    </section>
  );
}
