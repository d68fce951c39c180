import { eq } from "drizzle-orm";
import type { Database } from "@termin/db/database";
import { oauthClients } from "@termin/db/account-schema";
import { hashPassword } from "../auth/passwords.ts";
import { newSecretToken } from "../auth/secret-tokens.ts";
import { isOAuthScope, OAUTH_SCOPES } from "./scopes.ts";

export interface NewOAuthClient {
  id: string;
  name: string;
  type: "public" | "confidential";
  redirectUris: string[];
  firstParty?: boolean;
  /** Default: every scope. */
  scopes?: string[];
}

/** Why a registration is refused, in words for the operator; undefined when it is fine. */
export function registrationProblem(client: NewOAuthClient): string | undefined {
  if (!/^[a-z0-9][a-z0-9._-]{1,63}$/.test(client.id)) return "the client id must be 2-64 of a-z, 0-9, '.', '_', '-'";
  if (!client.name.trim()) return "the client needs a name (the consent page shows it)";
  if (client.redirectUris.length === 0) return "the client needs at least one redirect URI";
  for (const uri of client.redirectUris) {
    if (!URL.canParse(uri) || new URL(uri).hash) return `"${uri}" is not an absolute URI without a fragment`;
  }
  const unknown = (client.scopes ?? []).find((scope) => !isOAuthScope(scope));
  if (unknown) return `"${unknown}" is not a scope (there are: ${OAUTH_SCOPES.join(", ")})`;
  return undefined;
}

/**
 * Registers an OAuth client. A confidential client gets a new secret, answered here once: only its argon2id
 * hash is kept, as for passwords (a secret is random and long, but the hash costs nothing noticeable on a rare
 * token request and keeps one way of keeping secrets).
 */
export async function addOAuthClient(db: Database, client: NewOAuthClient): Promise<{ secret?: string }> {
  const problem = registrationProblem(client);
  if (problem) throw new Error(problem);
  const secret = client.type === "confidential" ? newSecretToken() : undefined;
  await db.insert(oauthClients).values({
    id: client.id,
    name: client.name.trim(),
    type: client.type,
    secretHash: secret ? await hashPassword(secret) : null,
    redirectUris: client.redirectUris,
    firstParty: client.firstParty ?? false,
    scopes: client.scopes ?? [...OAUTH_SCOPES],
  });
  return secret ? { secret } : {};
}

export function listOAuthClients(db: Database) {
  return db
    .select({
      id: oauthClients.id,
      name: oauthClients.name,
      type: oauthClients.type,
      firstParty: oauthClients.firstParty,
      redirectUris: oauthClients.redirectUris,
      scopes: oauthClients.scopes,
    })
    .from(oauthClients)
    .orderBy(oauthClients.id);
}

/** Removes a client; its sign-ins, codes and consents go with it (foreign keys cascade). */
export async function removeOAuthClient(db: Database, id: string): Promise<boolean> {
  const removed = await db.delete(oauthClients).where(eq(oauthClients.id, id)).returning({ id: oauthClients.id });
  return removed.length > 0;
}
