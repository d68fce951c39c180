import { parseCookie, stringifySetCookie } from "cookie";
import * as oidc from "openid-client";
import { z } from "zod";
import { SUPPORTED_LANGUAGES, type Language } from "@termin/domain/languages";
import { config } from "../lib/config.server.ts";

/**
 * The web half of "Continue with Google": the authorization request (PKCE S256, state, nonce) and the
 * short-lived cookie that remembers it until the provider sends the browser back. The API exchanges the code
 * (apps/api/src/auth/social-sign-in.ts); docs/decisions/0020-social-login.md says why.
 */
type SocialLoginConfig = NonNullable<typeof config.socialLogin>;

export const SOCIAL_FLOW_COOKIE = "termin_social_login";
const FLOW_PATH = "/auth/google";
const FLOW_MAX_AGE_SECONDS = 10 * 60;

export const googleRedirectUri = () => `${config.publicUrl}${FLOW_PATH}/callback`;

const socialFlow = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(1),
  redirectTo: z.string().min(1),
  lang: z.enum(SUPPORTED_LANGUAGES),
});
export type SocialFlow = z.infer<typeof socialFlow>;

/** Discovery once per process (again after a failure); plain http only for a local test provider. */
let discovered: Promise<oidc.Configuration> | undefined;
function providerConfiguration(social: SocialLoginConfig): Promise<oidc.Configuration> {
  if (!discovered) {
    discovered = oidc.discovery(
      new URL(social.issuerUrl),
      social.clientId,
      undefined,
      undefined,
      social.allowHttp ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    discovered.catch(() => (discovered = undefined));
  }
  return discovered;
}

/** The provider's authorization URL for a new sign-in, and the flow to remember in the cookie. */
export async function startGoogleSignIn(
  social: SocialLoginConfig,
  target: { redirectTo: string; lang: Language },
): Promise<{ authorizationUrl: URL; flow: SocialFlow }> {
  const configuration = await providerConfiguration(social);
  const flow: SocialFlow = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    ...target,
  };
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: googleRedirectUri(),
    scope: "openid email profile",
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
    // Never sign in silently with whichever Google account the browser has: the person always chooses.
    prompt: "select_account",
  });
  return { authorizationUrl, flow };
}

function cookieOptions(request: Request) {
  return {
    path: FLOW_PATH,
    httpOnly: true,
    // Lax: sent on the provider's top-level redirect back to the callback, not on cross-site subrequests.
    sameSite: "lax" as const,
    secure: new URL(request.url).protocol === "https:",
  };
}

export function setFlowCookieHeader(request: Request, flow: SocialFlow): string {
  const value = Buffer.from(JSON.stringify(flow), "utf8").toString("base64url");
  return stringifySetCookie({
    name: SOCIAL_FLOW_COOKIE,
    value,
    maxAge: FLOW_MAX_AGE_SECONDS,
    ...cookieOptions(request),
  });
}

export function clearFlowCookieHeader(request: Request): string {
  return stringifySetCookie({ name: SOCIAL_FLOW_COOKIE, value: "", maxAge: 0, ...cookieOptions(request) });
}

export function readFlowCookie(request: Request): SocialFlow | undefined {
  const value = parseCookie(request.headers.get("cookie") ?? "")[SOCIAL_FLOW_COOKIE];
  if (!value) return undefined;
  try {
    const parsed = socialFlow.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
