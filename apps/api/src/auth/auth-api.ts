import cors from "@fastify/cors";
import formBody from "@fastify/formbody";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { ALLOWED_REQUEST_HEADERS } from "@termin/contracts/request-headers";
import type { ApiDependencies } from "../api-dependencies.ts";
import { AppError } from "../http/app-error.ts";
import { handleErrors } from "../http/error-handler.ts";
import { accountRoutes } from "./account-routes.ts";
import { socialSignInRoutes } from "./social-sign-in.ts";
import { tokenRoutes } from "./token-routes.ts";

export const AUTH_PREFIX = "/auth";

/**
 * Accounts and tokens under /auth: OAuth-style endpoints with flat bodies, sent as JSON or as a form (OAuth
 * clients post application/x-www-form-urlencoded). Successes are plain JSON; errors are JSON:API error documents
 * like the rest of the API.
 */
export const authApi: FastifyPluginAsync<ApiDependencies> = async (app, { database, config }) => {
  const dependencies: ApiDependencies = { database, config };
  await app.register(cors, {
    origin: "*",
    allowedHeaders: ALLOWED_REQUEST_HEADERS,
    exposedHeaders: ["x-request-id", "retry-after"],
  });
  await app.register(formBody);
  handleErrors(app);
  const noSuchEndpoint = async (request: FastifyRequest) => {
    throw new AppError("not_found", `There is no ${request.method} ${request.url.split("?")[0]} in this API.`);
  };
  app.setNotFoundHandler(noSuchEndpoint);
  // Also as a route: the web server's catch-all page route would otherwise answer unknown paths with HTML.
  app.all("/*", noSuchEndpoint);

  await app.register(tokenRoutes, dependencies);
  await app.register(accountRoutes, dependencies);
  await app.register(socialSignInRoutes, dependencies);
};
