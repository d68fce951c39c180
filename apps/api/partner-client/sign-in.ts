import createClient from "openapi-fetch";
import type { paths } from "./generated/termin-api.ts";

/** What the partner's redirect_uri received (the code) and what it kept since sending the browser (the verifier). */
export interface Authorization {
  clientId: string;
  redirectUri: string;
  code: string;
  codeVerifier: string;
}

/**
 * The client's access token: the one place that signs in. The browser went through GET /auth/authorize (our
 * sign-in and consent pages) and came back to the partner's redirect_uri with a code, which is exchanged here
 * once, with the PKCE verifier, within 60 seconds.
 */
export async function signIn(baseUrl: string, authorization: Authorization): Promise<string> {
  const auth = createClient<paths>({ baseUrl });
  const { data, error } = await auth.POST("/auth/token", {
    body: {
      grant_type: "authorization_code",
      code: authorization.code,
      redirect_uri: authorization.redirectUri,
      client_id: authorization.clientId,
      code_verifier: authorization.codeVerifier,
    },
  });
  if (!data) throw new Error(`sign-in refused: ${JSON.stringify(error)}`);
  return data.access_token;
}
