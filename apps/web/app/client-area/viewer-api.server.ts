import type { RouterContextProvider } from "react-router";
import type { Language } from "@termin/domain/languages";
import type { ApiClient } from "../api/client.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { startUpResult } from "../lib/viewer.server.ts";

export interface PageArgs {
  request: Request;
  url: URL;
  language: Language;
  context: Readonly<RouterContextProvider>;
}

/**
 * The API acting for the signed-in client on a public page, or null for a visitor: public pages ask about the
 * client's own things (saved, liked) only when someone is signed in, so visitors' pages cost nothing more.
 */
export function viewerApi({ request, url, language, context }: PageArgs): ApiClient | null {
  const { viewer, credentials } = startUpResult(context);
  return viewer && credentials ? serverApiClient(request, url, language, credentials) : null;
}
