import { redirect } from "react-router";
import type { NotificationResource } from "@termin/contracts/client-area-resources";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import type { Route } from "./+types/notification-open";
import { ApiError } from "../api/client.ts";
import { notificationTarget } from "../client-area/notification-target.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { requireViewer } from "../lib/viewer.server.ts";

/**
 * A notification's link: marks it read and goes where it leads (the API's action URL, never one from the
 * address), so it opens in a new tab and works without JavaScript. Opening twice changes nothing more: reading is
 * idempotent.
 */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  const language = pageLanguage(request, params.lang);
  const { api } = requireViewer({ request, url, language, context });
  const id = params.id;
  try {
    const opened = await api.patch<SingleDocument<NotificationResource>>(`notifications/${encodeURIComponent(id)}`, {
      data: { type: "notifications", id, attributes: { read: true } },
    });
    return redirect(notificationTarget(opened.data.attributes.action_url, language), {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    // Another client's, or one gone: the list says so.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw redirect(`/${language}/notifications?gone=1`);
    }
    throw error;
  }
}
