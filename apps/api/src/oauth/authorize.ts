import { and, eq, sql } from "drizzle-orm";
import type { AuthorizeOutcome } from "@termin/contracts/oauth";
import type { Database } from "@termin/db/database";
import { oauthConsents } from "@termin/db/oauth-schema";
import { AppError } from "../http/app-error.ts";
import type { SignedInClient } from "../auth/authenticate.ts";
import { createAuthorizationCode } from "./authorization-codes.ts";
import { findOAuthClient } from "./oauth-clients.ts";
import { S256_CHALLENGE } from "./pkce.ts";
import { isRegisteredRedirectUri } from "./redirect-uris.ts";
import { requestedScopes, scopeList } from "./scopes.ts";

/** An authorize request's parameters (RFC 6749 section 4.1.1, RFC 7636 section 4.3), as the page received them. */
export interface AuthorizeRequest {
  response_type?: string | undefined;
  client_id: string;
  redirect_uri: string;
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
  scope?: string | undefined;
  state?: string | undefined;
  /** The client's answer on the consent page. */
  decision?: "allow" | "deny" | undefined;
}

/** The redirect back to the client with `params` and the request's `state` as sent, and our `iss` (RFC 9207). */
function redirectBack(request: AuthorizeRequest, issuer: string, params: Record<string, string>) {
  const url = new URL(request.redirect_uri);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  if (request.state !== undefined) url.searchParams.set("state", request.state);
  url.searchParams.set("iss", issuer);
  return { action: "redirect", location: url.href } as const;
}

async function consentedScopes(db: Database, clientId: string, oauthClientId: string): Promise<string[]> {
  const [consent] = await db
    .select({ scope: oauthConsents.scope })
    .from(oauthConsents)
    .where(and(eq(oauthConsents.clientId, clientId), eq(oauthConsents.oauthClientId, oauthClientId)));
  return consent ? scopeList(consent.scope) : [];
}

/** Remembers the consent, adding to what was consented before, so a later request within it skips the page. */
async function rememberConsent(db: Database, clientId: string, oauthClientId: string, scopes: readonly string[]) {
  const scope = scopeList([...(await consentedScopes(db, clientId, oauthClientId)), ...scopes].join(" ")).join(" ");
  await db
    .insert(oauthConsents)
    .values({ clientId, oauthClientId, scope })
    .onConflictDoUpdate({
      target: [oauthConsents.clientId, oauthConsents.oauthClientId],
      set: { scope, updatedAt: sql`now()` },
    });
}

/**
 * One step of the authorize page (decision 0036). An unknown client or an unregistered redirect_uri is an error
 * the page shows on our origin (never a redirect: it could send the visitor anywhere). Every other refusal goes
 * back to the client's redirect_uri as error=... (RFC 6749 section 4.1.2.1). Then: sign in first; then the consent
 * page, unless the client is ours or the client consented to these scopes before; then the code.
 */
export async function authorize(options: {
  db: Database;
  issuer: string;
  request: AuthorizeRequest;
  signedIn: SignedInClient | undefined;
  now?: Date;
}): Promise<AuthorizeOutcome> {
  const { db, request, signedIn, issuer } = options;
  const client = await findOAuthClient(db, request.client_id);
  if (!client) {
    throw new AppError("unknown_client", `There is no client "${request.client_id}".`, { pointer: "/client_id" });
  }
  if (!isRegisteredRedirectUri(client.redirectUris, request.redirect_uri)) {
    throw new AppError("invalid_redirect_uri", `This redirect_uri is not registered for "${client.id}".`, {
      pointer: "/redirect_uri",
    });
  }
  const refuse = (error: string, description: string) =>
    redirectBack(request, issuer, { error, error_description: description });
  if (request.response_type !== "code") return refuse("unsupported_response_type", 'response_type must be "code".');
  // The method first: a `plain` challenge is refused for its method, not for not looking like an S256 one.
  if (request.code_challenge_method !== "S256") {
    return refuse(
      "invalid_request",
      request.code_challenge_method
        ? `code_challenge_method must be "S256" (exactly), not "${request.code_challenge_method}".`
        : 'code_challenge_method is required: "S256".',
    );
  }
  if (!request.code_challenge || !S256_CHALLENGE.test(request.code_challenge)) {
    return refuse("invalid_request", "code_challenge is required: BASE64URL(SHA-256(code_verifier)), 43 characters.");
  }
  const scopes = requestedScopes(request.scope, client.scopes);
  if (!scopes) return refuse("invalid_scope", `The scopes this client may ask for: ${client.scopes.join(" ")}.`);

  const named = { id: client.id, name: client.name };
  if (!signedIn) return { action: "sign_in", client: named };
  if (request.decision === "deny") return refuse("access_denied", "The account holder did not allow this app access.");
  if (!client.firstParty) {
    if (request.decision === "allow") {
      await rememberConsent(db, signedIn.clientId, client.id, scopes);
    } else {
      const consented = await consentedScopes(db, signedIn.clientId, client.id);
      if (!scopes.every((scope) => consented.includes(scope))) return { action: "consent", client: named, scopes };
    }
  }
  const code = await createAuthorizationCode({
    db,
    oauthClientId: client.id,
    clientId: signedIn.clientId,
    redirectUri: request.redirect_uri,
    codeChallenge: request.code_challenge,
    scope: scopes.join(" "),
    ...(options.now ? { now: options.now } : {}),
  });
  return redirectBack(request, issuer, { code });
}
