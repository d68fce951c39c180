import { data, redirectDocument } from "react-router";
import { AVATAR_UPLOAD_MAX_BYTES, AVATAR_UPLOAD_TYPES } from "@termin/contracts/client-resources";
import { isSupportedLanguage, type Language } from "@termin/domain/languages";
import { ApiError, type ApiClient } from "../../api/client.ts";
import type { Translate } from "../../i18n/i18n.ts";
import type { PageEnv } from "../../page-data/page-env.ts";
import { accountFormErrors } from "../account-errors.ts";
import { profileDocument, profileValuesFrom } from "./profile-values.ts";
import { profileFormErrors } from "./settings-errors.ts";
import type { SettingsAnswer } from "./settings-answer.ts";

/** A settings write: the submitted form, the client and their API, and what the page's env keeps beyond the API. */
export interface ActionContext {
  env: Pick<PageEnv, "keepLanguage" | "forgetSignIn">;
  form: FormData;
  api: ApiClient;
  clientId: string;
  language: Language;
  t: Translate;
}

/** Client errors of the API become the section's messages; anything else is the error page's business. */
function clientError(error: unknown): ApiError {
  if (error instanceof ApiError && error.status < 500) return error;
  throw error;
}

export async function saveProfile({ env, form, api, clientId, language, t }: ActionContext) {
  const values = profileValuesFrom(form);
  try {
    await api.patch(`clients/${clientId}`, profileDocument(clientId, values));
  } catch (error) {
    const errors = profileFormErrors(clientError(error).errors, t);
    return data<SettingsAnswer>({ intent: "profile", ok: false, errors, values }, { status: 422 });
  }
  // A new language shows at once: kept as the client's choice, the page again in it as a full document load
  // (decision 0005), which the app's start-up reads as the web's root reads the cookie.
  if (values.language !== language && isSupportedLanguage(values.language)) {
    return redirectDocument(`/${values.language}/settings?saved=1`, {
      headers: await env.keepLanguage(values.language),
    });
  }
  return data<SettingsAnswer>({ intent: "profile", ok: true });
}

export async function uploadAvatar({ form, api, clientId, t }: ActionContext) {
  const file = form.get("avatar");
  const refuse = (error: string) => data<SettingsAnswer>({ intent: "avatar", ok: false, error }, { status: 422 });
  if (!(file instanceof File) || file.size === 0) return refuse(t("settings.avatar.choose"));
  if (!(AVATAR_UPLOAD_TYPES as readonly string[]).includes(file.type)) return refuse(t("settings.avatar.wrongType"));
  if (file.size > AVATAR_UPLOAD_MAX_BYTES) return refuse(t("settings.avatar.tooLarge"));
  try {
    await api.raw("PUT", `clients/${clientId}/avatar`, { type: file.type, data: file });
  } catch (error) {
    const { status } = clientError(error);
    return refuse(
      t(
        status === 413
          ? "settings.avatar.tooLarge"
          : status === 415
            ? "settings.avatar.wrongType"
            : "settings.avatar.unreadable",
      ),
    );
  }
  return data<SettingsAnswer>({ intent: "avatar", ok: true });
}

export async function removeAvatar({ api, clientId }: ActionContext) {
  await api.delete(`clients/${clientId}/avatar`);
  return data<SettingsAnswer>({ intent: "remove-avatar", ok: true });
}

export async function changePassword({ form, api, t }: ActionContext) {
  const currentPassword = String(form.get("current_password") ?? "");
  try {
    await api.post("/auth/password", {
      ...(currentPassword ? { current_password: currentPassword } : {}),
      new_password: String(form.get("new_password") ?? ""),
    });
  } catch (error) {
    const errors = accountFormErrors(clientError(error), t);
    return data<SettingsAnswer>({ intent: "password", ok: false, errors }, { status: 422 });
  }
  return data<SettingsAnswer>({ intent: "password", ok: true });
}

/**
 * The account is deleted and this device signed out (the API revokes every sign-in). The page then says
 * so and goes home: no redirect here, so the answer reaches the page that shows the toast.
 */
export async function deleteAccount({ env, api, clientId }: ActionContext) {
  await api.delete(`clients/${clientId}`);
  return data<SettingsAnswer>({ intent: "delete-account", ok: true }, { headers: await env.forgetSignIn() });
}
