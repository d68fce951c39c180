import { isSupportedLanguage } from "@termin/domain/languages";
import type { Route } from "./+types/settings-export";
import { pageLanguage } from "../lib/language.server.ts";
import { requireViewer } from "../lib/viewer.server.ts";

/**
 * "Download my data": the API's export of the signed-in client, streamed through with the session's bearer
 * (the browser never holds the token). The API names the file and forbids caching it.
 */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  // A download, not a page: no parent route answers an unknown language for it.
  if (!isSupportedLanguage(params.lang)) throw new Response(null, { status: 404 });
  const language = pageLanguage(request, params.lang);
  const { viewer, api } = requireViewer({ request, url, language, context });
  const answer = await api.raw("GET", `clients/${viewer.id}/export`);
  const headers = new Headers({ "cache-control": "no-store" });
  for (const name of ["content-type", "content-disposition"]) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.body, { headers });
}
