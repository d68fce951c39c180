import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { serverApiClient } from "../api/server-client.server.ts";
import { EMPTY_BASKET } from "../booking/basket.ts";
import { basketCookieHeader } from "../booking/basket.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { clearSessionHeader, readSession } from "../lib/session-cookie.server.ts";
import { startUpResult } from "../lib/viewer.server.ts";

/**
 * Logout (after the menu's confirmation): the API revokes this sign-in's tokens, and the session and basket cookies
 * are cleared, so the next person on a shared device finds neither the account nor its basket. The basket's holds
 * stay the client's until they lapse: signing in again (here or elsewhere) rebuilds the basket from them. A failure
 * must not keep anyone signed in on this browser.
 */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const language = pageLanguage(request, params.lang);
  const session = readSession(request);
  // This browser's push subscription, ended by the page: forgotten while the sign-in still stands (decision 0050).
  const pushToken = (await request.formData()).get("pushToken");
  const { credentials } = startUpResult(context);
  if (typeof pushToken === "string" && pushToken !== "" && credentials) {
    await serverApiClient(request, url, language, credentials)
      .delete("/auth/user-token", { token: pushToken })
      .catch((error: unknown) => console.error("Sign-out: dropping the push registration failed", error));
  }
  if (session) {
    await serverApiClient(request, url, language)
      .post("/auth/revoke", { token: session.refreshToken })
      .catch((error: unknown) => console.error("Sign-out: revoking the tokens failed", error));
  }
  const headers = new Headers();
  headers.append("Set-Cookie", clearSessionHeader(request));
  headers.append("Set-Cookie", basketCookieHeader(request, EMPTY_BASKET));
  return redirect(`/${language}/home`, { headers });
}

/** A GET (typed URL, prefetch) never signs anyone out. */
export function loader({ request, params }: Route.LoaderArgs) {
  return redirect(`/${pageLanguage(request, params.lang)}/home`);
}
