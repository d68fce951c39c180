import type { FastifyInstance } from "fastify";
import type { AppConfig } from "@termin/config/env";
import { startServerErrorReporting, stopServerErrorReporting } from "@termin/error-reporting/server";

/**
 * Error reporting for this server process when SENTRY_DSN is set (decision 0051): started before the server
 * listens, its last reports sent when the server closes. Without the DSN the SDK is not even loaded.
 */
export async function startErrorReporting(app: FastifyInstance, config: Pick<AppConfig, "errorReporting">) {
  if (!config.errorReporting) return;
  await startServerErrorReporting(config.errorReporting);
  app.addHook("onClose", () => stopServerErrorReporting());
}
