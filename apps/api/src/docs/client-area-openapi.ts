import { likeRules, liking } from "../resources/likes/routes.ts";
import { notificationRules, readChange } from "../resources/notifications/routes.ts";
import { saving, userLocationRules } from "../resources/user-locations/routes.ts";
import {
  JSONAPI,
  SIGNED_IN,
  jsonApiBody as body,
  requestDocumentFrom,
  type ClientDocParts,
} from "./client-openapi-parts.ts";
import { resourceSchema, type Schema } from "./resource-schema.ts";
import type { Operation, Parameter } from "./document-types.ts";

const path = (name: string, schema: Schema, example: string): Parameter => ({
  name,
  in: "path",
  required: true,
  schema,
  example,
});
const NOTIFICATION_ID = "e4b7a2c9-1d3f-4a6b-8c5e-0f9d2b7a1c3e";
const numericId = { type: "string", pattern: "^\\d+$" };

/** How notifications' title and body are worded: the same on every endpoint that answers them. */
const WORDS =
  "Notices of the app and of appointments (booked, moved, cancelled, reminders) have title and body written when answered, in the language Accept-Language names (the account's language when it names none of the supported ones); a message a business wrote keeps its words.";

/** Notifications, saved locations (user-locations) and likes of the signed-in client. */

export function clientAreaPaths(parts: ClientDocParts): Record<string, Record<string, Operation>> {
  const { documents, errorResponse, collectionParameters, fieldsParameter, includeParameter } = parts;
  const unauthorized = errorResponse("Not signed in, or the token expired or was revoked");
  const notifications = documents("Notification", undefined, {
    unread_count: {
      type: "integer",
      description: "All unread notifications, whatever the filter and page",
      example: 3,
    },
  });
  const saved = documents("UserLocation");
  const likes = documents("Like");
  const invalidBody = errorResponse("A malformed document: one error per bad member, with source.pointer");
  return {
    "/v1c/notifications": {
      get: {
        summary: "List the signed-in client's notifications, newest first",
        description: `${SIGNED_IN} filter[unread]=true for the unread ones (false: those read). meta.unread_count counts all unread notifications, whatever the filter and page: an app badge asks for filter[unread]=true&page[size]=1 and reads it. action_url is an in-app path without a language, or null. ${WORDS}`,
        parameters: collectionParameters(notificationRules),
        responses: {
          200: notifications.collection,
          400: errorResponse("Invalid query parameter"),
          401: unauthorized,
        },
      },
    },
    "/v1c/notifications/read-all": {
      post: {
        summary: "Mark all of the signed-in client's notifications read",
        description: `${SIGNED_IN} No body. Answers meta.marked_read: how many were unread.`,
        responses: {
          200: {
            description: "Marked",
            content: {
              [JSONAPI]: {
                schema: {
                  type: "object",
                  required: ["meta"],
                  properties: {
                    meta: {
                      type: "object",
                      required: ["marked_read"],
                      properties: { marked_read: { type: "integer", example: 3 } },
                    },
                  },
                },
              },
            },
          },
          401: unauthorized,
        },
      },
    },
    "/v1c/notifications/{id}": {
      get: {
        summary: "Get one of the signed-in client's notifications",
        description: `${SIGNED_IN} Another client's notification answers 404. ${WORDS}`,
        parameters: [
          path("id", { type: "string", format: "uuid" }, NOTIFICATION_ID),
          fieldsParameter(notificationRules.type, notificationRules.attributes),
        ],
        responses: { 200: notifications.single, 401: unauthorized, 404: errorResponse("No such notification") },
      },
      patch: {
        summary: "Mark a notification read or unread",
        description: `${SIGNED_IN} attributes.read is the only attribute a client changes; reading it again keeps when it was first read.`,
        parameters: [path("id", { type: "string", format: "uuid" }, NOTIFICATION_ID)],
        requestBody: body("NotificationUpdate", {
          data: { type: "notifications", id: NOTIFICATION_ID, attributes: { read: true } },
        }),
        responses: {
          200: notifications.single,
          401: unauthorized,
          404: errorResponse("No such notification of this client"),
          409: errorResponse("data.type is not notifications, or data.id is not the id in the URL"),
          422: invalidBody,
        },
      },
    },
    "/v1c/user-locations": {
      get: {
        summary: "List the locations the signed-in client saved (My locations), most recently saved first",
        description: `${SIGNED_IN} filter[location] by location ids: a location page asks whether it is saved. Include location and, for its card, location.business, location.city, location.neighborhood, location.cover. Locations the client booked at are not listed: booking does not exist yet.`,
        parameters: [...collectionParameters(userLocationRules), includeParameter(userLocationRules)],
        responses: { 200: saved.collection, 400: errorResponse("Invalid query parameter"), 401: unauthorized },
      },
      post: {
        summary: "Save a location",
        description: `${SIGNED_IN} Saving a location already saved changes nothing and answers it with 200.`,
        parameters: [includeParameter(userLocationRules)],
        requestBody: body("UserLocationCreate", {
          data: { type: "user-locations", relationships: { location: { data: { type: "locations", id: "12" } } } },
        }),
        responses: {
          200: { ...saved.single, description: "Already saved" },
          201: { ...saved.single, description: "Saved; Location: /v1c/user-locations/{location id}" },
          401: unauthorized,
          404: errorResponse("No such location (source.pointer /data/relationships/location/data/id)"),
          409: errorResponse("data.type is not user-locations"),
          422: invalidBody,
        },
      },
    },
    "/v1c/user-locations/{id}": {
      get: {
        summary: "Get one saved location, by the location's id",
        description: SIGNED_IN,
        parameters: [
          path("id", numericId, "12"),
          fieldsParameter(userLocationRules.type, userLocationRules.attributes),
          includeParameter(userLocationRules),
        ],
        responses: { 200: saved.single, 401: unauthorized, 404: errorResponse("Not saved by this client") },
      },
      delete: {
        summary: "Unsave a location, by the location's id",
        description: SIGNED_IN,
        parameters: [path("id", numericId, "12")],
        responses: {
          204: { description: "Unsaved" },
          401: unauthorized,
          404: errorResponse("Not saved by this client"),
        },
      },
    },
    "/v1c/likes": {
      get: {
        summary: "List the signed-in client's likes of Look Book media, newest first",
        description: `${SIGNED_IN} filter[media] by media ids: a page of Look Book tiles asks which of them the client liked. Include media for the current like_count.`,
        parameters: [...collectionParameters(likeRules), includeParameter(likeRules)],
        responses: { 200: likes.collection, 400: errorResponse("Invalid query parameter"), 401: unauthorized },
      },
      post: {
        summary: "Like a Look Book picture or video",
        description: `${SIGNED_IN} media.like_count rises by one in the same transaction. Liking again changes nothing and answers the like with 200. include=media answers the new like_count.`,
        parameters: [includeParameter(likeRules)],
        requestBody: body("LikeCreate", {
          data: { type: "likes", relationships: { media: { data: { type: "media", id: "340" } } } },
        }),
        responses: {
          200: { ...likes.single, description: "Already liked" },
          201: { ...likes.single, description: "Liked; Location: /v1c/likes/{media id}" },
          401: unauthorized,
          404: errorResponse("No such Look Book media (source.pointer /data/relationships/media/data/id)"),
          409: errorResponse("data.type is not likes"),
          422: invalidBody,
        },
      },
    },
    "/v1c/likes/{id}": {
      get: {
        summary: "Get one like, by the media's id",
        description: SIGNED_IN,
        parameters: [
          path("id", numericId, "340"),
          fieldsParameter(likeRules.type, likeRules.attributes),
          includeParameter(likeRules),
        ],
        responses: { 200: likes.single, 401: unauthorized, 404: errorResponse("Not liked by this client") },
      },
      delete: {
        summary: "Take back a like, by the media's id",
        description: `${SIGNED_IN} media.like_count falls by one in the same transaction.`,
        parameters: [path("id", numericId, "340")],
        responses: {
          204: { description: "Unliked" },
          401: unauthorized,
          404: errorResponse("Not liked by this client"),
        },
      },
    },
  };
}

const createdAt = { created_at: { type: "string", format: "date-time" } };

export const CLIENT_AREA_SCHEMAS: Record<string, Schema> = {
  Notification: resourceSchema("notifications", {
    id: { type: "string", format: "uuid" },
    exampleId: NOTIFICATION_ID,
    selfLink: true,
    example: {
      title: "Appointment confirmed",
      body: "Studio Lena confirmed your Balayage on Tuesday, 1 December at 10:00.",
      language: "en",
      names: ["Studio Lena", "Balayage"],
      action_url: "/appointments",
      read: false,
      created_at: "2026-11-27T21:31:00.000Z",
    },
    attributes: {
      title: { type: "string" },
      body: { type: "string" },
      language: {
        type: ["string", "null"],
        description: "The language title and body are written in; null for a business's message, kept as written",
      },
      names: {
        type: "array",
        items: { type: "string" },
        description: "Names (places, businesses, services, the app) title and body contain, not to be translated",
      },
      action_url: {
        type: ["string", "null"],
        description:
          "An in-app path (push payload data.action_url): with the language the notice is written in (/bg/appointments/42), or without one (/forms: the app's own language)",
      },
      read: { type: "boolean" },
      ...createdAt,
    },
  }),
  NotificationUpdate: requestDocumentFrom("notifications", readChange, { id: true }),
  UserLocation: resourceSchema("user-locations", {
    id: { ...numericId, description: "The location's id" },
    exampleId: "12",
    selfLink: true,
    attributes: createdAt,
    example: { created_at: "2026-11-02T08:00:00.000Z" },
  }),
  UserLocationCreate: requestDocumentFrom("user-locations", saving),
  Like: resourceSchema("likes", {
    id: { ...numericId, description: "The media's id" },
    exampleId: "340",
    selfLink: true,
    attributes: createdAt,
    example: { created_at: "2026-11-03T19:20:00.000Z" },
  }),
  LikeCreate: requestDocumentFrom("likes", liking),
};
