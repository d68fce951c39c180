import type { FastifyPluginAsync } from "fastify";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { allowReadingFiles } from "../../http/cross-origin.ts";
import { apiEdge } from "../../http/input-edge.ts";
import { getCalendarFile } from "./get-calendar-file.ts";

/**
 * GET /calendar/{token}.ics — an appointment as a calendar file, for "Add to calendar" links and calendar
 * subscriptions, without sign-in: the unguessable token in the URL is the key (appointment_clients.calendar_token).
 */
export const calendarRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database, config }) => {
  apiEdge(app);
  allowReadingFiles(app, config.corsOrigins);
  app.get<{ Params: { token: string } }>("/calendar/:token.ics", async (request, reply) => {
    const file = await getCalendarFile({ db: database.db, config, token: request.params.token });
    return (
      reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", 'attachment; filename="appointment.ics"')
        // The file changes with the appointment and its URL is a secret: never cached by anyone on the way.
        .header("cache-control", "private, no-cache")
        .header("x-robots-tag", "noindex")
        .send(file)
    );
  });
};
