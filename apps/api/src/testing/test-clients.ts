import { randomUUID } from "node:crypto";
import type { Database } from "@termin/db/database";
import { clients } from "@termin/db/account-schema";
import { issueTokens, type TokenResponse } from "../auth/issue-tokens.ts";
import { hashPassword } from "../auth/passwords.ts";

export interface TestClient {
  id: string;
  email: string;
  password: string;
  tokens: TokenResponse;
  /** The Authorization header value of a signed-in request. */
  authorization: string;
}

/** A client signed in through the real token code, with a unique e-mail so tests never collide. */
export async function createTestClient(
  db: Database,
  fields: Partial<typeof clients.$inferInsert> = {},
): Promise<TestClient> {
  const email = fields.email ?? `client-${randomUUID()}@example.test`;
  const password = "correct horse battery staple";
  const [{ id } = { id: "" }] = await db
    .insert(clients)
    .values({
      firstName: "Test",
      lastName: "Client",
      language: "en",
      emailVerifiedAt: new Date(),
      passwordHash: await hashPassword(password),
      ...fields,
      email,
    })
    .returning({ id: clients.id });
  const tokens = await issueTokens({ db, clientId: id });
  return { id, email, password, tokens, authorization: `Bearer ${tokens.access_token}` };
}
