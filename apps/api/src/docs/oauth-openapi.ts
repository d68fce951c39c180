import { OAUTH_SCOPES, SCOPE_DESCRIPTIONS } from "../oauth/scopes.ts";
import type { ClientDocParts, Response, Schema } from "./client-openapi-parts.ts";
import type { Operation } from "./document-types.ts";

const FORM = "application/x-www-form-urlencoded";
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const string = { type: "string" };
const SCOPES = OAUTH_SCOPES.map((scope) => `${scope}: ${SCOPE_DESCRIPTIONS[scope]}`).join(" ");

/**
 * The OAuth 2.1 code flow's API side (decision 0036): the discovery document and the steps the authorize page
 * (GET /auth/authorize, a web page, not an API operation) asks the API for.
 */
export function oauthPaths(parts: {
  errorResponse: ClientDocParts["errorResponse"];
}): Record<string, Record<string, Operation>> {
  const { errorResponse } = parts;
  const example = {
    client_id: "demo-partner",
    redirect_uri: "http://127.0.0.1:8765/callback",
    response_type: "code",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
    scope: "profile appointments",
    state: "af0ifjsldkj",
  };
  const answer: Response = {
    description: "The next step",
    content: { "application/json": { schema: ref("AuthorizeOutcome") } },
  };
  return {
    "/.well-known/oauth-authorization-server": {
      get: {
        summary:
          "The authorization server's metadata (RFC 8414): where to send a client to sign in, and what is supported",
        description: `Every URL is absolute, from this site's public origin; readable from any origin. Sign a client in with the authorization code flow and PKCE: send the browser to authorization_endpoint with response_type=code, client_id, a redirect_uri registered for the client, code_challenge (S256), state and scope; the redirect back carries code, state as sent and iss; exchange the code at token_endpoint. Scopes: ${SCOPES} Partners' clients are registered by us (npm run oauth-clients) until a partner console exists.`,
        security: [],
        responses: {
          200: {
            description: "The metadata",
            content: { "application/json": { schema: ref("AuthorizationServerMetadata") } },
          },
        },
      },
    },
    "/auth/authorizations": {
      post: {
        summary: "One step of the authorize page: what to show next, or where to send the browser",
        description:
          "For the web app's authorize page (GET /auth/authorize), which sends the request's parameters and, when the visitor is signed in, the web app's own access token; a token given to an OAuth client is refused (403 forbidden). Partners send the browser to GET /auth/authorize instead (see the discovery document). An unknown client_id or a redirect_uri not registered for it answers 400 and the page shows the error on our origin, never redirecting. Every other problem is a redirect back with error (invalid_request: code_challenge missing or not S256; unsupported_response_type; invalid_scope; access_denied when the client denies) and state as sent (RFC 6749 section 4.1.2.1). Signed out: sign_in. A partner's client the visitor has not yet allowed these scopes: consent; then the same request with decision allow (remembered for that client and those scopes) or deny. Otherwise, and for our own apps without asking: the redirect with a code valid once for 60 seconds.",
        security: [{}, { bearer: [] }],
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: ref("AuthorizeRequest"), example },
            [FORM]: { schema: ref("AuthorizeRequest"), example },
          },
        },
        responses: {
          200: answer,
          400: errorResponse(
            "unknown_client: no client has this client_id; invalid_redirect_uri: the redirect_uri is not registered for it (source.pointer names the parameter)",
            ["unknown_client", "invalid_redirect_uri", "invalid_parameter", "invalid_path", "bad_request"],
          ),
          401: errorResponse("The token expired or was revoked"),
          403: errorResponse(
            "forbidden: the token was given to an OAuth client, not the web app; insufficient_scope: it lacks profile",
            ["forbidden", "insufficient_scope"],
          ),
        },
      },
    },
  };
}

const object = (required: string[], properties: Record<string, Schema>): Schema => ({
  type: "object",
  required,
  properties,
});
const client = object(["id", "name"], { id: string, name: { ...string, description: "Shown to the client" } });

export const OAUTH_SCHEMAS: Record<string, Schema> = {
  AuthorizationServerMetadata: {
    ...object(
      [
        "issuer",
        "authorization_endpoint",
        "token_endpoint",
        "revocation_endpoint",
        "response_types_supported",
        "grant_types_supported",
        "code_challenge_methods_supported",
        "scopes_supported",
        "token_endpoint_auth_methods_supported",
      ],
      {
        issuer: { ...string, format: "uri" },
        authorization_endpoint: { ...string, format: "uri" },
        token_endpoint: { ...string, format: "uri" },
        revocation_endpoint: { ...string, format: "uri" },
        response_types_supported: { type: "array", items: { const: "code" } },
        response_modes_supported: { type: "array", items: { const: "query" } },
        grant_types_supported: { type: "array", items: { enum: ["authorization_code", "refresh_token", "password"] } },
        code_challenge_methods_supported: { type: "array", items: { const: "S256" } },
        scopes_supported: { type: "array", items: { enum: [...OAUTH_SCOPES] } },
        token_endpoint_auth_methods_supported: {
          type: "array",
          items: { enum: ["none", "client_secret_basic", "client_secret_post"] },
        },
        revocation_endpoint_auth_methods_supported: { type: "array", items: string },
        authorization_response_iss_parameter_supported: { type: "boolean" },
        service_documentation: { ...string, format: "uri" },
      },
    ),
    example: {
      issuer: "https://termin.example",
      authorization_endpoint: "https://termin.example/auth/authorize",
      token_endpoint: "https://termin.example/auth/token",
      revocation_endpoint: "https://termin.example/auth/revoke",
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "refresh_token", "password"],
      code_challenge_methods_supported: ["S256"],
      scopes_supported: [...OAUTH_SCOPES],
      token_endpoint_auth_methods_supported: ["none", "client_secret_basic", "client_secret_post"],
    },
  },
  AuthorizeRequest: object(["client_id", "redirect_uri"], {
    client_id: string,
    redirect_uri: string,
    response_type: string,
    code_challenge: string,
    code_challenge_method: string,
    scope: { ...string, description: "Space-separated; none asks for every scope the client may have" },
    state: string,
    decision: { enum: ["allow", "deny"], description: "The client's answer on the consent page" },
  }),
  AuthorizeOutcome: {
    example: {
      action: "consent",
      client: { id: "demo-partner", name: "Demo Partner" },
      scopes: ["appointments", "profile"],
    },
    oneOf: [
      object(["action", "location"], {
        action: { const: "redirect" },
        location: {
          ...string,
          description: "Where to send the browser: the redirect_uri with code or error, state and iss",
        },
      }),
      object(["action", "client"], { action: { const: "sign_in" }, client }),
      object(["action", "client", "scopes"], {
        action: { const: "consent" },
        client,
        scopes: { type: "array", items: { enum: [...OAUTH_SCOPES] } },
      }),
    ],
  },
};
