import { data, redirect, type RouterContextProvider } from "react-router";
import type { AuthorizeOutcome, OAuthScope } from "@termin/contracts/oauth";
import type { Language } from "@termin/domain/languages";
import { ApiError } from "../api/client.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { signInPath, startUpResult } from "../lib/viewer.server.ts";

/** The authorize request's parameters the page passes on to the API (RFC 6749 4.1.1, RFC 7636 4.3). */
export const AUTHORIZE_PARAMETERS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "code_challenge",
  "code_challenge_method",
  "scope",
  "state",
] as const;

export type AuthorizeParameters = Partial<Record<(typeof AUTHORIZE_PARAMETERS)[number], string>>;

/** What the page shows: the consent question, the way back to the app, or why the request was refused. */
export type AuthorizePage =
  | { view: "consent"; client: string; scopes: OAuthScope[]; parameters: AuthorizeParameters; email: string }
  | { view: "continue"; location: string }
  | { view: "refused"; reason: "unknown_client" | "invalid_redirect_uri" | "invalid_request" };

export function authorizeParameters(source: URLSearchParams | FormData): AuthorizeParameters {
  const parameters: AuthorizeParameters = {};
  for (const name of AUTHORIZE_PARAMETERS) {
    const value = source.get(name);
    if (typeof value === "string") parameters[name] = value;
  }
  return parameters;
}

/**
 * One step of the authorize page: asks the API (POST /auth/authorizations) with the visitor's sign-in, and turns
 * its answer into a redirect or what to show. A refusal the API answers with 4xx (unknown client, unregistered
 * redirect_uri, missing parameters) is shown here with status 400 and is never followed.
 *
 * The way back to the app is a 302 when the app sent the browser here; after one of our own pages (a sign-in or
 * the consent form), a page that continues there: the form's `form-action 'self'` policy would stop a redirect
 * chain that leaves our origin, and a page to continue from works with and without JavaScript.
 */
export async function authorizeStep(args: {
  request: Request;
  url: URL;
  language: Language;
  context: Readonly<RouterContextProvider>;
  parameters: AuthorizeParameters;
  decision?: "allow" | "deny";
}) {
  const { request, url, language, context, parameters } = args;
  const { viewer, credentials } = startUpResult(context);
  let outcome: AuthorizeOutcome;
  try {
    outcome = await serverApiClient(request, url, language, credentials).post<AuthorizeOutcome>(
      "/auth/authorizations",
      {
        ...parameters,
        ...(args.decision ? { decision: args.decision } : {}),
      },
    );
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    const code = error.errors[0]?.code;
    const reason = code === "unknown_client" || code === "invalid_redirect_uri" ? code : "invalid_request";
    return data<AuthorizePage>({ view: "refused", reason }, { status: 400 });
  }
  if (outcome.action === "sign_in") {
    const back = new URL(url);
    back.search = new URLSearchParams(parameters).toString();
    // OpenID's "Initiating User Registration" (`prompt=create`): the app's "Create account" opens the sign-up page.
    const page = url.searchParams.get("prompt") === "create" ? "sign-up" : "sign-in";
    throw redirect(signInPath(request, language, back, page));
  }
  if (outcome.action === "consent") {
    return data<AuthorizePage>({
      view: "consent",
      client: outcome.client.name,
      scopes: outcome.scopes,
      parameters,
      email: viewer?.email ?? "",
    });
  }
  const fromOurPage = request.method !== "GET" || request.headers.get("sec-fetch-site") === "same-origin";
  if (!fromOurPage) throw redirect(outcome.location);
  return data<AuthorizePage>({ view: "continue", location: outcome.location });
}
