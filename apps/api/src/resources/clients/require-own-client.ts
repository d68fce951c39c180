import type { Database } from "@termin/db/database";
import { requireClient, type RequiredScope } from "../../auth/authenticate.ts";
import { AppError } from "../../http/app-error.ts";

/**
 * The signed-in client's id when `id` names their own account (or is `me`); 401 when not signed in. Any
 * other id answers 404, never 403: whether another account exists is not the caller's business.
 */
export async function requireOwnClient(
  request: { headers: { authorization?: string | undefined } },
  db: Database,
  id: string,
  scope: RequiredScope = "profile",
): Promise<string> {
  const { clientId } = await requireClient(request, db, scope);
  if (id !== "me" && id !== clientId) throw new AppError("not_found", `No client has the id ${id}.`);
  return clientId;
}
