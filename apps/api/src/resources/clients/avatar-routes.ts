import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { acceptPictureBodies, uploadedPicture } from "./read-upload.ts";
import { requireOwnClient } from "./require-own-client.ts";
import { removeClientAvatar, setClientAvatar } from "./set-client-avatar.ts";
import { clientDocument, parseClientQuery } from "./client-document.ts";

/**
 * PUT /v1c/clients/:id/avatar with the picture as the raw body (JPEG, PNG or WebP, at most 5 MB) answers the
 * client with the new avatar included; DELETE removes it (204). Picture bodies are accepted here only.
 */
export const clientAvatarRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  const db = database.db;
  acceptPictureBodies(app);

  // Who uploads is settled before the body is read: a stranger's 5 MB are refused, not received.
  const uploader = new WeakMap<FastifyRequest, string>();
  app.put<{ Params: { id: string } }>(
    "/clients/:id/avatar",
    {
      onRequest: async (request) => {
        uploader.set(request, await requireOwnClient(request, db, (request.params as { id: string }).id));
      },
    },
    async (request, reply) => {
      const clientId = uploader.get(request) ?? (await requireOwnClient(request, db, request.params.id));
      const query = parseClientQuery(request);
      await setClientAvatar({ db, clientId, upload: uploadedPicture(request) });
      return clientDocument({ db, clientId, query, request, reply, alsoInclude: ["avatar"] });
    },
  );

  app.delete<{ Params: { id: string } }>("/clients/:id/avatar", async (request, reply) => {
    const clientId = await requireOwnClient(request, db, request.params.id);
    await removeClientAvatar({ db, clientId });
    return reply.status(204).send();
  });
};
