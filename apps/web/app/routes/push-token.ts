import { data } from "react-router";
import { isSupportedLanguage } from "@termin/domain/languages";
import type { Route } from "./+types/push-token";
import { ApiError } from "../api/client.ts";
import { serverApiClient } from "../api/server-client.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { requireViewer } from "../lib/viewer.server.ts";
import type { PushConfig } from "../push/push-config.ts";

/** A resource route runs without its parent's loader: an address in no language of ours names nothing here. */
function requireLanguage(lang: string) {
  if (!isSupportedLanguage(lang)) throw data(null, { status: 404 });
}

/** The push service's settings for this browser: which provider and the public key to subscribe with. */
export async function loader({ request, params, url }: Route.LoaderArgs) {
  requireLanguage(params.lang);
  const language = pageLanguage(request, params.lang);
  const config = await serverApiClient(request, url, language).get<PushConfig>("/auth/push-config");
  return Response.json(config, { headers: { "Cache-Control": "no-store" } });
}

/**
 * Keeps this browser's push token for the signed-in client (`POST /auth/user-token`, spec section 7): the page
 * posts `token` (the subscription as JSON) after the profile loads, and again when it is 7 days old. The web
 * session's bearer stays on the server, so the browser posts here rather than to the API.
 */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  requireLanguage(params.lang);
  const language = pageLanguage(request, params.lang);
  const { api } = requireViewer({ request, url, language, context });
  const form = await request.formData();
  const token = form.get("token");
  if (typeof token !== "string" || token === "") return data({ saved: false }, { status: 400 });
  try {
    await api.post("/auth/user-token", { provider: "webpush", token, platforms: ["web"] });
    return { saved: true };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return data({ saved: false }, { status: error.status });
    throw error;
  }
}
