import type { FastifyPluginAsync } from "fastify";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { AppError } from "../../http/app-error.ts";
import { clientAvatarRoutes } from "./avatar-routes.ts";
import { clientDocument, parseClientQuery } from "./client-document.ts";
import { deleteClient } from "./delete-client.ts";
import { exportClientData } from "./export-client-data.ts";
import { findClient } from "./find-client.ts";
import { parseClientUpdate } from "./parse-client-update.ts";
import { requireOwnClient } from "./require-own-client.ts";
import { updateClient } from "./update-client.ts";

/**
 * The signed-in client's own account: read, change, export, delete. `me` names it without knowing the id;
 * any other client's id answers 404 (never 403), so ids of other accounts cannot be probed.
 */
export const clientRoutes: FastifyPluginAsync<ApiDependencies> = async (app, dependencies) => {
  const db = dependencies.database.db;

  app.get<{ Params: { id: string } }>("/clients/:id", async (request, reply) => {
    const clientId = await requireOwnClient(request, db, request.params.id);
    const query = parseClientQuery(request);
    return clientDocument({ db, clientId, query, request, reply });
  });

  app.patch<{ Params: { id: string } }>("/clients/:id", async (request, reply) => {
    const clientId = await requireOwnClient(request, db, request.params.id);
    const query = parseClientQuery(request);
    const update = parseClientUpdate(request.body, clientId, request.params.id);
    const current = await findClient(db, clientId);
    if (!current) throw new AppError("not_found", `No client has the id ${request.params.id}.`);
    await updateClient({ db, current, update });
    return clientDocument({ db, clientId, query, request, reply });
  });

  app.delete<{ Params: { id: string } }>("/clients/:id", async (request, reply) => {
    // Only the web app's own sign-in deletes the account: never an app the client allowed.
    const clientId = await requireOwnClient(request, db, request.params.id, "account");
    await deleteClient({ db, clientId });
    return reply.status(204).send();
  });

  app.get<{ Params: { id: string } }>(
    "/clients/:id/export",
    {
      // Plain JSON, not a JSON:API document: undo the API's media type (route hooks run after the API's).
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) reply.type("application/json; charset=utf-8");
        return payload;
      },
    },
    async (request, reply) => {
      const clientId = await requireOwnClient(request, db, request.params.id);
      const now = new Date();
      const data = await exportClientData({ db, clientId, now });
      const filename = `termin-data-${now.toISOString().slice(0, 10)}.json`;
      return reply
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "no-store")
        .send(JSON.stringify(data, null, 2));
    },
  );

  await app.register(clientAvatarRoutes, dependencies);
};
