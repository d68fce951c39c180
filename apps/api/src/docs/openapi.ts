import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import { APPOINTMENT_STATUS } from "@termin/domain/appointment-statuses";
import { CONTENT_PAGE_IDS } from "@termin/domain/content-pages";
import { markDeprecated } from "../http/deprecations.ts";
import {
  MAX_FILTER_VALUES,
  MAX_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
  filterKindValues,
  type CollectionRules,
  type FilterKind,
} from "../jsonapi/query.ts";
import { appointmentStatusRules } from "../resources/appointment-statuses/routes.ts";
import { pageRules } from "../resources/pages/routes.ts";
import { IMAGE_SIZES } from "@termin/contracts/image-sizes";
import { locationRules } from "../resources/locations/routes.ts";
import { marketplaceServiceRules } from "../resources/marketplace-services/routes.ts";
import { mediaRules } from "../resources/media/routes.ts";
import { ACCOUNT_SCHEMAS, accountPaths } from "./account-openapi.ts";
import { CLIENT_AREA_SCHEMAS, clientAreaPaths } from "./client-area-openapi.ts";
import { DIRECTORY_RESOURCE_DOCS } from "./directory-openapi.ts";
import { BOOKING_SCHEMAS, bookingPaths } from "./booking-openapi.ts";
import { WAITLIST_SCHEMAS, waitlistPaths } from "./waitlist-openapi.ts";
import { calendarPaths } from "./calendar-openapi.ts";
import { livePaths } from "./live-openapi.ts";
import { CLASS_SCHEMAS, classPaths } from "./class-openapi.ts";
import { PAYMENT_SCHEMAS, paymentPaths } from "./payment-openapi.ts";
import { FORM_SCHEMAS, formPaths } from "./forms-openapi.ts";
import { MEMBERSHIP_SCHEMAS, membershipPaths } from "./membership-openapi.ts";
import { OFFER_RESOURCE_DOCS, type ReadOnlyResourceDoc } from "./offer-openapi.ts";
import { REVIEW_SCHEMAS, reviewWritePaths } from "./review-openapi.ts";
import { SEARCH_SCHEMAS, searchPaths } from "./search-openapi.ts";
import { AUTH_SCHEMAS, authPaths } from "./auth-openapi.ts";
import { OAUTH_SCHEMAS, oauthPaths } from "./oauth-openapi.ts";
import { PUSH_SCHEMAS, pushPaths } from "./push-openapi.ts";
import { LOGIN_REQUIRED_RESOURCES } from "../resources/login-required.ts";
import { resourceSchema } from "./resource-schema.ts";
import { withExamples } from "./examples.ts";
import { errorCodesOf } from "./error-codes.ts";
import { ERROR_STATUS, type ErrorCode } from "../http/app-error.ts";
import { relationshipNames } from "@termin/contracts/resource-relationships";

import {
  mapOperations,
  type Answer,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type Paths,
  type Schema,
} from "./document-types.ts";

export type { OpenApiDocument, Operation, Parameter };

const JSONAPI = "application/vnd.api+json";

/**
 * An error answer; `codes` are the operation's own codes for it, before the generic ones of its status
 * (error-codes.ts). The answer check holds the API to the list.
 */
const errorResponse = (description: string, codes?: readonly ErrorCode[]): Answer => ({
  description,
  content: { [JSONAPI]: { schema: { $ref: "#/components/schemas/ErrorDocument" } } },
  ...(codes ? { "x-error-codes": codes } : {}),
});

const acceptLanguage: Parameter = {
  name: "Accept-Language",
  in: "header",
  description: `Response language. Supported: ${SUPPORTED_LANGUAGES.join(", ")}.`,
  schema: { type: "string" },
  example: "bg;q=0.9,en;q=0.8",
};

/** `fields[type]`: a subset of the type's attributes and relationships (JSON:API sparse fieldsets). */
function fieldsParameter(type: string, attributes: readonly string[]): Parameter {
  const fields = [...attributes, ...relationshipNames(type)];
  return {
    name: `fields[${type}]`,
    in: "query",
    description: `Sparse fieldset: a comma-separated subset of ${fields.join(", ")}. Relationships not named are left out too.`,
    schema: { type: "string" },
    example: fields.slice(0, 2).join(","),
  };
}

/** Examples of the filters whose values the endpoint reads itself (ids, dates and listed words have their kind's). */
const TEXT_FILTER_EXAMPLES: Readonly<Record<string, string>> = {
  back_to_back_at: "2026-12-01T11:00:00+02:00",
  business_type: "hair-salon",
  category: "hair",
  city: "sofia,plovdiv",
  country: "BG",
  date_from: "2026-12-01",
  date_to: "2026-12-07",
  inspiration: "true",
  kind: "image",
  marketplace_service: "haircut",
  name: "confirmed",
  neighborhood: "lozenets",
  q: "balayage",
  rating: "5",
  slug: "sofia",
  status: "pending",
  unread: "true",
  when: "upcoming",
};

function filterExample(name: string, kind: FilterKind): string | undefined {
  if (kind === "id") return "12";
  if (kind === "uuid") return "3f2c8a4e-5b1d-4c7e-9a2b-6d8e1f0c4b7a";
  if (kind === "date") return "2026-12-01";
  if (kind === "text") return TEXT_FILTER_EXAMPLES[name];
  return kind.oneOf[0];
}

/**
 * A query parameter of comma-separated words from a closed set (`include=a,b`, `sort=-rating,name`): an array of
 * the enum, written form style unexploded, so a generated client accepts only those words (openapi-fetch:
 * `querySerializer: { array: { style: "form", explode: false } }`).
 */
function commaSeparated(values: readonly string[], maxItems?: number): Pick<Parameter, "schema" | "style" | "explode"> {
  return {
    style: "form",
    explode: false,
    schema: { type: "array", items: { type: "string", enum: [...values] }, ...(maxItems ? { maxItems } : {}) },
  };
}

function collectionParameters(rules: CollectionRules<string, string>): Parameter[] {
  const parameters: Parameter[] = [
    { name: "page[number]", in: "query", schema: { type: "integer", minimum: 1, default: 1 }, example: 2 },
    {
      name: "page[size]",
      in: "query",
      schema: { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE },
      example: DEFAULT_PAGE_SIZE,
    },
    fieldsParameter(rules.type, rules.attributes),
  ];
  if (rules.sortable.length > 0) {
    parameters.push({
      name: "sort",
      in: "query",
      description: `Comma-separated; prefix with - for descending. Fields: ${rules.sortable.join(", ")}.`,
      ...commaSeparated(rules.sortable.flatMap((field) => [field, `-${field}`])),
      example: [`-${rules.sortable[0]}`],
    });
  }
  for (const [filter, kind] of Object.entries<FilterKind>(rules.filters)) {
    const single = rules.singleValued?.includes(filter) ?? false;
    const example = filterExample(filter, kind);
    parameters.push({
      name: `filter[${filter}]`,
      in: "query",
      ...(rules.requiredFilters?.includes(filter) ? { required: true } : {}),
      description: single
        ? `One value${kind === "text" ? "" : `: ${filterKindValues(kind)}`}.`
        : `Comma-separated ${filterKindValues(kind)}, at most ${MAX_FILTER_VALUES}.`,
      // A closed set is an enum (a list of them for a list), so a generated client refuses other words.
      ...(typeof kind === "object"
        ? single
          ? { schema: { enum: [...kind.oneOf] }, example }
          : { ...commaSeparated(kind.oneOf, MAX_FILTER_VALUES), example: [example] }
        : { schema: { type: "string" }, example }),
    });
  }
  return parameters;
}

/** The paging links of page 2 of 5 of a list at `path`, 20 to a page. */
function pageLinksExample(path: string) {
  const page = (number: number) => `${path}?page[number]=${number}&page[size]=20`;
  return { self: page(2), first: page(1), last: page(5), prev: page(1), next: page(3) };
}

/** The list and single documents of the resource schema `name` (its list at `path`, else /v1c/{type}). */
function documentsOf(name: string, schemas: Record<string, Schema>, path?: string, meta?: Record<string, Schema>) {
  const example = schemas[name]?.example as { type?: string; links?: { self?: string } } | undefined;
  const type = example?.type ?? "resources";
  return {
    collection: {
      description: "OK",
      content: {
        [JSONAPI]: {
          schema: {
            type: "object",
            required: ["jsonapi", "data", "meta", "links"],
            properties: {
              jsonapi: { $ref: "#/components/schemas/JsonApiVersion" },
              data: { type: "array", items: { $ref: `#/components/schemas/${name}` } },
              included: { type: "array", items: { $ref: "#/components/schemas/IncludedResource" } },
              // A list whose meta says more than its paging (notifications' unread_count) names those members too.
              meta: meta
                ? {
                    allOf: [
                      { $ref: "#/components/schemas/PageMeta" },
                      { type: "object", required: Object.keys(meta), properties: meta },
                    ],
                  }
                : { $ref: "#/components/schemas/PageMeta" },
              links: { $ref: "#/components/schemas/PageLinks", example: pageLinksExample(path ?? `/v1c/${type}`) },
            },
          },
        },
      },
    },
    single: {
      description: "OK",
      content: {
        [JSONAPI]: {
          schema: {
            type: "object",
            required: ["jsonapi", "data"],
            properties: {
              jsonapi: { $ref: "#/components/schemas/JsonApiVersion" },
              data: { $ref: `#/components/schemas/${name}` },
              included: { type: "array", items: { $ref: "#/components/schemas/IncludedResource" } },
              links: {
                type: "object",
                required: ["self"],
                properties: { self: { type: "string" } },
                // A resource without a GET of its own (a new hold) is answered at its list's address.
                example: { self: example?.links?.self ?? `/v1c/${type}` },
              },
            },
          },
        },
      },
    },
  };
}

/** GET /v1c/{type} and /v1c/{type}/{id} of a read-only resource. */
function readOnlyPaths(
  doc: ReadOnlyResourceDoc,
  include: Parameter[],
  documents: (name: string) => ReturnType<typeof documentsOf>,
): Record<string, Record<string, Operation>> {
  const { collection, single } = documents(doc.schema);
  const { type, attributes } = doc.rules;
  return {
    [`/v1c/${type}`]: {
      get: {
        summary: doc.summary,
        description: doc.description,
        parameters: [...collectionParameters(doc.rules), ...include, acceptLanguage],
        responses: { 200: collection, 400: errorResponse("Invalid query parameter") },
      },
    },
    [`/v1c/${type}/{id}`]: {
      get: {
        summary: `Get one ${doc.noun}`,
        parameters: [
          {
            name: "id",
            in: "path",
            required: true,
            schema: doc.shape.id ?? { type: "string", pattern: "^\\d+$" },
            example: doc.shape.exampleId,
          },
          fieldsParameter(type, attributes),
          ...include,
          acceptLanguage,
        ],
        responses: { 200: single, 404: errorResponse(`No such ${doc.noun}`) },
      },
    },
  };
}

const json = (description: string, schema: Schema) => ({ description, content: { "application/json": { schema } } });

/** Answers any operation may give, whatever it does: its own list adds what is particular to it. */
const STANDARD_ANSWERS = {
  400: errorResponse("A query parameter, path segment or header has an invalid value: source names it"),
  500: errorResponse("Something went wrong on our side (logged with the request's X-Request-Id)"),
  503: errorResponse(
    "Briefly unavailable (the database is away, or the server is restarting): Retry-After says when to try again",
  ),
};
/** And a public read, kept by the shared cache with an ETag (public-document-cache.ts). */
const PUBLIC_READ_ANSWERS = { 304: { description: "Not modified: the ETag of If-None-Match still holds" } };
/** And any operation that reads a body. */
const BODY_ANSWERS = {
  413: errorResponse("The body is larger than this operation accepts"),
  415: errorResponse("The body's Content-Type is not one this operation reads"),
  422: errorResponse("A member of the body is invalid: source.pointer names each"),
};

/** And a signed-in one: a token given to an OAuth client may lack the scope the operation needs (decision 0036). */
const SCOPED_ANSWERS = {
  403: errorResponse(
    "The sign-in was not granted the scope this operation needs (insufficient_scope; WWW-Authenticate names the scope). Deleting the account and changing its password are for the web app's own sign-ins: a token given to any OAuth client gets this answer there",
    ["insufficient_scope"],
  ),
};

/** Every operation with the standard answers it does not describe itself, and bearer security where it signs in. */
/** The reference's groups, in its order: each path goes to the group of its first segment. */
const TAGS = [
  {
    name: "Booking",
    description: "Free times, holds, appointments, calendar files and payments",
    segments: [
      "available-slots",
      "free-time-changes",
      "booking-holds",
      "appointments",
      "appointment-clients",
      "calendar",
      "appointment-service-employees",
      "payment-links",
      "payment-methods",
      "pay",
    ],
  },
  {
    name: "Search",
    description: "The marketplace's search and its suggestions",
    segments: ["search", "search-suggestions"],
  },
  {
    name: "Places and offer",
    description: "Locations, businesses, their services, staff, hours and reviews",
    segments: [],
  },
  {
    name: "Signed-in client",
    description: "The account, notifications, saved places, likes and forms",
    segments: [
      "clients",
      "membership-instances",
      "notifications",
      "user-locations",
      "likes",
      "forms",
      "form-answers",
      "countries",
      "avatars",
    ],
  },
  {
    name: "Sign-in",
    description: "Tokens, the OAuth code flow for other apps, sign-up, e-mail verification and passwords",
    segments: ["auth", ".well-known"],
  },
  { name: "Media", description: "Pictures and videos", segments: ["media", "images", "videos"] },
  {
    name: "Service",
    description: "Health, this document and its reference",
    segments: ["livez", "readyz", "healthz", "docs", "openapi.json"],
  },
] as const;

function tagOf(path: string): string {
  const segment =
    path
      .replace(/^\/v1c/, "")
      .split("/")[1]
      ?.replace(/\{.*$/, "") ?? "";
  const tag = TAGS.find((each) => (each.segments as readonly string[]).includes(segment));
  return tag?.name ?? "Places and offer";
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** getLocationsById for GET /v1c/locations/{id}: a name per operation for generated clients. */
function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/v1c/, "")
    .split(/[/.-]/)
    .filter(Boolean)
    .map((word) => (word.startsWith("{") ? `By${capitalized(word.slice(1, -1))}` : capitalized(word)));
  return `${method}${words.join("")}`;
}

/** An operation's answers, each error answer listing every code it may carry (its own, then the generic ones). */
function withErrorCodes(responses: Record<string, Answer>): Record<string, Answer> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, answer]) => {
      // A JSON:API error, or an OAuth endpoint's (application/json with the same errors).
      const isError = Number(status) >= 400 && Object.keys(answer.content ?? {}).some((type) => type.endsWith("json"));
      const codes = isError ? errorCodesOf(Number(status), answer["x-error-codes"]) : [];
      return [status, isError ? { ...answer, "x-error-codes": codes } : answer];
    }),
  );
}

const header = (description: string, schema: Schema = { type: "string" }, required = false) => ({
  description,
  schema,
  ...(required ? { required } : {}),
});
// The seconds until a limit lets the request through again (RFC 9110 delay-seconds), on every 429 and 503.
const RETRY_AFTER = header("Seconds to wait before trying again", { type: "integer", minimum: 1 }, true);

/**
 * The headers an answer carries, declared so generated clients know them: Location on a JSON:API 201, Retry-After
 * on a 429 or 503, Idempotent-Replayed where the operation takes an Idempotency-Key, and a public read's ETag.
 */
function withHeaders(status: string, answer: Answer, operation: Operation, publicRead: boolean): Answer {
  const headers: NonNullable<Answer["headers"]> = {};
  const jsonApi = Boolean(answer.content?.[JSONAPI]);
  if (status === "201" && jsonApi) headers.Location = header("The created resource's address (its links.self)");
  if (status === "429" || status === "503") headers["Retry-After"] = RETRY_AFTER;
  const idempotent = operation.parameters?.some((parameter) => parameter.name === "Idempotency-Key");
  if (idempotent && (status === "200" || status === "201")) {
    headers["Idempotent-Replayed"] = header("true when this is the kept answer to an earlier request with the key", {
      const: "true",
    });
  }
  if (publicRead && status === "200" && jsonApi) {
    headers.ETag = header("A weak validator: send it back as If-None-Match for a 304");
  }
  return Object.keys(headers).length > 0 ? { ...answer, headers: { ...headers, ...answer.headers } } : answer;
}

function withStandardAnswers(paths: Paths): Paths {
  return markDeprecated(
    mapOperations(paths, (operation, path, method) => {
      const signedIn = Boolean(operation.responses?.["401"]);
      const publicRead = method === "get" && !signedIn;
      const responses = withErrorCodes({
        ...STANDARD_ANSWERS,
        ...(method !== "get" ? BODY_ANSWERS : signedIn ? {} : PUBLIC_READ_ANSWERS),
        ...(signedIn && operation.security?.length !== 0 ? SCOPED_ANSWERS : {}),
        ...operation.responses,
      });
      return {
        operationId: operationIdOf(method, path),
        tags: [tagOf(path)],
        // An operation that can answer 401 reads a bearer token (its own `security` says when it is optional); any
        // other says it needs none, so linters and generated clients do not assume the document's default.
        security: signedIn ? [{ bearer: [] }] : [],
        ...operation,
        responses: Object.fromEntries(
          Object.entries(responses).map(([status, answer]) => [
            status,
            withHeaders(status, answer, operation, publicRead),
          ]),
        ),
      };
    }),
  );
}

/**
 * Client resources of the spec with no endpoint of their own yet (resources/login-required.ts): signed in or not,
 * nothing is there.
 */
function notYetAvailablePaths(error: typeof errorResponse): Record<string, Record<string, Operation>> {
  const answers = {
    401: error("Not signed in, or the token expired or was revoked"),
    404: error("Not available yet: appointment service employees come as includes of appointment clients"),
  };
  return Object.fromEntries(
    LOGIN_REQUIRED_RESOURCES.flatMap((type) => [
      [`/v1c/${type}`, { get: { summary: `${type}: not available yet`, responses: answers } }],
      [
        `/v1c/${type}/{id}`,
        {
          get: {
            summary: `One of ${type}: not available yet`,
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" }, example: "1" }],
            responses: answers,
          },
        },
      ],
    ]),
  );
}

/** The operations of `more` added to the paths of `paths` (a path's GET and POST come from different places). */
function withOperations(
  paths: Record<string, Record<string, Operation>>,
  more: Record<string, Record<string, Operation>>,
): Record<string, Record<string, Operation>> {
  const merged = { ...paths };
  for (const [path, operations] of Object.entries(more)) merged[path] = { ...merged[path], ...operations };
  return merged;
}

/** The OpenAPI 3.1 description of the client API, built from the same rules the routes enforce. */
export function buildOpenApiDocument(options: { version: string; serverUrl: string }): OpenApiDocument {
  const schemas = componentSchemas();
  const documents = (name: string, path?: string, meta?: Record<string, Schema>) =>
    documentsOf(name, schemas, path, meta);
  const statuses = documents("AppointmentStatus");
  const pages = documents("Page");
  const locations = documents("Location");
  const includeParameter = (rules: CollectionRules<string, string>): Parameter => ({
    name: "include",
    in: "query",
    description: `Related resources to include, comma-separated: ${(rules.includable ?? []).join(", ")}.`,
    ...commaSeparated(rules.includable ?? []),
    // Every one: what a test of links and fieldsets asks for, and what a client can copy.
    example: [...(rules.includable ?? [])],
  });
  return withExamples({
    openapi: "3.1.0",
    info: {
      title: "Termin client API",
      version: options.version,
      description:
        "JSON:API 1.1 resources for the Termin booking apps. Errors are JSON:API error documents with status, code, detail and source. " +
        "A public document (GET without Authorization) may be up to 2 s old: it says Cache-Control: public, max-age=1, stale-while-revalidate=1, " +
        "Age and a weak ETag (If-None-Match answers 304); Cache-Control: no-cache asks for one made now. A write is read back at once by whoever made it. " +
        "Pages on other origins may call every operation from a browser (CORS) where the server's CORS_ORIGINS lists them, and the native app always: bearer tokens, never cookies; Location, Retry-After, Idempotent-Replayed, ETag and Age are readable. " +
        "Pictures, avatars and videos (/images, /avatars, /videos) may be read by a page on any origin (Access-Control-Allow-Origin: *); a calendar file (an appointment's ics_download_link, a secret URL) by the origins CORS_ORIGINS lists.",
    },
    servers: [{ url: options.serverUrl }],
    tags: TAGS.map(({ name, description }) => ({ name, description })),
    paths: withStandardAnswers({
      "/v1c/appointment-statuses": {
        get: {
          summary: "List appointment statuses",
          description: "Fixed ids: 1 new, 2 confirmed, 3 completed, 4 cancelled, 5 no-show, 6 pendingPayment.",
          parameters: collectionParameters(appointmentStatusRules),
          responses: { 200: statuses.collection, 400: errorResponse("Invalid query parameter") },
        },
      },
      "/v1c/appointment-statuses/{id}": {
        get: {
          summary: "Get one appointment status",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^\\d+$" }, example: "2" },
            fieldsParameter(appointmentStatusRules.type, appointmentStatusRules.attributes),
          ],
          responses: { 200: statuses.single, 404: errorResponse("No such status") },
        },
      },
      "/v1c/pages": {
        get: {
          summary: "List content pages in the requested language",
          parameters: [...collectionParameters(pageRules), acceptLanguage],
          responses: { 200: pages.collection, 400: errorResponse("Invalid query parameter") },
        },
      },
      "/v1c/pages/{id}": {
        get: {
          summary: "Get a content page in the requested language",
          parameters: [
            { name: "id", in: "path", required: true, schema: { enum: [...CONTENT_PAGE_IDS] }, example: "terms" },
            fieldsParameter(pageRules.type, pageRules.attributes),
            acceptLanguage,
          ],
          responses: { 200: pages.single, 404: errorResponse("No such page") },
        },
      },
      "/v1c/locations": {
        get: {
          summary: "List locations (places where businesses serve clients)",
          description:
            "Filters take comma-separated values: city and neighborhood by slug, business by id, marketplace_service by slug. Sort by rating (default, best first), name or review_count.",
          parameters: [...collectionParameters(locationRules), includeParameter(locationRules), acceptLanguage],
          responses: { 200: locations.collection, 400: errorResponse("Invalid query parameter") },
        },
      },
      "/v1c/locations/{id}": {
        get: {
          summary: "Get one location",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^\\d+$" }, example: "12" },
            fieldsParameter(locationRules.type, locationRules.attributes),
            includeParameter(locationRules),
            acceptLanguage,
          ],
          responses: { 200: locations.single, 404: errorResponse("No such location") },
        },
      },
      ...searchPaths({
        collection: (schema, path) => documents(schema, path).collection,
        errorResponse,
        acceptLanguage,
        include: includeParameter(locationRules),
        fieldsParameter,
      }),
      "/v1c/marketplace-services": {
        get: {
          summary: "List the marketplace taxonomy (haircut, manicure...), named in the requested language",
          parameters: [...collectionParameters(marketplaceServiceRules), acceptLanguage],
          responses: { 200: documents("MarketplaceService").collection, 400: errorResponse("Invalid query parameter") },
        },
      },
      ...withOperations(
        Object.fromEntries(
          [...OFFER_RESOURCE_DOCS, ...DIRECTORY_RESOURCE_DOCS].flatMap((doc) =>
            Object.entries(readOnlyPaths(doc, doc.rules.includable ? [includeParameter(doc.rules)] : [], documents)),
          ),
        ),
        // Writes on the paths of resources otherwise read like the read-only ones.
        reviewWritePaths({ documents, errorResponse, collectionParameters, fieldsParameter, includeParameter }),
      ),
      ...formPaths({ documents, errorResponse, collectionParameters, fieldsParameter, includeParameter }),
      ...bookingPaths({ documents, errorResponse, collectionParameters, fieldsParameter, includeParameter }),
      ...membershipPaths({ documents, errorResponse, collectionParameters, fieldsParameter, includeParameter }),
      ...waitlistPaths({ documents, errorResponse, collectionParameters, fieldsParameter, includeParameter }),
      ...classPaths({ documents, errorResponse, collectionParameters, fieldsParameter, includeParameter }),
      ...calendarPaths({ errorResponse }),
      ...livePaths({ errorResponse }),
      ...paymentPaths({ documents, errorResponse, collectionParameters, fieldsParameter, includeParameter }),
      ...authPaths({ errorResponse }),
      ...oauthPaths({ errorResponse }),
      ...pushPaths({ errorResponse }),
      ...clientAreaPaths({ documents, errorResponse, collectionParameters, fieldsParameter, includeParameter }),
      ...accountPaths({ documents, errorResponse, collectionParameters, fieldsParameter, includeParameter }),
      "/v1c/media": {
        get: {
          summary: "List media: pictures and videos (the look book is filter[inspiration]=true)",
          description:
            "Filters take comma-separated values: inspiration true or false, kind image or video, marketplace_service by slug, location and business by id. Sort by created_at (default, newest first) or like_count. Pictures come from image_url, videos from video_url (WebM; image_url is the poster).",
          parameters: [...collectionParameters(mediaRules), includeParameter(mediaRules), acceptLanguage],
          responses: { 200: documents("Media").collection, 400: errorResponse("Invalid query parameter") },
        },
      },
      "/v1c/media/{id}": {
        get: {
          summary: "Get one picture or video",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^\\d+$" }, example: "340" },
            fieldsParameter(mediaRules.type, mediaRules.attributes),
            includeParameter(mediaRules),
            acceptLanguage,
          ],
          responses: { 200: documents("Media").single, 404: errorResponse("No such media") },
        },
      },
      "/videos/{id}": {
        get: {
          summary: "A media video's WebM file, with byte ranges for seeking",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^\\d+$" }, example: "341" },
            {
              name: "Range",
              in: "header",
              description: "One byte range, e.g. bytes=0-1023, bytes=1024- or bytes=-500.",
              schema: { type: "string" },
              example: "bytes=0-1048575",
            },
            {
              name: "If-Range",
              in: "header",
              description: "The ETag the client holds: another version gets the whole file.",
              schema: { type: "string" },
              example: '"341-1730700000000"',
            },
          ],
          responses: {
            200: {
              description:
                "The whole file; Accept-Ranges: bytes; a strong ETag; Cache-Control: public, max-age=31536000, immutable",
              content: { "video/webm": {} },
            },
            206: { description: "The asked range, with Content-Range", content: { "video/webm": {} } },
            304: { description: "Not modified (If-None-Match matched the ETag)" },
            404: errorResponse("No such video (unknown id, or a picture)"),
            416: errorResponse("Range past the end of the file; Content-Range: bytes */{size}"),
          },
        },
      },
      "/images/{id}": {
        get: {
          summary: "A media picture, resized so its longest side is s px, as AVIF, WebP or JPEG (by Accept)",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^\\d+$" }, example: "340" },
            { name: "s", in: "query", schema: { enum: [...IMAGE_SIZES], default: 640 }, example: 390 },
          ],
          responses: {
            200: {
              description: "The picture; Cache-Control: public, max-age=31536000, immutable; Vary: Accept",
              content: { "image/avif": {}, "image/webp": {}, "image/jpeg": {} },
            },
            400: errorResponse("Size outside the fixed set"),
            404: errorResponse("No such picture"),
          },
        },
      },
      "/livez": {
        get: {
          summary: "Liveness: the process answers (restart it when it does not)",
          responses: { 200: json("Alive", { $ref: "#/components/schemas/Liveness" }) },
        },
      },
      "/readyz": {
        get: {
          summary:
            "Readiness: the database answers within a second, every migration is applied and the job worker polls",
          responses: {
            200: json("Ready", { $ref: "#/components/schemas/Readiness" }),
            503: json("Not ready (Retry-After): send traffic elsewhere, do not restart", {
              $ref: "#/components/schemas/Readiness",
            }),
          },
        },
      },
      "/healthz": {
        get: {
          summary: "Readiness under its older name (the same answer as /readyz)",
          responses: {
            200: json("Ready", { $ref: "#/components/schemas/Readiness" }),
            503: json("Not ready", { $ref: "#/components/schemas/Readiness" }),
          },
        },
      },
      "/docs/api": {
        get: {
          summary: "This document as a page to read",
          responses: { 200: { description: "The reference", content: { "text/html": {} } } },
        },
      },
      "/v1c/openapi.json": {
        get: {
          summary: "This document (OpenAPI 3.1)",
          responses: {
            200: json("The document", {
              type: "object",
              required: ["openapi", "paths"],
              properties: { openapi: { const: "3.1.0" }, info: { type: "object" }, paths: { type: "object" } },
              example: { openapi: "3.1.0", info: { title: "Termin client API", version: "0.1.0" }, paths: {} },
            }),
          },
        },
      },
      ...notYetAvailablePaths(errorResponse),
    }),
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "The access token POST /auth/token or POST /auth/sign-up answers (15 minutes)",
        },
      },
      schemas,
    },
  });
}

/** The component schemas: resources (each with an example), request documents, paging and errors. */
function componentSchemas(): Record<string, Schema> {
  const schemas: Record<string, Schema> = {
    Liveness: {
      type: "object",
      required: ["status"],
      additionalProperties: false,
      properties: { status: { const: "ok" } },
    },
    Readiness: {
      type: "object",
      required: ["status", "database", "checks"],
      additionalProperties: false,
      properties: {
        status: { enum: ["ok", "unavailable"] },
        database: { enum: ["pglite", "postgres"] },
        checks: {
          type: "object",
          required: ["database", "migrations"],
          additionalProperties: false,
          properties: {
            database: { enum: ["ok", "unreachable"] },
            migrations: { enum: ["ok", "pending", "unknown"] },
            job_worker: { enum: ["ok", "starting", "stalled"] },
          },
        },
      },
    },
    AppointmentStatus: resourceSchema("appointment-statuses", {
      // Fixed ids (decision 0006): a closed set a client may switch on.
      id: { enum: Object.values(APPOINTMENT_STATUS).map(String) },
      exampleId: "2",
      attributes: { name: { type: "string" }, order_index: { type: "integer" } },
      example: { name: "confirmed", order_index: 2 },
      selfLink: true,
    }),
    Page: resourceSchema("pages", {
      id: { enum: [...CONTENT_PAGE_IDS] },
      exampleId: "terms",
      selfLink: true,
      example: {
        language: "en",
        title: "Terms of use",
        summary: "The rules of booking through Termin.",
        blocks: [
          { type: "heading", text: "Booking" },
          { type: "paragraph", text: "A booking is an agreement between you and the business." },
        ],
        updated_at: "2026-11-01T09:00:00.000Z",
      },
      attributes: {
        language: { enum: [...SUPPORTED_LANGUAGES] },
        title: { type: "string" },
        summary: { type: "string" },
        blocks: {
          type: "array",
          items: {
            type: "object",
            properties: { type: { enum: ["heading", "paragraph"] }, text: { type: "string" } },
          },
        },
        updated_at: { type: "string", format: "date-time" },
      },
    }),
    Location: resourceSchema("locations", {
      exampleId: "12",
      selfLink: true,
      description:
        "workingHours, gallery and tags are among its relationships when they are included (include=workingHours,gallery,tags): listing them costs a query each",
      example: {
        slug: "studio-lena-lozenets",
        name: "Studio Lena",
        address: "ul. Krum Popov 21, Sofia",
        latitude: 42.6751,
        longitude: 23.3215,
        time_zone: "Europe/Sofia",
        phone: "+359 88 123 4567",
        description: "Cuts, colour and nails in Lozenets, five minutes from South Park.",
        rating_average: 4.8,
        review_count: 126,
      },
      attributes: {
        slug: { type: "string" },
        name: { type: "string" },
        address: { type: "string" },
        latitude: { type: "number" },
        longitude: { type: "number" },
        time_zone: { type: "string", description: "IANA time zone" },
        phone: { type: "string" },
        description: { type: "string" },
        rating_average: { type: ["number", "null"] },
        review_count: { type: "integer" },
      },
    }),
    Media: resourceSchema("media", {
      exampleId: "340",
      selfLink: true,
      example: {
        kind: "image",
        width: 1600,
        height: 1067,
        alt: "Balayage in warm honey tones",
        image_url: "/images/340",
        video_url: null,
        duration_seconds: null,
        like_count: 17,
        created_at: "2026-10-04T08:12:00.000Z",
      },
      attributes: {
        kind: { enum: ["image", "video"] },
        width: { type: "integer" },
        height: { type: "integer" },
        alt: { type: "string" },
        image_url: { type: "string", description: "GET with ?s={longest side}; a video's poster frame" },
        video_url: { type: ["string", "null"], description: "The WebM file, for kind video" },
        duration_seconds: { type: ["number", "null"] },
        like_count: { type: "integer" },
        created_at: { type: "string", format: "date-time" },
      },
    }),
    MarketplaceService: resourceSchema("marketplace-services", {
      exampleId: "3",
      attributes: { slug: { type: "string" }, name: { type: "string" }, category: { type: "string" } },
      example: { slug: "haircut", name: "Haircut", category: "Hair" },
    }),
    ...Object.fromEntries(
      [...OFFER_RESOURCE_DOCS, ...DIRECTORY_RESOURCE_DOCS].map((doc) => [
        doc.schema,
        resourceSchema(doc.rules.type, { selfLink: true, ...doc.shape }),
      ]),
    ),
    ...SEARCH_SCHEMAS,
    ...FORM_SCHEMAS,
    ...BOOKING_SCHEMAS,
    ...MEMBERSHIP_SCHEMAS,
    ...WAITLIST_SCHEMAS,
    ...CLASS_SCHEMAS,
    ...PAYMENT_SCHEMAS,
    ...REVIEW_SCHEMAS,
    ...AUTH_SCHEMAS,
    ...OAUTH_SCHEMAS,
    ...PUSH_SCHEMAS,
    ...CLIENT_AREA_SCHEMAS,
    ...ACCOUNT_SCHEMAS,
    ErrorMeta: {
      type: "object",
      description: "Machine-readable facts, e.g. reason: which check failed, for apps to word it. Members by code:",
      properties: {
        reason: { type: "string", description: "Which check failed (a 400 of a filter, a 422 of a body)" },
        alternatives: {
          type: "array",
          description: "slot_taken: the nearest free times, free for the client too",
          items: {
            type: "object",
            required: ["starts_at", "ends_at", "employee_ids"],
            properties: {
              starts_at: { type: "string" },
              ends_at: { type: "string" },
              employee_ids: { type: "array", items: { type: "string" } },
            },
          },
        },
        appointment_id: { type: "string", description: "overlaps_own_booking: the appointment in the way" },
        appointment_client_id: { type: "string", description: "overlaps_own_booking: its appointment-clients id" },
        booking_hold_id: { type: "string", description: "overlaps_own_booking: the hold in the way" },
        starts_at: { type: "string", description: "overlaps_own_booking: when what is in the way starts" },
        ends_at: { type: "string", description: "overlaps_own_booking: and ends" },
      },
    },
    JsonApiVersion: {
      type: "object",
      required: ["version"],
      properties: { version: { const: "1.1" } },
    },
    PageMeta: {
      type: "object",
      required: ["total", "pageNumber", "pageSize", "pageCount"],
      example: { total: 93, pageNumber: 2, pageSize: 20, pageCount: 5 },
      properties: {
        total: { type: "integer" },
        pageNumber: { type: "integer" },
        pageSize: { type: "integer" },
        pageCount: { type: "integer" },
      },
    },
    PageLinks: {
      type: "object",
      required: ["self", "first", "last", "prev", "next"],
      properties: {
        self: { type: "string" },
        first: { type: "string" },
        last: { type: "string" },
        prev: { type: ["string", "null"] },
        next: { type: ["string", "null"] },
      },
    },
    ErrorDocument: {
      type: "object",
      required: ["errors"],
      properties: {
        jsonapi: { $ref: "#/components/schemas/JsonApiVersion" },
        errors: {
          type: "array",
          items: {
            type: "object",
            required: ["status", "code", "detail"],
            properties: {
              status: { type: "string" },
              code: {
                enum: Object.keys(ERROR_STATUS),
                description: "What went wrong, for code to decide by (never by the HTTP status alone)",
              },
              detail: { type: "string" },
              source: {
                type: "object",
                properties: {
                  pointer: { type: "string" },
                  parameter: { type: "string" },
                  header: { type: "string" },
                },
              },
              meta: { $ref: "#/components/schemas/ErrorMeta" },
            },
          },
        },
      },
    },
    OAuthErrorDocument: {
      description:
        "An error of the OAuth endpoints (/auth/token, /auth/revoke), as application/json: RFC 6749's error and error_description (the first error's code and detail), beside the same errors as every other answer",
      allOf: [
        { $ref: "#/components/schemas/ErrorDocument" },
        {
          type: "object",
          required: ["error"],
          properties: { error: { type: "string" }, error_description: { type: "string" } },
        },
      ],
    },
  };
  return { ...schemas, IncludedResource: includedResourceSchema(schemas) };
}

/**
 * A resource of a compound document's `included`: whichever resource schema its type names (each checked against
 * its own), e.g. a location's business.
 */
function includedResourceSchema(schemas: Record<string, Schema>): Schema {
  const byType = Object.entries(schemas).flatMap(([name, schema]) => {
    const type = (schema.properties as { type?: { const?: unknown } } | undefined)?.type?.const;
    return typeof type === "string" ? [[type, name] as const] : [];
  });
  // One of them, told apart by `type` (each schema's constant): what a compiler narrows a generated union by.
  return {
    oneOf: byType.map(([, name]) => ({ $ref: `#/components/schemas/${name}` })),
    discriminator: {
      propertyName: "type",
      mapping: Object.fromEntries(byType.map(([type, name]) => [type, `#/components/schemas/${name}`])),
    },
    example: schemas.Business?.example,
  };
}
