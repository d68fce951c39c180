import formBody from "@fastify/formbody";
import type { FastifyPluginAsync } from "fastify";
import { allowCrossOriginCalls } from "../http/cross-origin.ts";
import type { ApiDependencies } from "../api-dependencies.ts";
import type { OpenApiDocument } from "../docs/openapi.ts";
import { apiEdge } from "../http/input-edge.ts";
import { unknownEndpoint } from "../http/unknown-endpoint.ts";
import { authorizationRoutes } from "../oauth/oauth-routes.ts";
import { pushRoutes } from "../push/push-routes.ts";
import { accountRoutes } from "./account-routes.ts";
import { socialSignInRoutes } from "./social-sign-in.ts";
import { tokenRoutes } from "./token-routes.ts";

export const AUTH_PREFIX = "/auth";

/**
 * Accounts and tokens under /auth: OAuth-style endpoints with flat bodies, sent as JSON or as a form (OAuth
 * clients post application/x-www-form-urlencoded). Successes are plain JSON; errors are JSON:API error documents
 * like the rest of the API.
 */
export const authApi: FastifyPluginAsync<ApiDependencies & { openApi: OpenApiDocument }> = async (
  app,
  { database, config, openApi },
) => {
  const dependencies: ApiDependencies = { database, config };
  // A partner's page (a public client, RFC 6749 2.1) exchanges its code and renews from its own origin; without
  // cookies nothing is gained that a page could not do without a client's token, as for the rest of the API.
  await allowCrossOriginCalls(app, config, [`${AUTH_PREFIX}/token`, `${AUTH_PREFIX}/revoke`]);
  await app.register(formBody);
  apiEdge(app);
  const noSuchEndpoint = unknownEndpoint(openApi);
  app.setNotFoundHandler(noSuchEndpoint);
  // Also as a route: the web server's catch-all page route would otherwise answer unknown paths with HTML.
  app.all("/*", noSuchEndpoint);

  await app.register(tokenRoutes, dependencies);
  await app.register(accountRoutes, dependencies);
  await app.register(socialSignInRoutes, dependencies);
  await app.register(authorizationRoutes, dependencies);
  await app.register(pushRoutes, dependencies);
};
