import { eq } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { oauthClients } from "@termin/db/account-schema";
import { AppError } from "../http/app-error.ts";
import { verifyPassword } from "../auth/passwords.ts";

export type OAuthClient = typeof oauthClients.$inferSelect;

export async function findOAuthClient(db: Database, clientId: string): Promise<OAuthClient | undefined> {
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.id, clientId)).limit(1);
  return client;
}

/** `Authorization: Basic base64(client_id:client_secret)`, each part form-encoded (RFC 6749 section 2.3.1). */
function basicCredentials(authorization: string | undefined): { id: string; secret: string } | undefined {
  const match = /^basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? "");
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return undefined;
  const part = (value: string) => decodeURIComponent(value.replace(/\+/g, " "));
  return { id: part(decoded.slice(0, colon)), secret: part(decoded.slice(colon + 1)) };
}

const INVALID_CLIENT = "The client is unknown or its credentials are not correct.";

/**
 * The OAuth client a token request comes from: none (the web app itself) when it names none; a public client
 * by its `client_id`; a confidential one only with its secret (HTTP Basic or `client_secret` in the body).
 */
export async function authenticateTokenClient(
  db: Database,
  request: { authorization: string | undefined; clientId: string | undefined; clientSecret: string | undefined },
): Promise<OAuthClient | undefined> {
  const basic = basicCredentials(request.authorization);
  const id = basic?.id ?? request.clientId;
  const secret = basic?.secret ?? request.clientSecret;
  if (id === undefined) return undefined;
  const client = await findOAuthClient(db, id);
  const challenge: Record<string, string> = basic ? { "www-authenticate": 'Basic realm="termin"' } : {};
  if (!client) throw new AppError("invalid_client", INVALID_CLIENT, { pointer: "/client_id" }, challenge);
  if (client.type === "confidential") {
    if (!secret || !client.secretHash || !(await verifyPassword(client.secretHash, secret))) {
      throw new AppError("invalid_client", INVALID_CLIENT, { pointer: "/client_secret" }, challenge);
    }
  }
  return client;
}

/**
 * A sign-in that asks for the client's credentials directly (the password grant, a native app's Google ID token)
 * is the web app's own (no client: it may do everything) or one of our first-party apps' (bound to that client and
 * its scopes); a partner's app must send the client through the authorize page, never ask for the password or a
 * provider's token (decision 0036).
 */
export function firstPartyGrant(
  client: OAuthClient | undefined,
  pointer: "/grant_type" | "/client_id",
): { oauthClientId: string; scope: string } | undefined {
  if (!client) return undefined;
  if (!client.firstParty) {
    throw new AppError(
      "unauthorized_client",
      "This client may not sign clients in with their credentials: use the authorization code flow.",
      { pointer },
    );
  }
  return { oauthClientId: client.id, scope: client.scopes.join(" ") };
}
