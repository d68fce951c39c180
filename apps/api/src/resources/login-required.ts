import type { FastifyPluginAsync } from "fastify";
import type { ApiDependencies } from "../api-dependencies.ts";
import { requireClient } from "../auth/authenticate.ts";
import { AppError } from "../http/app-error.ts";

/**
 * Client-owned resources of the spec (sections 6 and 7) with no endpoint of their own yet: appointment service
 * employees are read as includes of appointment clients. Only a signed-in
 * client may ask for them (401 otherwise, like every client resource); a signed-in one finds nothing (404).
 */
export const LOGIN_REQUIRED_RESOURCES = ["appointment-service-employees"] as const;

export const loginRequiredRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  const notYetAvailable = async (request: Parameters<typeof requireClient>[0] & { url: string }) => {
    await requireClient(request, database.db);
    throw new AppError("not_found", `There is no ${request.url.split("?")[0]} in this API yet.`);
  };
  for (const resource of LOGIN_REQUIRED_RESOURCES) {
    app.get(`/${resource}`, notYetAvailable);
    app.get(`/${resource}/:id`, notYetAvailable);
  }
};
