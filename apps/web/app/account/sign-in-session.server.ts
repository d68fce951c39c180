import { redirect } from "react-router";
import { sessionFromTokens, setSessionHeader, type TokenResponse } from "../lib/session-cookie.server.ts";

/** Starts the web session from a token response and goes to the page the visitor was heading for. */
export function redirectSignedIn(request: Request, tokens: TokenResponse, to: string, headers: HeadersInit = {}) {
  const response = redirect(to, { headers });
  response.headers.append("set-cookie", setSessionHeader(request, sessionFromTokens(tokens)));
  return response;
}
