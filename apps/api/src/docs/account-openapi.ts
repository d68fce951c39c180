import {
  AVATAR_SIZES,
  AVATAR_UPLOAD_MAX_BYTES,
  AVATAR_UPLOAD_TYPES,
  GENDERS,
} from "@termin/contracts/client-resources";
import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import { clientRules } from "../resources/clients/client-document.ts";
import { countryAttributes } from "../resources/countries/country-resources.ts";
import { clientUpdate } from "../resources/clients/parse-client-update.ts";
import {
  SIGNED_IN as SIGNED_IN_ANY,
  jsonApiBody,
  requestDocumentFrom,
  type ClientDocParts,
} from "./client-openapi-parts.ts";
import { resourceSchema, type Schema } from "./resource-schema.ts";
import type { Operation, Parameter } from "./document-types.ts";

const SIGNED_IN = `${SIGNED_IN_ANY} \`me\` names one's own account; any other client's id answers 404.`;
const clientId: Parameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The client's id, or `me`",
  schema: { type: "string" },
  example: "me",
};
const countryCode = { type: "string", pattern: "^[A-Z]{2}$", description: "ISO 3166-1 alpha-2" };
const nullable = (type: string, extra: Schema = {}) => ({ type: [type, "null"], ...extra });

/** The signed-in client's account (profile, avatar, export, deletion), countries and avatar pictures. */
export function accountPaths(parts: ClientDocParts): Record<string, Record<string, Operation>> {
  const { documents, errorResponse, fieldsParameter, includeParameter } = parts;
  const unauthorized = errorResponse("Not signed in, or the token expired or was revoked");
  const notFound = errorResponse("Not one's own account");
  const client = documents("Client");
  const countries = documents("Country");
  const clientQuery = [fieldsParameter("clients", clientRules.attributes), includeParameter(clientRules)];
  return {
    "/v1c/clients/{id}": {
      get: {
        summary: "Get the signed-in client's account",
        description: `${SIGNED_IN} Relationships: avatar (avatars: url), language (languages: code, name in itself), country and phoneCountry (countries: name, phone_code). The phone is shown as "+" + phoneCountry's phone_code + phone.`,
        parameters: [clientId, ...clientQuery],
        responses: {
          200: client.single,
          400: errorResponse("Invalid query parameter"),
          401: unauthorized,
          404: notFound,
        },
      },
      patch: {
        summary: "Change the signed-in client's profile and settings",
        description: `${SIGNED_IN} Send only the members to change. Writable attributes: first_name, last_name, phone (as typed; stored as the national number), gender, birthdate (a real date in the past, at most 120 years ago), address, city, accept_marketing_notifications, accept_online_appointments. Writable relationships: language (languages), country and phoneCountry (countries, or null). A phone needs its phoneCountry (sent or kept) and must be valid there; a number typed with another country's + code takes that country. email, email_verified, has_password, active, favorite and deleted_at are read-only: sending one answers 422 with the reason at its pointer (the e-mail address is changed through a confirmed flow, not here; active and favorite are the business's marks). Every bad member is reported at once with source.pointer.`,
        parameters: [clientId, ...clientQuery],
        requestBody: jsonApiBody("ClientUpdate", {
          data: {
            type: "clients",
            id: "me",
            attributes: { first_name: "Maria", phone: "888123456", accept_marketing_notifications: false },
            relationships: { phoneCountry: { data: { type: "countries", id: "BG" } } },
          },
        }),
        responses: {
          200: client.single,
          401: unauthorized,
          404: notFound,
          409: errorResponse("data.type is not clients, or data.id is not the client's id"),
          422: errorResponse(
            "Invalid or read-only members: one error per member, with source.pointer; a phone number without its country (phone_country_required) or not valid there (invalid_phone_number)",
            ["phone_country_required", "invalid_phone_number"],
          ),
        },
      },
      delete: {
        summary: "Delete the signed-in client's account",
        description: `${SIGNED_IN} Every sign-in of the account is revoked (signed out everywhere), its avatar erased; the e-mail address can sign up again. The account is kept marked deleted for the businesses' records of past visits.`,
        parameters: [clientId],
        responses: { 204: { description: "Deleted" }, 401: unauthorized, 404: notFound },
      },
    },
    "/v1c/clients/{id}/export": {
      get: {
        summary: "Download all of the signed-in client's data as JSON",
        description: `${SIGNED_IN} A file (Content-Disposition: attachment): profile, forms with their answers, notifications, saved locations and likes. No passwords or tokens.`,
        parameters: [clientId],
        responses: {
          200: {
            description: "The export",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["exported_at", "profile", "forms", "notifications", "saved_locations", "likes"],
                  example: {
                    exported_at: "2026-11-27T21:30:00.000Z",
                    profile: { id: "0f8e2d4c-6b1a-4e3f-9c7d-5a2b1e0d3c4f", first_name: "Maria", language: "bg" },
                    forms: [],
                    notifications: [],
                    saved_locations: [{ location_id: 12, name: "Studio Lena", saved_at: "2026-11-02T08:00:00.000Z" }],
                    likes: [{ media_id: 340, liked_at: "2026-11-03T19:20:00.000Z" }],
                  },
                  properties: {
                    exported_at: { type: "string", format: "date-time" },
                    profile: { type: "object", description: "The account's attributes, its countries and language" },
                    forms: { type: "array", items: { type: "object" } },
                    notifications: { type: "array", items: { type: "object" } },
                    saved_locations: { type: "array", items: { type: "object" } },
                    likes: { type: "array", items: { type: "object" } },
                  },
                },
              },
            },
          },
          401: unauthorized,
          404: notFound,
        },
      },
    },
    "/v1c/clients/{id}/avatar": {
      put: {
        summary: "Upload the signed-in client's picture",
        description: `${SIGNED_IN} The raw picture is the body (${AVATAR_UPLOAD_TYPES.join(", ")}; at most ${AVATAR_UPLOAD_MAX_BYTES / 1024 / 1024} MB). It is turned upright by its EXIF orientation, cropped to a centred square and kept as a 512 px WebP, under a new id; the previous picture is deleted. Answers the client with the avatar included.`,
        parameters: [clientId, ...clientQuery],
        requestBody: {
          required: true,
          content: Object.fromEntries(
            AVATAR_UPLOAD_TYPES.map((type) => [
              type,
              { schema: { type: "string", format: "binary" }, example: "(the picture's bytes)" },
            ]),
          ),
        },
        responses: {
          200: client.single,
          401: unauthorized,
          404: notFound,
          413: errorResponse("Over 5 MB"),
          415: errorResponse("Not a JPEG, PNG or WebP body"),
          422: errorResponse("The file is not a readable picture (unreadable_picture)", ["unreadable_picture"]),
        },
      },
      delete: {
        summary: "Remove the signed-in client's picture",
        description: SIGNED_IN,
        parameters: [clientId],
        responses: { 204: { description: "Removed" }, 401: unauthorized, 404: notFound },
      },
    },
    "/v1c/countries": {
      get: {
        summary: "List every country with its calling code, named and sorted in the request language",
        description: "Public. One unpaged list (a country picker shows them all); page[...] answers 400.",
        parameters: [fieldsParameter("countries", countryAttributes)],
        responses: { 200: countries.collection, 400: errorResponse("Invalid query parameter") },
      },
    },
    "/v1c/countries/{id}": {
      get: {
        summary: "Get one country",
        parameters: [
          { name: "id", in: "path", required: true, schema: countryCode, example: "BG" },
          fieldsParameter("countries", countryAttributes),
        ],
        responses: { 200: countries.single, 404: errorResponse("No such country") },
      },
    },
    "/avatars/{id}": {
      get: {
        summary: "A client's picture, s × s px, as AVIF, WebP or JPEG (by Accept)",
        description: "Public by its unguessable id. A new upload gets a new id, so an id's picture never changes.",
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            schema: { type: "string", format: "uuid" },
            example: "9a3e5c1b-2f47-4d8e-b6a0-7c1d2e3f4a5b",
          },
          { name: "s", in: "query", schema: { enum: [...AVATAR_SIZES], default: 96 }, example: 96 },
        ],
        responses: {
          200: {
            description: "The picture; Cache-Control: public, max-age=31536000, immutable; Vary: Accept",
            content: { "image/avif": {}, "image/webp": {}, "image/jpeg": {} },
          },
          400: errorResponse("Size outside the fixed set"),
          404: errorResponse("No such avatar (removed, replaced or the account deleted)"),
        },
      },
    },
  };
}

const clientAttributes = {
  first_name: { type: "string", minLength: 1, maxLength: 100 },
  last_name: { type: "string", minLength: 1, maxLength: 100 },
  phone: nullable("string", { description: "National number, digits only (as typed when written)" }),
  gender: { enum: [...GENDERS, null] },
  birthdate: nullable("string", { format: "date" }),
  address: nullable("string", { maxLength: 200 }),
  city: nullable("string", { maxLength: 100 }),
  accept_marketing_notifications: { type: "boolean" },
  accept_online_appointments: { type: "boolean" },
};

export const ACCOUNT_SCHEMAS: Record<string, Schema> = {
  Client: resourceSchema("clients", {
    id: { type: "string", format: "uuid" },
    exampleId: "0f8e2d4c-6b1a-4e3f-9c7d-5a2b1e0d3c4f",
    selfLink: true,
    attributes: {
      ...clientAttributes,
      email: { type: "string", format: "email", readOnly: true },
      email_verified: { type: "boolean", readOnly: true },
      has_password: { type: "boolean", readOnly: true },
      active: { type: "boolean", readOnly: true, description: "The business's mark" },
      favorite: { type: "boolean", readOnly: true, description: "The business's mark" },
      deleted_at: { ...nullable("string", { format: "date-time" }), readOnly: true },
    },
    example: {
      first_name: "Maria",
      last_name: "Koleva",
      phone: "888123456",
      gender: "female",
      birthdate: "1991-04-18",
      address: "ul. Oborishte 12",
      city: "Sofia",
      accept_marketing_notifications: false,
      accept_online_appointments: true,
      email: "maria.koleva@example.com",
      email_verified: true,
      has_password: true,
      active: true,
      favorite: false,
      deleted_at: null,
    },
  }),
  ClientUpdate: requestDocumentFrom("clients", clientUpdate, { id: true }),
  Country: resourceSchema("countries", {
    id: countryCode,
    exampleId: "BG",
    selfLink: true,
    attributes: {
      name: { type: "string", description: "In the request language" },
      phone_code: { type: "string", description: 'Calling code without "+", e.g. 359' },
    },
    example: { name: "Bulgaria", phone_code: "359" },
  }),
  Avatar: resourceSchema("avatars", {
    id: { type: "string", format: "uuid" },
    exampleId: "9a3e5c1b-2f47-4d8e-b6a0-7c1d2e3f4a5b",
    description: "A client's picture (included with the client): GET url?s={size}",
    attributes: { url: { type: "string" } },
    example: { url: "/avatars/9a3e5c1b-2f47-4d8e-b6a0-7c1d2e3f4a5b" },
  }),
  Language: resourceSchema("languages", {
    id: { enum: [...SUPPORTED_LANGUAGES] },
    exampleId: "bg",
    description: "A language of the apps (included with the client), named in itself",
    attributes: { code: { enum: [...SUPPORTED_LANGUAGES] }, name: { type: "string" } },
    example: { code: "bg", name: "Български" },
  }),
};
