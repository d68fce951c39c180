import { useEffect } from "react";
import { data, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { earliestBirthdate, isoDate } from "@termin/domain/birthdates";
import type { Route } from "./+types/settings";
import { AvatarSection } from "../account/settings/AvatarSection.tsx";
import { DataSection } from "../account/settings/DataSection.tsx";
import { loadSettings } from "../account/settings/load-settings.ts";
import { PasswordSection } from "../account/settings/PasswordSection.tsx";
import { EnablePush } from "../push/EnablePush.tsx";
import { ProfileForm } from "../account/settings/ProfileForm.tsx";
import {
  changePassword,
  deleteAccount,
  removeAvatar,
  saveProfile,
  uploadAvatar,
} from "../account/settings/settings-actions.ts";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { clientPageEnv } from "../page-data/client-env.ts";
import type { PageEnv } from "../page-data/page-env.ts";
import { serverPageEnv } from "../page-data/server-env.server.ts";
import { useToast } from "../ui/toast/toast-context.ts";
import { RouteErrorPage } from "../ui/RouteErrorPage.tsx";
import "../account/settings/settings.css";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The signed-in client's profile and settings (spec: settings, login required). */
async function load(env: PageEnv<Route.LoaderArgs["params"]>) {
  const { api } = env.requireViewer();
  const { profile, countries } = await loadSettings(api);
  const today = isoDate(new Date());
  return {
    title: `${env.t("settings.title")} · ${env.config.appName}`,
    profile,
    countries,
    // A birthdate is a real day before today, at most 120 years ago (the API checks the same).
    birthdateRange: { min: earliestBirthdate(today), max: isoDate(new Date(Date.now() - DAY_MS)) },
    // Set when a save changed the language and the page came back in it.
    justSaved: env.url.searchParams.get("saved") === "1",
    // Where the password and the account's data are managed when this sign-in may not (the app's): the website's
    // own settings page, opened in the system browser.
    accountOnWebsite: env.managesAccount ? null : new URL(`/${env.language}/settings`, env.config.publicUrl).href,
  };
}

export const loader = (args: Route.LoaderArgs) => load(serverPageEnv(args));
export const clientLoader = async (args: Route.ClientLoaderArgs) => load(await clientPageEnv(args));

async function act(env: PageEnv<Route.ActionArgs["params"]>, form: FormData) {
  const { viewer, api } = env.requireViewer();
  const actionContext = { env, form, api, clientId: viewer.id, language: env.language, t: env.t };
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

export const action = async (args: Route.ActionArgs) => act(serverPageEnv(args), await args.request.formData());
export const clientAction = async (args: Route.ClientActionArgs) =>
  act(await clientPageEnv(args), await args.request.formData());

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
  const { profile, countries, birthdateRange, justSaved, accountOnWebsite } = loaderData;
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
      <PasswordSection hasPassword={profile.hasPassword} onWebsite={accountOnWebsite} pageAnswer={actionData} />
      <EnablePush lead={t("push.lead")} />
      <DataSection onWebsite={accountOnWebsite} pageAnswer={actionData} />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
