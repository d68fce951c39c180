import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { isSupportedLanguage, matchAcceptLanguage, type Language } from "@termin/domain/languages";
import type { ApiDependencies } from "../api-dependencies.ts";
import { AppError } from "../http/app-error.ts";
import { findOrCreateSocialClient } from "./find-or-create-social-client.ts";
import { authenticateTokenClient, firstPartyGrant } from "../oauth/oauth-clients.ts";
import { exchangeGoogleCode, verifyGoogleIdToken } from "./google-id-token.ts";
import { issueTokens, type OAuthGrant } from "./issue-tokens.ts";
import { parseBody } from "./parse-body.ts";

const required = (name: string) => z.string({ error: `${name} is required.` }).min(1, `${name} is required.`);

const provider = z.literal("google", { error: 'provider must be "google".' });

const socialSignIn = z.object({
  provider,
  code: required("code"),
  code_verifier: required("code_verifier"),
  redirect_uri: z.url({ protocol: /^https?$/, error: "redirect_uri must be an http(s) URL." }),
  nonce: required("nonce"),
  iss: z.string().min(1).optional(),
});

/** A native app's own Google sign-in: the ID token the platform's Google SDK got for it, and that app's client. */
const nativeSocialSignIn = z.object({
  provider,
  id_token: required("id_token"),
  nonce: required("nonce"),
  client_id: required("client_id"),
});

/**
 * POST /auth/social: the second half of an OpenID Connect authorization-code flow the caller (web server or
 * native app) started with PKCE. This API exchanges the code, so the client secret stays here and every kind
 * of client shares one implementation (docs/decisions/0020-social-login.md). A first-party native app may send
 * instead the ID token its platform's Google sign-in gave it (with `id_token`, the nonce it chose and its
 * `client_id`): the API verifies it, and the sign-in is bound to that app as its password grant is.
 */
export const socialSignInRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database, config }) => {
  app.post("/social", async (request, reply) => {
    reply.header("cache-control", "no-store").header("pragma", "no-cache");
    const social = config.socialLogin;
    if (!social) throw new AppError("not_found", "Social login is not configured on this server.");
    const native = typeof request.body === "object" && request.body !== null && "id_token" in request.body;
    let profile: Awaited<ReturnType<typeof verifyGoogleIdToken>>;
    let oauth: OAuthGrant | undefined;
    try {
      if (native) {
        const body = parseBody(nativeSocialSignIn, request.body);
        const client = await authenticateTokenClient(database.db, {
          authorization: undefined,
          clientId: body.client_id,
          clientSecret: undefined,
        });
        oauth = firstPartyGrant(client, "/client_id");
        profile = await verifyGoogleIdToken(social, body.id_token, body.nonce);
      } else {
        const body = parseBody(socialSignIn, request.body);
        profile = await exchangeGoogleCode(social, {
          code: body.code,
          codeVerifier: body.code_verifier,
          redirectUri: body.redirect_uri,
          nonce: body.nonce,
          iss: body.iss,
        });
      }
      // The caller's language first (the page it was on), else the one the provider account uses.
      const language =
        matchAcceptLanguage(request.headers["accept-language"]) ??
        localeLanguage(profile.locale) ??
        config.defaultLanguage;
      const clientId = await findOrCreateSocialClient({ db: database.db, profile, language });
      return await issueTokens({ db: database.db, clientId, oauth });
    } catch (error) {
      if (error instanceof AppError)
        request.log.warn({ code: error.code, detail: error.message }, "social sign-in failed");
      throw error;
    }
  });
};

/** A supported language from a locale claim such as "de" or "pt-BR". */
function localeLanguage(locale: string | undefined): Language | undefined {
  const base = locale?.split(/[-_]/)[0]?.toLowerCase();
  return isSupportedLanguage(base) ? base : undefined;
}
