import { Browser } from "@capacitor/browser";
import { useState } from "react";
import {
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  type ClientActionFunctionArgs,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from "react-router";
import { BookingWaitsNote } from "../../account/BookingWaitsNote.tsx";
import { safeReturnPath } from "../../account/redirects.ts";
import { SocialSignIn } from "../../account/SocialSignIn.tsx";
import { sitePath } from "../../embed/embed-paths.ts";
import { useTranslation } from "../../i18n/i18n-context.tsx";
import type { TokenResponse } from "../../lib/session-cookie.server.ts";
import { useLanguage } from "../../lib/use-language.ts";
import { clientPageEnv, clientRuntime } from "../../page-data/client-env.ts";
import { FormAlert } from "../../ui/form/Field.tsx";
import { APP_CLIENT_ID } from "../app-client.ts";
import { appSignInAddress } from "../app-sign-in.ts";
import { googleIdToken } from "../google-sign-in.ts";

/**
 * The app's sign-in and sign-up pages (`/:lang/sign-in`, `/:lang/sign-up` in the native build; the web's forms
 * stay the web's, decision 0052 step 7): the product's own pages open in the system browser with the code flow,
 * and the app takes the browser's way back (NativeApp.tsx). Nothing is typed into the app itself. Only the native
 * build routes here, so React Router's generated route types (made for the web build) do not name it.
 */
export async function clientLoader(args: ClientLoaderFunctionArgs) {
  const env = await clientPageEnv(args);
  const returnTo = safeReturnPath(args.url.searchParams.get("redirectTo"), sitePath(env.site, env.language, "home"));
  // Already signed in (a second tap, back from a page that sent here): nothing to do here.
  if (env.viewerApi) throw redirect(returnTo);
  const create = args.url.pathname.endsWith("/sign-up");
  return { returnTo, create, title: `${env.t(create ? "signUp.title" : "signIn.title")} · ${env.config.appName}` };
}

/**
 * "Continue with Google": the phone's own Google sign-in gives an ID token, which the API verifies and answers with
 * the app's tokens (`POST /auth/social`, bound to termin-app). Closing Google's sheet leaves the page as it was.
 */
export async function clientAction(args: ClientActionFunctionArgs) {
  const env = await clientPageEnv(args);
  const form = await args.request.formData();
  const returnTo = safeReturnPath(form.get("redirectTo"), sitePath(env.site, env.language, "home"));
  const ids = env.config.googleClientIds;
  try {
    if (!ids) throw new Error("This app was built without Google's client IDs");
    const google = await googleIdToken(ids);
    if (!google) return null;
    const tokens = await env.api.post<TokenResponse>("/auth/social", {
      provider: "google",
      id_token: google.idToken,
      nonce: google.nonce,
      client_id: APP_CLIENT_ID,
    });
    await clientRuntime().keepSession(tokens);
    return redirect(returnTo);
  } catch (error) {
    // The spec: social login errors are written to the console.
    console.error("Social login failed:", error);
    return { error: env.t("social.errors.failed") };
  }
}

export const meta: MetaFunction<typeof clientLoader> = ({ loaderData }) => [
  ...(loaderData ? [{ title: loaderData.title }] : []),
  { name: "robots", content: "noindex" },
];

export default function AppSignIn() {
  const loaderData = useLoaderData<typeof clientLoader>();
  const failed = useActionData<typeof clientAction>()?.error;
  const { t } = useTranslation();
  const { to } = useLanguage();
  const { search } = useLocation();
  const [opening, setOpening] = useState(false);
  const { returnTo, create } = loaderData;
  const open = async () => {
    setOpening(true);
    try {
      await Browser.open({ url: await appSignInAddress(clientRuntime().apiOrigin, returnTo, create) });
    } finally {
      setOpening(false);
    }
  };
  return (
    <div className="page page--narrow account-page">
      <h1>{t(create ? "signUp.title" : "signIn.title")}</h1>
      <BookingWaitsNote returnTo={returnTo} />
      <FormAlert message={failed} />
      <p>{t("appSignIn.lead")}</p>
      <button type="button" className="button" onClick={() => void open()} disabled={opening}>
        {t(create ? "signUp.submit" : "signIn.submit")}
      </button>
      <SocialSignIn redirectTo={returnTo} />
      <p>
        {t(create ? "signUp.haveAccount" : "signIn.noAccount")}{" "}
        <Link to={`${to(create ? "sign-in" : "sign-up")}${search}`} replace>
          {t(create ? "signIn.title" : "signUp.title")}
        </Link>
      </p>
    </div>
  );
}
