import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { isSupportedLanguage, matchAcceptLanguage, type Language } from "@termin/domain/languages";
import type { ApiDependencies } from "../api-dependencies.ts";
import { AppError } from "../http/app-error.ts";
import { findOrCreateSocialClient } from "./find-or-create-social-client.ts";
import { exchangeGoogleCode } from "./google-id-token.ts";
import { issueTokens } from "./issue-tokens.ts";
import { parseBody } from "./parse-body.ts";

const required = (name: string) => z.string({ error: `${name} is required.` }).min(1, `${name} is required.`);

const socialSignIn = z.object({
  provider: z.literal("google", { error: 'provider must be "google".' }),
  code: required("code"),
  code_verifier: required("code_verifier"),
  redirect_uri: z.url({ protocol: /^https?$/, error: "redirect_uri must be an http(s) URL." }),
  nonce: required("nonce"),
  iss: z.string().min(1).optional(),
});

/**
 * POST /auth/social: the second half of an OpenID Connect authorization-code flow the caller (web server or
 * native app) started with PKCE. This API exchanges the code, so the client secret stays here and every kind
 * of client shares one implementation (docs/decisions/0020-social-login.md).
 */
export const socialSignInRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database, config }) => {
  app.post("/social", async (request, reply) => {
    reply.header("cache-control", "no-store").header("pragma", "no-cache");
    const social = config.socialLogin;
    if (!social) throw new AppError("not_found", "Social login is not configured on this server.");
    const body = parseBody(socialSignIn, request.body);
    try {
      const profile = await exchangeGoogleCode(social, {
        code: body.code,
        codeVerifier: body.code_verifier,
        redirectUri: body.redirect_uri,
        nonce: body.nonce,
        iss: body.iss,
      });
      // The caller's language first (the page it was on), else the one the provider account uses.
      const language =
        matchAcceptLanguage(request.headers["accept-language"]) ??
        localeLanguage(profile.locale) ??
        config.defaultLanguage;
      const clientId = await findOrCreateSocialClient({ db: database.db, profile, language });
      return await issueTokens({ db: database.db, clientId });
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
