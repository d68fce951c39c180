import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { serverApiClient } from "../api/server-client.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { clearSessionHeader, readSession } from "../lib/session-cookie.server.ts";

/**
 * Logout (after the menu's confirmation, spec section 5): the API revokes this sign-in's tokens and the
 * session cookie is cleared. A revocation failure must not keep anyone signed in on this browser.
 */
export async function action({ request, params, url }: Route.ActionArgs) {
  const language = pageLanguage(request, params.lang);
  const session = readSession(request);
  if (session) {
    await serverApiClient(request, url, language)
      .post("/auth/revoke", { token: session.refreshToken })
      .catch((error: unknown) => console.error("Sign-out: revoking the tokens failed", error));
  }
  return redirect(`/${language}/home`, { headers: { "set-cookie": clearSessionHeader(request) } });
}

/** A GET (typed URL, prefetch) never signs anyone out. */
export function loader({ request, params }: Route.LoaderArgs) {
  return redirect(`/${pageLanguage(request, params.lang)}/home`);
}
