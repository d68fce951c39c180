import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { ResourceObject } from "@termin/contracts/jsonapi";
import type { ApiDependencies } from "../../api-dependencies.ts";
import { requireClient } from "../../auth/authenticate.ts";
import { requestLanguage } from "../../http/request-language.ts";
import { applySparseFields, collectionDocument, singleDocument } from "../../jsonapi/documents.ts";
import { parseCollectionQuery, parseResourceQuery, type CollectionRules } from "../../jsonapi/query.ts";
import { parseResourceDocument, relationshipTo } from "../../jsonapi/request-body.ts";
import { businessAttributes } from "../businesses/serialize.ts";
import { cityAttributes, neighborhoodAttributes } from "../cities/serialize.ts";
import { locationAttributes } from "../locations/serialize.ts";
import { mediaAttributes } from "../media/serialize.ts";
import { getUserLocation } from "./get-user-location.ts";
import { listUserLocations } from "./list-user-locations.ts";
import { loadUserLocationIncludes, USER_LOCATION_INCLUDES } from "./load-user-location-includes.ts";
import { saveLocation } from "./save-location.ts";
import { toUserLocationResource, userLocationAttributes, type UserLocationRow } from "./serialize.ts";
import { unsaveLocation } from "./unsave-location.ts";

/** Most recently saved first: no other order is asked for. */
export const userLocationRules: CollectionRules<never, "location"> = {
  type: "user-locations",
  attributes: userLocationAttributes,
  sortable: [],
  defaultSort: [],
  filters: { location: "id" },
  includable: USER_LOCATION_INCLUDES,
  relatedTypes: {
    locations: locationAttributes,
    businesses: businessAttributes,
    cities: cityAttributes,
    neighborhoods: neighborhoodAttributes,
    media: mediaAttributes,
  },
};

export const saving = z.object({ relationships: z.object({ location: relationshipTo("locations") }) });

type Query = Record<string, string>;
type ResourceQuery = ReturnType<typeof parseResourceQuery>;

/**
 * My locations (spec section 6): the locations a signed-in client saved. A saved location's id is the
 * location's id, so `DELETE /user-locations/{location id}` unsaves it without looking anything up first.
 */
export const userLocationRoutes: FastifyPluginAsync<ApiDependencies> = async (app, { database }) => {
  const db = database.db;
  const narrow = (item: ResourceObject, fields: Record<string, string[]>) => applySparseFields(item, fields[item.type]);

  /** One saved location as a document, with what `include` asked for. */
  async function single(request: FastifyRequest, reply: FastifyReply, row: UserLocationRow, query: ResourceQuery) {
    const included = await loadUserLocationIncludes(db, [row], query.include, requestLanguage(request, reply));
    return singleDocument({
      url: new URL(request.url, "http://api"),
      data: narrow(toUserLocationResource(row), query.fields),
      included: included.map((item) => narrow(item, query.fields)),
    });
  }

  app.get("/user-locations", async (request, reply) => {
    const { clientId } = await requireClient(request, db);
    const query = parseCollectionQuery(request.query as Query, userLocationRules);
    const language = requestLanguage(request, reply);
    const { rows, total } = await listUserLocations(
      { db, site: request.site },
      {
        clientId,
        page: query.page,
        location: query.filter.location,
      },
    );
    const included = await loadUserLocationIncludes(db, rows, query.include, language);
    return collectionDocument({
      url: new URL(request.url, "http://api"),
      data: rows.map((row) => narrow(toUserLocationResource(row), query.fields)),
      included: included.map((item) => narrow(item, query.fields)),
      total,
      page: query.page,
    });
  });

  app.get<{ Params: { id: string } }>("/user-locations/:id", async (request, reply) => {
    const { clientId } = await requireClient(request, db);
    const query = parseResourceQuery(request.query as Query, userLocationRules);
    return single(
      request,
      reply,
      await getUserLocation({ db, site: request.site }, { clientId, id: request.params.id }),
      query,
    );
  });

  app.post("/user-locations", async (request, reply) => {
    const { clientId } = await requireClient(request, db);
    // A bad include is answered before anything is saved.
    const query = parseResourceQuery(request.query as Query, userLocationRules);
    const { relationships } = parseResourceDocument(request.body, { type: "user-locations", schema: saving });
    const { created, ...row } = await saveLocation(
      { db, site: request.site },
      {
        clientId,
        locationId: Number(relationships.location.data.id),
      },
    );
    if (created) reply.status(201).header("location", `/v1c/user-locations/${row.locationId}`);
    return single(request, reply, row, query);
  });

  app.delete<{ Params: { id: string } }>("/user-locations/:id", async (request, reply) => {
    const { clientId } = await requireClient(request, db);
    await unsaveLocation(db, { clientId, id: request.params.id });
    return reply.status(204).send();
  });
};
