import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { AppConfig } from "@termin/config/env";
import type { ApiDependencies } from "../api-dependencies.ts";
import { bearerToken, requireClient } from "../auth/authenticate.ts";
import { parseBody } from "../auth/parse-body.ts";
import { GRANT_TYPES } from "../auth/token-routes.ts";
import { AppError } from "../http/app-error.ts";
import { authorize } from "./authorize.ts";
import { OAUTH_SCOPES } from "./scopes.ts";

export const DISCOVERY_PATH = "/.well-known/oauth-authorization-server";

/** The authorization server's metadata (RFC 8414), every URL absolute from the configured public origin. */
export function authorizationServerMetadata(config: Pick<AppConfig, "publicUrl">) {
  const origin = config.publicUrl.replace(/\/$/, "");
  const clientAuth = ["none", "client_secret_basic", "client_secret_post"];
  return {
    issuer: origin,
    authorization_endpoint: `${origin}/auth/authorize`,
    token_endpoint: `${origin}/auth/token`,
    revocation_endpoint: `${origin}/auth/revoke`,
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: [...GRANT_TYPES],
    code_challenge_methods_supported: ["S256"],
    scopes_supported: [...OAUTH_SCOPES],
    token_endpoint_auth_methods_supported: clientAuth,
    revocation_endpoint_auth_methods_supported: ["none"],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${origin}/docs/api`,
  };
}

/** The discovery document: public, the same for everyone, readable from any origin. */
export function registerDiscoveryRoute(app: FastifyInstance, config: Pick<AppConfig, "publicUrl">): void {
  const metadata = authorizationServerMetadata(config);
  app.get(DISCOVERY_PATH, async (_request, reply) =>
    reply
      .header("cache-control", "public, max-age=3600")
      .header("access-control-allow-origin", "*")
      .type("application/json")
      .send(metadata),
  );
}

const optional = z.string().optional();
const authorizeBody = z.object({
  client_id: z.string({ error: "client_id is required." }).min(1, "client_id is required."),
  redirect_uri: z.string({ error: "redirect_uri is required." }).min(1, "redirect_uri is required."),
  response_type: optional,
  code_challenge: optional,
  code_challenge_method: optional,
  scope: optional,
  state: optional,
  decision: z.enum(["allow", "deny"]).optional(),
});

/**
 * POST /auth/authorizations: the steps of the authorize page (GET /auth/authorize, a web page), asked by the web
 * server with the visitor's own sign-in. Only the web app's sign-ins may answer for a client: a token given to an
 * OAuth client cannot hand out codes to others.
 */
export const authorizationRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database, config }) => {
  const db = database.db;
  const issuer = authorizationServerMetadata(config).issuer;
  app.post("/authorizations", async (request, reply) => {
    reply.header("cache-control", "no-store");
    const body = parseBody(authorizeBody, request.body);
    const signedIn = bearerToken(request.headers.authorization) ? await requireClient(request, db) : undefined;
    if (signedIn?.oauthClientId) {
      throw new AppError("forbidden", "Only the web app's own sign-in may authorize clients.", {
        header: "Authorization",
      });
    }
    return authorize({ db, issuer, request: body, signedIn });
  });
};
