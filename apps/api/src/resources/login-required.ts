import type { FastifyPluginAsync } from "fastify";
import { AppError } from "../http/app-error.ts";

/**
 * Client-owned resources (spec sections 6 and 7): only a signed-in client may read them.
 * Accounts and tokens arrive with the accounts issue; until then no access token exists,
 * so every request to them is unauthenticated and answers 401, never data.
 */
export const LOGIN_REQUIRED_RESOURCES = [
  "appointment-clients",
  "appointment-service-employees",
  "forms",
  "payment-links",
] as const;

export const loginRequiredRoutes: FastifyPluginAsync = async (app) => {
  for (const resource of LOGIN_REQUIRED_RESOURCES) {
    app.all(`/${resource}`, denyWithoutSession);
    app.all(`/${resource}/*`, denyWithoutSession);
  }
};

async function denyWithoutSession(request: { headers: { authorization?: string | undefined } }): Promise<never> {
  if (!request.headers.authorization) {
    throw new AppError("unauthenticated", "Sign in to see this.", { header: "Authorization" });
  }
  throw new AppError("invalid_token", "Your session has expired or is not valid. Please sign in again.", {
    header: "Authorization",
  });
}
