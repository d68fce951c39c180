import createClient from "openapi-fetch";
import type { paths } from "./generated/termin-api.ts";

/**
 * The client's access token. The one place that signs in: the password grant for now; a partner app moves to the
 * authorization code flow (PKCE) here without touching the rest.
 */
export async function signIn(baseUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const auth = createClient<paths>({ baseUrl });
  const { data, error } = await auth.POST("/auth/token", {
    body: { grant_type: "password", username: credentials.email, password: credentials.password },
  });
  if (!data) throw new Error(`sign-in refused: ${JSON.stringify(error)}`);
  return data.access_token;
}
