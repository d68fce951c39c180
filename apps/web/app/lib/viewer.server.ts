import { redirect, type RouterContextProvider } from "react-router";
import type { Language } from "@termin/domain/languages";
import type { ApiClient } from "../api/client.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { startUpContext } from "./request-context.ts";
import { sitePathOf } from "./site.server.ts";
import type { StartUpResult, Viewer } from "./start-up.server.ts";

/** The start-up result of this request (root middleware). */
export function startUpResult(context: Readonly<RouterContextProvider>): StartUpResult {
  const result = context.get(startUpContext);
  if (!result) throw new Error("No start-up result in the request context: the root middleware must run first");
  return result;
}

/** Where a login-required page sends a visitor who is not signed in: sign-in, then back here. */
export function signInPath(
  request: Request,
  language: Language,
  url: URL,
  page: "sign-in" | "sign-up" = "sign-in",
): string {
  return sitePathOf(
    request,
    language,
    `${page}?${new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` })}`,
  );
}

/**
 * For login-required loaders and actions: the signed-in client and an API client acting for them, or a
 * redirect to sign-in (on the server, before anything protected renders). Each such route calls this itself.
 */
export function requireViewer(args: {
  request: Request;
  url: URL;
  language: Language;
  context: Readonly<RouterContextProvider>;
}): { viewer: Viewer; api: ApiClient } {
  const { viewer, credentials } = startUpResult(args.context);
  if (!viewer || !credentials) throw redirect(signInPath(args.request, args.language, args.url));
  return { viewer, api: serverApiClient(args.request, args.url, args.language, credentials) };
}
