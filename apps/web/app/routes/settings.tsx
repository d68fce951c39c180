import { useEffect } from "react";
import { data, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { earliestBirthdate, isoDate } from "@termin/domain/birthdates";
import type { Route } from "./+types/settings";
import { AvatarSection } from "../account/settings/AvatarSection.tsx";
import { DataSection } from "../account/settings/DataSection.tsx";
import { loadSettings } from "../account/settings/load-settings.server.ts";
import { PasswordSection } from "../account/settings/PasswordSection.tsx";
import { EnablePush } from "../push/EnablePush.tsx";
import { ProfileForm } from "../account/settings/ProfileForm.tsx";
import {
  changePassword,
  deleteAccount,
  removeAvatar,
  saveProfile,
  uploadAvatar,
} from "../account/settings/settings-actions.server.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { publicConfig } from "../lib/config.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { serverT } from "../lib/server-i18n.ts";
import { requireViewer } from "../lib/viewer.server.ts";
import { useToast } from "../ui/toast/toast-context.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import "../account/settings/settings.css";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The signed-in client's profile and settings (spec: settings, login required). */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const language = pageLanguage(request, params.lang);
  const { api } = requireViewer({ request, url, language, context });
  const t = serverT(context);
  const { profile, countries } = await loadSettings(api);
  const today = isoDate(new Date());
  return {
    title: `${t("settings.title")} · ${publicConfig.appName}`,
    profile,
    countries,
    // A birthdate is a real day before today, at most 120 years ago (the API checks the same).
    birthdateRange: { min: earliestBirthdate(today), max: isoDate(new Date(Date.now() - DAY_MS)) },
    // Set when a save changed the language and the page came back in it.
    justSaved: url.searchParams.get("saved") === "1",
  };
}

export async function action({ request, params, url, context }: Route.ActionArgs) {
  const language = pageLanguage(request, params.lang);
  const { viewer, api } = requireViewer({ request, url, language, context });
  const form = await request.formData();
  const actionContext = { request, form, api, clientId: viewer.id, language, t: serverT(context) };
  switch (form.get("intent")) {
    case "profile":
      return saveProfile(actionContext);
    case "avatar":
      return uploadAvatar(actionContext);
    case "remove-avatar":
      return removeAvatar(actionContext);
    case "password":
      return changePassword(actionContext);
    case "delete-account":
      return deleteAccount(actionContext);
    default:
      throw data("Unknown settings action", { status: 400 });
  }
}

/** After the account is deleted there is nothing left to load: the page says so and goes home. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "delete-account" ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const showToast = useToast();
  const [, setSearchParams] = useSearchParams();
  const { profile, countries, birthdateRange, justSaved } = loaderData;
  useEffect(() => {
    if (!justSaved) return;
    showToast({ body: t("settings.saved"), color: "success" });
    setSearchParams({}, { replace: true, preventScrollReset: true });
  }, [justSaved, showToast, t, setSearchParams]);
  const initials = `${profile.firstName.charAt(0)}${profile.lastName.charAt(0)}`.toUpperCase();
  return (
    <div className="page page--narrow settings-page">
      <h1>{t("settings.title")}</h1>
      <dl className="settings-facts">
        <div>
          <dt>{t("settings.name")}</dt>
          <dd translate="no">{`${profile.firstName} ${profile.lastName}`}</dd>
        </div>
        <div>
          <dt>{t("account.email")}</dt>
          <dd>
            {profile.email}{" "}
            <span className="settings-facts__note">
              {t(profile.emailVerified ? "settings.emailVerified" : "settings.emailUnverified")}
            </span>
          </dd>
        </div>
        {profile.phoneShown ? (
          <div>
            <dt>{t("account.phone")}</dt>
            <dd>{profile.phoneShown}</dd>
          </div>
        ) : null}
        {profile.active ? (
          <div>
            <dt>{t("settings.status")}</dt>
            <dd>{t("settings.active")}</dd>
          </div>
        ) : null}
        {profile.favorite ? (
          <div>
            <dt>{t("settings.businessMark")}</dt>
            <dd>{t("settings.favorite")}</dd>
          </div>
        ) : null}
      </dl>
      <p className="settings-facts__note">{t("settings.emailChange")}</p>
      <AvatarSection avatarUrl={profile.avatarUrl} initials={initials} pageAnswer={actionData} />
      <section className="card settings-section">
        {/* Shown again from the stored values after each save (a number comes back normalised). */}
        <ProfileForm
          key={JSON.stringify(profile)}
          profile={profile}
          countries={countries}
          birthdateRange={birthdateRange}
          pageAnswer={actionData}
        />
      </section>
      <PasswordSection hasPassword={profile.hasPassword} pageAnswer={actionData} />
      <EnablePush lead={t("push.lead")} />
      <DataSection pageAnswer={actionData} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
