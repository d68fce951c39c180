import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { requireClient } from "../../auth/authenticate.ts";
import { applySparseFields, collectionDocument, singleDocument } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import { parseResourceDocument, relationshipTo } from "../../jsonapi/request-body.ts";
import { mediaAttributes } from "../media/serialize.ts";
import { getLike } from "./get-like.ts";
import { likeMedia } from "./like-media.ts";
import { listLikes } from "./list-likes.ts";
import { LIKE_INCLUDES, loadLikeIncludes } from "./load-like-includes.ts";
import { likeAttributes, toLikeResource, type LikeRow } from "./serialize.ts";
import { unlikeMedia } from "./unlike-media.ts";

/** Newest first: no other order is asked for. */
export const likeRules: CollectionRules<never, "media"> = {
  type: "likes",
  attributes: likeAttributes,
  sortable: [],
  defaultSort: [],
  filters: { media: "id" },
  includable: LIKE_INCLUDES,
  relatedTypes: { media: mediaAttributes },
};

export const liking = z.object({ relationships: z.object({ media: relationshipTo("media") }) });

type Query = Record<string, string>;
type ResourceQuery = ReturnType<typeof parseResourceQuery>;

/**
 * Likes of Look Book media by the signed-in client. A like's id is the media id, so
 * `DELETE /likes/{media id}` takes it back. Each like or unlike moves media.like_count by one, once.
 */
export const likeRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  const db = database.db;
  const narrow = (item: ResourceObject, fields: Record<string, string[]>) => applySparseFields(item, fields[item.type]);

  async function single(request: FastifyRequest, row: LikeRow, query: ResourceQuery) {
    const included = await loadLikeIncludes(db, [row], query.include);
    return singleDocument({
      url: new URL(request.url, "http://api"),
      data: narrow(toLikeResource(row), query.fields),
      included: included.map((item) => narrow(item, query.fields)),
    });
  }

  app.get("/likes", async (request) => {
    const { clientId } = await requireClient(request, db);
    const query = parseCollectionQuery(request.query as Query, likeRules);
    const { rows, total } = await listLikes(
      { db, site: request.site },
      { clientId, page: query.page, media: query.filter.media },
    );
    const included = await loadLikeIncludes(db, rows, query.include);
    return collectionDocument({
      url: new URL(request.url, "http://api"),
      data: rows.map((row) => narrow(toLikeResource(row), query.fields)),
      included: included.map((item) => narrow(item, query.fields)),
      total,
      page: query.page,
    });
  });

  app.get<{ Params: { id: string } }>("/likes/:id", async (request) => {
    const { clientId } = await requireClient(request, db);
    const query = parseResourceQuery(request.query as Query, likeRules);
    return single(request, await getLike({ db, site: request.site }, { clientId, id: request.params.id }), query);
  });

  app.post("/likes", async (request, reply) => {
    const { clientId } = await requireClient(request, db);
    // A bad include is answered before anything is liked.
    const query = parseResourceQuery(request.query as Query, likeRules);
    const { relationships } = parseResourceDocument(request.body, { type: "likes", schema: liking });
    const { created, ...row } = await likeMedia(
      { db, site: request.site },
      { clientId, mediaId: Number(relationships.media.data.id) },
    );
    if (created) reply.status(201).header("location", `/v1c/likes/${row.mediaId}`);
    return single(request, row, query);
  });

  app.delete<{ Params: { id: string } }>("/likes/:id", async (request, reply) => {
    const { clientId } = await requireClient(request, db);
    await unlikeMedia(db, { clientId, id: request.params.id });
    return reply.status(204).send();
  });
};
