import { redirect } from "react-router";
import { isSupportedLanguage } from "@termin/domain/languages";
import type { Route } from "./+types/auth-google";
import { safeReturnPath } from "../account/redirects.ts";
import { socialErrorPath } from "../account/social-errors.ts";
import { setFlowCookieHeader, startGoogleSignIn } from "../account/social-login.server.ts";
import { config } from "../lib/config.server.ts";
import { preferredLanguage } from "../lib/language.server.ts";

/**
 * GET /auth/google?redirectTo=&lang=: "Continue with Google". Remembers the flow in a 10-minute cookie and
 * sends the browser to Google's account chooser.
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  const social = config.socialLogin;
  if (!social) return new Response("Social login is not configured.", { status: 404 });
  const requested = url.searchParams.get("lang");
  const lang = isSupportedLanguage(requested) ? requested : preferredLanguage(request);
  const redirectTo = safeReturnPath(url.searchParams.get("redirectTo"), `/${lang}/home`);
  try {
    const { authorizationUrl, flow } = await startGoogleSignIn(social, { redirectTo, lang });
    return redirect(authorizationUrl.href, { headers: { "set-cookie": setFlowCookieHeader(request, flow) } });
  } catch (error) {
    console.error("Social login: could not start the Google sign-in (provider discovery failed)", error);
    return redirect(socialErrorPath(lang, "failed", redirectTo));
  }
}
