import { redirect } from "react-router";
import type { Route } from "./+types/auth-google-callback";
import { ApiError } from "../api/client.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { redirectSignedIn } from "../account/sign-in-session.server.ts";
import { socialErrorPath, type SocialErrorCode } from "../account/social-errors.ts";
import { clearFlowCookieHeader, googleRedirectUri, readFlowCookie } from "../account/social-login.server.ts";
import { config } from "../lib/config.server.ts";
import { preferredLanguage } from "../lib/language.server.ts";
import type { TokenResponse } from "../lib/session-cookie.server.ts";

/**
 * GET /auth/google/callback: where Google sends the browser back. Checks the state against the flow cookie,
 * has the API exchange the code (POST /auth/social), starts the web session and goes where the visitor was
 * heading. Every failure is logged with its reason and shown on the sign-in page (?social_error=).
 */
export async function loader({ request, url }: Route.LoaderArgs) {
  if (!config.socialLogin) return new Response("Social login is not configured.", { status: 404 });
  const clearFlow = { "set-cookie": clearFlowCookieHeader(request) };
  const flow = readFlowCookie(request);
  const fail = (code: SocialErrorCode, reason: string, error?: unknown) => {
    console.error(`Social login failed (${code}): ${reason}`, ...(error ? [error] : []));
    const lang = flow?.lang ?? preferredLanguage(request);
    return redirect(socialErrorPath(lang, code, flow?.redirectTo ?? `/${lang}/home`), { headers: clearFlow });
  };

  if (!flow) return fail("expired", "no sign-in in progress (the 10-minute cookie expired or never arrived)");
  const params = url.searchParams;
  if (params.get("state") !== flow.state) return fail("expired", "the state does not match this browser's sign-in");
  const providerError = params.get("error");
  if (providerError) {
    const reason = `Google answered ${providerError}: ${params.get("error_description") ?? "no description"}`;
    return fail(providerError === "access_denied" ? "denied" : "failed", reason);
  }
  const code = params.get("code");
  if (!code) return fail("failed", "Google sent neither a code nor an error");

  try {
    const tokens = await serverApiClient(request, url, flow.lang).post<TokenResponse>("/auth/social", {
      provider: "google",
      code,
      code_verifier: flow.codeVerifier,
      redirect_uri: googleRedirectUri(),
      nonce: flow.nonce,
      ...(params.get("iss") ? { iss: params.get("iss") } : {}),
    });
    return redirectSignedIn(request, tokens, flow.redirectTo, clearFlow);
  } catch (error) {
    if (!(error instanceof ApiError)) return fail("failed", "the API could not be reached", error);
    const reason = `the API answered ${error.status}: ${error.message}`;
    if (error.status === 409) return fail("email_taken", reason);
    if (error.errors[0]?.code === "account_deleted") return fail("account_deleted", reason);
    return fail("failed", reason);
  }
}
