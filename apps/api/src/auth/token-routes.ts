import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { ApiDependencies } from "../api-dependencies.ts";
import { AppError } from "../http/app-error.ts";
import { exchangeAuthorizationCode } from "../oauth/authorization-codes.ts";
import { authenticateTokenClient, firstPartyGrant } from "../oauth/oauth-clients.ts";
import { CODE_VERIFIER } from "../oauth/pkce.ts";
import { forgetVerifiedTokens } from "./authenticate.ts";
import { parseBody } from "./parse-body.ts";
import { revokeToken } from "./revoke-token.ts";
import { rotateRefreshToken } from "./rotate-refresh-token.ts";
import { signInWithPassword } from "./sign-in-with-password.ts";

const required = (name: string) => z.string({ error: `${name} is required.` }).min(1, `${name} is required.`);

const grantType = z.object({
  grant_type: required("grant_type"),
  client_id: z.string().min(1).optional(),
  client_secret: z.string().min(1).optional(),
});
const passwordGrant = z.object({ username: required("username"), password: required("password") });
const refreshGrant = z.object({ refresh_token: required("refresh_token") });
const codeGrant = z.object({
  code: required("code"),
  redirect_uri: required("redirect_uri"),
  code_verifier: required("code_verifier").regex(
    CODE_VERIFIER,
    "code_verifier must be 43 to 128 characters of A-Z, a-z, 0-9, '-', '.', '_' and '~' (RFC 7636).",
  ),
});
const revocation = z.object({ token: required("token"), token_type_hint: z.string().optional() });

export const GRANT_TYPES = ["authorization_code", "refresh_token", "password"] as const;

/** The OAuth 2 endpoints: sign-in and renewal (RFC 6749) and sign-out (RFC 7009). */
export const tokenRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database, config }) => {
  const db = database.db;

  app.post("/token", { config: { oauthErrors: true } }, async (request, reply) => {
    // Tokens must never sit in a cache (RFC 6749 section 5.1).
    reply.header("cache-control", "no-store").header("pragma", "no-cache");
    const { grant_type, client_id, client_secret } = parseBody(grantType, request.body, "invalid_request");
    if (!(GRANT_TYPES as readonly string[]).includes(grant_type)) {
      throw new AppError(
        "unsupported_grant_type",
        `grant_type must be one of ${GRANT_TYPES.map((type) => `"${type}"`).join(", ")}, not "${grant_type}".`,
        { pointer: "/grant_type" },
      );
    }
    const client = await authenticateTokenClient(db, {
      authorization: request.headers.authorization,
      clientId: client_id,
      clientSecret: client_secret,
    });
    if (grant_type === "password") {
      const { username, password } = parseBody(passwordGrant, request.body, "invalid_request");
      return signInWithPassword({
        db,
        email: username,
        password,
        ip: request.ip,
        attemptsPerIpPerMinute: config.signInAttemptsPerIpPerMinute,
        oauth: firstPartyGrant(client, "/grant_type"),
      });
    }
    if (grant_type === "refresh_token") {
      const { refresh_token } = parseBody(refreshGrant, request.body, "invalid_request");
      return rotateRefreshToken({ db, refreshToken: refresh_token, oauthClientId: client?.id });
    }
    const grant = parseBody(codeGrant, request.body, "invalid_request");
    if (!client) throw new AppError("invalid_request", "client_id is required.", { pointer: "/client_id" });
    return exchangeAuthorizationCode({
      db,
      client,
      code: grant.code,
      redirectUri: grant.redirect_uri,
      codeVerifier: grant.code_verifier,
      // The answer is a 400, which announces no change (data-changes.ts); the revocation must still count at once.
      onRevoked: () => {
        forgetVerifiedTokens(db);
        database.announceChange();
      },
    });
  });

  app.post("/revoke", { config: { oauthErrors: true } }, async (request) => {
    const { token } = parseBody(revocation, request.body, "invalid_request");
    await revokeToken({ db, token });
    return {};
  });
};
