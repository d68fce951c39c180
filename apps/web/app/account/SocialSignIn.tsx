import { useEffect } from "react";
import { Form, useSearchParams } from "react-router";
import { useTranslation } from "../i18n/i18n-context.tsx";
import { useRootData } from "../lib/use-language.ts";
import { FormAlert } from "../ui/form/Field.tsx";
import { socialErrorMessage } from "./social-errors.ts";
import styles from "./social-sign-in.module.css";

/**
 * "Continue with Google" on the sign-in and sign-up pages, when the server has Google sign-in configured.
 * On the web a plain link, not client navigation: /auth/google answers with a redirect to Google. In the native
 * app the page's own action, which asks the phone's Google sign-in (native/google-sign-in.ts).
 */
export function SocialSignIn({ redirectTo }: { redirectTo: string }) {
  const { config, language, site } = useRootData();
  const { t } = useTranslation();
  // Google refuses to be framed, and a sign-in in another tab would not reach the widget's partitioned cookies.
  if (config.socialLogin !== "google" || site.mode === "embed") return null;
  const label = (
    <>
      <GoogleMark />
      {t("social.continueWithGoogle")}
    </>
  );
  return (
    <div className={styles.social}>
      <p className={styles.divider}>{t("social.or")}</p>
      {/* The build's target is a constant: each build keeps one branch. */}
      {import.meta.env.TERMIN_BUILD_TARGET === "native" ? (
        <Form method="post" className={styles.form}>
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button type="submit" name="intent" value="google" className={styles.google}>
            {label}
          </button>
        </Form>
      ) : (
        <a className={styles.google} href={`/auth/google?${new URLSearchParams({ redirectTo, lang: language })}`}>
          {label}
        </a>
      )}
    </div>
  );
}

/** Why the last social sign-in failed (?social_error=), shown on the page and written to the console. */
export function SocialSignInError() {
  const [params] = useSearchParams();
  const { t } = useTranslation();
  const code = params.get("social_error");
  const key = socialErrorMessage(code);
  const message = key ? t(key) : undefined;
  useEffect(() => {
    // The spec: social login errors are written to the console.
    if (message) console.error(`Social login failed (${code}): ${message}`);
  }, [code, message]);
  return <FormAlert message={message} />;
}

/** Google's "G", in its own colours (the branding guidelines ask for it unaltered). */
function GoogleMark() {
  return (
    <svg className={styles.mark} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}
