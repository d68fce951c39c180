import { SUPPORTED_LANGUAGES } from "@termin/domain/languages";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../auth/password-rules.ts";
import { SIGNED_IN, type ClientDocParts, type Response, type Schema } from "./client-openapi-parts.ts";
import type { Operation } from "./document-types.ts";
import type { ErrorCode } from "../http/app-error.ts";

const FORM = "application/x-www-form-urlencoded";
/** The 400s of any request: a query parameter it does not take, a body that is not JSON or a form. */
const MALFORMED = ["invalid_parameter", "invalid_path", "bad_request"] as const;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** Every /auth body may be sent as JSON or as a form (OAuth clients send forms). */
const body = (schema: string, example: Record<string, unknown>) => ({
  required: true,
  content: { "application/json": { schema: ref(schema), example }, [FORM]: { schema: ref(schema), example } },
});
/** The token of a mailed link (its `token` query parameter), as the examples show one. */
const MAILED_TOKEN = "kq3Zr8VtN2xLp5Wm9Hc4Ya7Ds1Fg6Bj0";
const REFRESH_TOKEN = "r1T9wQ4eZ7uY2iO5pA8sD3fG6hJ0kL1z";
const EMAIL = "maria.koleva@example.com";
const json = (description: string, schema: string): Response => ({
  description,
  content: { "application/json": { schema: ref(schema) } },
});
const empty = (description: string): Response => json(description, "Empty");

const PASSWORD_RULES = `Passwords: ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not the e-mail address, not a commonly used password.`;
const BOT_CHECK =
  "When the bot check is on (Turnstile), bot_check_token must hold the widget's token, else 400 bot_check_failed.";

/** The /auth endpoints: tokens (OAuth 2 style), sign-up, e-mail verification and passwords. */
export function authPaths(parts: {
  errorResponse: ClientDocParts["errorResponse"];
}): Record<string, Record<string, Operation>> {
  const { errorResponse } = parts;
  // The OAuth endpoints' errors are application/json with RFC 6749's error and error_description (section 5.2).
  const oauthError = (description: string, codes: readonly ErrorCode[]): Response => ({
    ...errorResponse(description, codes),
    content: { "application/json": { schema: { $ref: "#/components/schemas/OAuthErrorDocument" } } },
  });
  const invalid = errorResponse("Invalid fields, each with source.pointer (e.g. /email)");
  const unauthorized = errorResponse("Not signed in, or the token expired or was revoked");
  // Its Retry-After header is declared with every 429's (openapi.ts, withHeaders).
  const rateLimited = errorResponse("Too many attempts (rate_limited); Retry-After says in how many seconds to retry");
  return {
    "/auth/token": {
      post: {
        summary:
          "Sign in: exchange an authorization code (grant_type=authorization_code), renew the tokens (refresh_token), or the web app's and our own apps' password sign-in (password)",
        description:
          "OAuth 2 token endpoint (RFC 6749), callable from any origin without credentials (public clients in a browser call it cross-origin). " +
          "authorization_code: the code from GET /auth/authorize (once, within 60 seconds) with the same redirect_uri, the client's client_id and the PKCE code_verifier whose S256 challenge the authorize request sent (RFC 7636; plain is not supported). A confidential client also authenticates with its client_secret (HTTP Basic, or client_secret in the body); public clients have none. A code presented a second time is refused (invalid_grant) and the sign-in it gave is revoked. The answer's scope says what the tokens may do (see the discovery document). " +
          "refresh_token: the token is spent and a new pair is issued for the same sign-in; a sign-in given to an OAuth client renews only with that client's client_id (and secret); a spent token presented again more than 30 seconds after its first use signs that sign-in out everywhere (400 invalid_grant). " +
          "password: username is the e-mail address; without client_id it is the web app's own sign-in, with a first-party client_id (our native app) that app's; any other registered client gets 400 unauthorized_client. An unknown address, a wrong password and a deleted account all answer 400 invalid_grant with the same detail. Limits: 10 failed sign-ins per e-mail address per 15 minutes and 20 attempts per IP address per minute, then 429. " +
          "Access tokens last 15 minutes, refresh tokens 30 days. Send the access token as `Authorization: Bearer {access_token}`.",
        requestBody: body("TokenRequest", {
          grant_type: "authorization_code",
          code: "Zx8vQ2mN5kL1pR7tY4wB9cF3hJ6sD0gA2eU5iO8nM1q",
          redirect_uri: "http://127.0.0.1:8765/callback",
          client_id: "demo-partner",
          code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
        }),
        responses: {
          200: json("The new tokens", "TokenResponse"),
          400: oauthError(
            "invalid_request (a missing or malformed field, with source.pointer), invalid_grant (a wrong password; a code unknown, expired, used before, for another client or redirect_uri, or whose verifier does not match; a refresh token not valid for this client), unauthorized_client (a partner's client asking for the password grant), unsupported_grant_type; bad_request: the body is not JSON or a form",
            ["invalid_grant", "invalid_request", "unauthorized_client", "unsupported_grant_type", ...MALFORMED],
          ),
          401: oauthError(
            "invalid_client: an unknown client_id, or a confidential client without its correct secret (WWW-Authenticate: Basic when it was sent that way)",
            ["invalid_client"],
          ),
          429: oauthError("Too many attempts (rate_limited); Retry-After says in how many seconds to retry", [
            "rate_limited",
          ]),
        },
        security: [],
      },
    },
    "/auth/revoke": {
      post: {
        summary: "Sign out: revoke the sign-in a refresh or access token belongs to",
        description: "RFC 7009. Answers 200 for unknown tokens too.",
        requestBody: body("RevokeRequest", { token: REFRESH_TOKEN, token_type_hint: "refresh_token" }),
        responses: {
          200: empty("Signed out"),
          400: oauthError("token is missing (invalid_request)", ["invalid_request"]),
        },
      },
    },
    "/auth/social": {
      post: {
        summary: "Sign in with Google: exchange an OpenID Connect authorization code, or a native app's ID token",
        description:
          "The caller ran the authorization request itself (scope openid email profile, PKCE S256, a nonce, prompt=select_account) and sends the code with its code_verifier, the same redirect_uri, the nonce and the response's iss. The API exchanges the code and checks the ID token. Our own native app may send instead the ID token its platform's Google sign-in got (Android: audience the server's Google client; iOS: the iOS app's), the nonce it gave that sign-in and its client_id: the API checks the token's signature, issuer, audience, expiry and nonce, and the sign-in is bound to that app and its scopes (another app's client_id is 400 unauthorized_client, an unknown one 401 invalid_client). The client is the one this Google account signed in as before; else the account with the same e-mail when Google and we have both verified it; else a new account without a password (language from Accept-Language, else the locale claim). 404 when social login is not configured.",
        requestBody: body("SocialSignInRequest", {
          provider: "google",
          code: "4/0AbCdEfGhIjKlMnOp",
          code_verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
          redirect_uri: "https://termin.example/auth/google/callback",
          nonce: "n-0S6_WzA2Mj",
        }),
        responses: {
          200: json("Signed in", "TokenResponse"),
          400: errorResponse(
            "social_login_failed (the provider refused the code, or the ID token failed a check; detail says why), account_deleted, unauthorized_client",
            ["social_login_failed", "account_deleted", "invalid_request", "unauthorized_client", ...MALFORMED],
          ),
          401: errorResponse("invalid_client: the client_id is not a registered client", ["invalid_client"]),
          404: errorResponse("Social login is not configured"),
          409: errorResponse("An account has this e-mail address and it cannot be linked (not verified on both sides)"),
          422: invalid,
          503: errorResponse("The provider could not be reached"),
        },
      },
    },
    "/auth/sign-up": {
      post: {
        summary: "Create a client account; it is signed in at once",
        description: `The e-mail address is stored trimmed and lower-cased; a mail with a link to confirm it is sent in the chosen language. ${PASSWORD_RULES} phone is the number as typed with phone_country (ISO 3166-1 alpha-2); it is stored as the national number's digits. ${BOT_CHECK}`,
        requestBody: body("SignUpRequest", {
          email: EMAIL,
          password: "a long passphrase of mine",
          first_name: "Maria",
          last_name: "Koleva",
          language: "bg",
          phone: "088 812 3456",
          phone_country: "BG",
        }),
        responses: {
          201: json("Signed in", "TokenResponse"),
          400: errorResponse("bot_check_failed: the bot check did not confirm a person", [
            "bot_check_failed",
            ...MALFORMED,
          ]),
          409: errorResponse("A live account has this e-mail address (source.pointer /email)"),
          422: errorResponse("Invalid fields, each with source.pointer (e.g. /email); invalid_phone_number at /phone", [
            "invalid_phone_number",
          ]),
        },
      },
    },
    "/auth/email-verification": {
      post: {
        summary: "Mail the signed-in client a new link to confirm their e-mail address",
        description: `${SIGNED_IN} At most 5 an hour. The link (24 hours, once) opens {language}/verify-email?token=... on the web app.`,
        responses: {
          202: empty("Mail sent"),
          401: unauthorized,
          409: errorResponse("The address is already confirmed"),
          429: rateLimited,
        },
      },
    },
    "/auth/email-verification/confirm": {
      post: {
        summary: "Confirm an e-mail address with the token of the mailed link",
        description: "Needs no sign-in (the link may be opened on another device).",
        requestBody: body("TokenOnlyRequest", { token: MAILED_TOKEN }),
        responses: {
          200: empty("Confirmed"),
          422: errorResponse("The link expired, was used, or is unknown (link_not_valid, source.pointer /token)", [
            "link_not_valid",
          ]),
        },
      },
    },
    "/auth/password-reset": {
      post: {
        summary: "Forgotten password: mail a link to set a new one",
        description: `Always 202, whether or not an account has the address. At most 5 requests per address and 20 per IP address an hour, then 429. The link (1 hour, once) opens {language}/reset-password?token=...; the mail and its link are in the account's language, as its booking mails are. ${BOT_CHECK}`,
        requestBody: body("PasswordResetRequest", { email: EMAIL }),
        responses: {
          202: empty("Accepted"),
          400: errorResponse("bot_check_failed: the bot check did not confirm a person", [
            "bot_check_failed",
            ...MALFORMED,
          ]),
          422: invalid,
          429: rateLimited,
        },
      },
    },
    "/auth/password-reset/check": {
      post: {
        summary: "Tell whether the token of a mailed password-reset link can still set a password",
        description: "Does not spend the link. Needs no sign-in.",
        requestBody: body("TokenOnlyRequest", { token: MAILED_TOKEN }),
        responses: {
          200: empty("The link can be used"),
          422: errorResponse("The link expired, was used, or is unknown (link_not_valid, source.pointer /token)", [
            "link_not_valid",
          ]),
        },
      },
    },
    "/auth/password-reset/confirm": {
      post: {
        summary: "Set a new password with the token of the mailed link",
        description: `${PASSWORD_RULES} Also confirms the e-mail address and signs the account out everywhere. A refused password leaves the link usable.`,
        requestBody: body("PasswordResetConfirmRequest", { token: MAILED_TOKEN, password: "a new long passphrase" }),
        responses: {
          200: empty("Password set"),
          422: errorResponse(
            "Invalid fields (source.pointer), or the link expired, was used or is unknown (link_not_valid)",
            ["link_not_valid"],
          ),
        },
      },
    },
    "/auth/password": {
      post: {
        summary: "Change the signed-in client's password",
        description: `${SIGNED_IN} current_password is required when the account has a password (accounts made by social login set their first one without it); wrong ones count as failed sign-ins. ${PASSWORD_RULES} Every other sign-in of the account is signed out.`,
        requestBody: body("ChangePasswordRequest", {
          current_password: "a long passphrase of mine",
          new_password: "a new long passphrase",
        }),
        responses: {
          200: empty("Password changed"),
          401: unauthorized,
          422: errorResponse("Wrong current_password (wrong_password) or a refused new_password (source.pointer)", [
            "wrong_password",
          ]),
          429: rateLimited,
        },
      },
    },
  };
}

const string = { type: "string" };
const object = (required: string[], properties: Record<string, Schema>): Schema => ({
  type: "object",
  required,
  properties,
});

/** An e-mail address as the API reads it: spaces around and letter case do not matter. */
const emailInput = { ...string, description: "An e-mail address; spaces around it and letter case are ignored" };

/** How a token request names its OAuth client (RFC 6749 section 2.3.1); a confidential one may use HTTP Basic instead. */
const CLIENT_CREDENTIALS = {
  client_id: {
    ...string,
    description:
      "The registered client (required for authorization_code unless sent as HTTP Basic); none for the web app itself",
  },
  client_secret: { ...string, description: "A confidential client's secret (or send both as HTTP Basic)" },
};

export const AUTH_SCHEMAS: Record<string, Schema> = {
  TokenRequest: {
    oneOf: [
      object(["grant_type", "code", "redirect_uri", "code_verifier"], {
        grant_type: { const: "authorization_code" },
        code: string,
        redirect_uri: { ...string, description: "The authorize request's redirect_uri, exactly" },
        code_verifier: { ...string, pattern: "^[A-Za-z0-9._~-]{43,128}$" },
        ...CLIENT_CREDENTIALS,
      }),
      object(["grant_type", "refresh_token"], {
        grant_type: { const: "refresh_token" },
        refresh_token: string,
        ...CLIENT_CREDENTIALS,
      }),
      object(["grant_type", "username", "password"], {
        grant_type: { const: "password" },
        username: emailInput,
        password: string,
        ...CLIENT_CREDENTIALS,
      }),
    ],
  },
  TokenResponse: {
    ...object(["token_type", "access_token", "refresh_token", "expires_in"], {
      token_type: { const: "Bearer" },
      access_token: string,
      refresh_token: string,
      expires_in: { type: "integer", description: "Seconds the access token lasts" },
      scope: {
        ...string,
        description:
          "Space-separated scopes the tokens carry, on sign-ins given to an OAuth client (none: the web app's own, which may do everything)",
        example: "appointments profile",
      },
    }),
    example: {
      token_type: "Bearer",
      access_token: "a7Fq2LmZ9xWc4VtR8nBp1YsK6hDj3GuE0oTi5XvNbQw",
      refresh_token: REFRESH_TOKEN,
      expires_in: 900,
    },
  },
  RevokeRequest: object(["token"], { token: string, token_type_hint: { enum: ["refresh_token", "access_token"] } }),
  SignUpRequest: object(["email", "password", "first_name", "last_name", "language"], {
    email: { ...emailInput, maxLength: 254 },
    password: { ...string, minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH },
    first_name: { ...string, maxLength: 100 },
    last_name: { ...string, maxLength: 100 },
    language: { enum: [...SUPPORTED_LANGUAGES] },
    phone: { ...string, description: "As typed, e.g. 088 123 4567; needs phone_country" },
    phone_country: { ...string, description: "ISO 3166-1 alpha-2, e.g. BG" },
    bot_check_token: string,
  }),
  SocialSignInRequest: {
    oneOf: [
      object(["provider", "code", "code_verifier", "redirect_uri", "nonce"], {
        provider: { const: "google" },
        code: string,
        code_verifier: string,
        redirect_uri: { ...string, format: "uri" },
        nonce: string,
        iss: { ...string, description: "The authorization response's iss parameter (RFC 9207), when sent" },
      }),
      object(["provider", "id_token", "nonce", "client_id"], {
        provider: { const: "google" },
        id_token: { ...string, description: "The ID token the platform's Google sign-in gave the app (a JWT)" },
        nonce: { ...string, description: "The nonce the app gave Google's sign-in; the ID token must carry it" },
        client_id: { ...string, description: "The first-party app's OAuth client (termin-app)" },
      }),
    ],
  },
  TokenOnlyRequest: object(["token"], { token: string }),
  PasswordResetRequest: object(["email"], { email: emailInput, bot_check_token: string }),
  PasswordResetConfirmRequest: object(["token", "password"], { token: string, password: string }),
  ChangePasswordRequest: object(["new_password"], { current_password: string, new_password: string }),
  Empty: { type: "object", additionalProperties: false },
};
