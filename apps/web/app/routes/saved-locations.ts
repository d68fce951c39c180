import { data, redirect } from "react-router";
import type { Route } from "./+types/saved-locations";
import { ApiError } from "../api/client.ts";
import { returnPathOf, toggleAnswer } from "../client-area/toggle-action.server.ts";
import type { ToggleAnswer } from "../client-area/toggle-state.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { requireViewer } from "../lib/viewer.server.ts";

/** Only the heart posts here: someone who opens the address sees their saved places instead. */
export function loader({ request, params }: Route.LoaderArgs) {
  return redirect(`/${pageLanguage(request, params.lang)}/my-locations`);
}

/**
 * Saves or unsaves a location for the signed-in client (the heart on location pages and cards). A visitor
 * signed out meanwhile signs in and comes back to the page the heart was on.
 */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const language = pageLanguage(request, params.lang);
  const form = await request.formData();
  const returnPath = returnPathOf(form, language);
  const { api } = requireViewer({ request, url: new URL(returnPath, url), language, context });
  const locationId = String(form.get("locationId") ?? "");
  const intent = form.get("intent");
  if (!/^\d{1,9}$/.test(locationId) || (intent !== "save" && intent !== "unsave")) {
    throw data("Send intent save or unsave and a locationId.", { status: 400 });
  }
  const save = intent === "save";
  try {
    if (save) {
      await api.post("user-locations", {
        data: { type: "user-locations", relationships: { location: { data: { type: "locations", id: locationId } } } },
      });
    } else {
      await api.delete(`user-locations/${locationId}`);
    }
  } catch (error) {
    // Unsaving what another tab already unsaved ends where the visitor wanted.
    const alreadyGone = !save && error instanceof ApiError && error.status === 404;
    if (!alreadyGone) {
      console.error(`Could not ${intent} location ${locationId}:`, error);
      const failed: ToggleAnswer = { on: !save, count: null, failed: true };
      return toggleAnswer(request, returnPath, data(failed, { status: 502 }));
    }
  }
  const answer: ToggleAnswer = { on: save, count: null };
  return toggleAnswer(request, returnPath, answer);
}
