import { data, redirect } from "react-router";
import type { MediaResource } from "@termin/contracts/catalogue-resources";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import type { Route } from "./+types/likes";
import { ApiError } from "../api/client.ts";
import { returnPathOf, toggleAnswer } from "../client-area/toggle-action.server.ts";
import type { ToggleAnswer } from "../client-area/toggle-state.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { requireViewer } from "../lib/viewer.server.ts";

/** Only the heart posts here: someone who opens the address sees the Look Book instead. */
export function loader({ request, params }: Route.LoaderArgs) {
  return redirect(`/${pageLanguage(request, params.lang)}/inspiration`);
}

/**
 * Likes or unlikes a Look Book picture for the signed-in client, and answers the picture's new like count. A
 * visitor signed out meanwhile signs in and comes back to the page the heart was on.
 */
export async function action({ request, params, url, context }: Route.ActionArgs) {
  const language = pageLanguage(request, params.lang);
  const form = await request.formData();
  const returnPath = returnPathOf(form, language);
  const { api } = requireViewer({ request, url: new URL(returnPath, url), language, context });
  const mediaId = String(form.get("mediaId") ?? "");
  const intent = form.get("intent");
  if (!/^\d{1,9}$/.test(mediaId) || (intent !== "like" && intent !== "unlike")) {
    throw data("Send intent like or unlike and a mediaId.", { status: 400 });
  }
  const like = intent === "like";
  const countNow = async () =>
    (await api.get<SingleDocument<MediaResource>>(`media/${mediaId}`, { "fields[media]": "like_count" })).data
      .attributes.like_count;
  try {
    if (like) {
      await api.post("likes", {
        data: { type: "likes", relationships: { media: { data: { type: "media", id: mediaId } } } },
      });
    } else {
      await api.delete(`likes/${mediaId}`).catch((error: unknown) => {
        // Taken back already (another tab): the visitor's wish holds.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      });
    }
    // The count with everyone's likes; without it the page counts this one itself.
    const answer: ToggleAnswer = { on: like, count: await countNow().catch(() => null) };
    return toggleAnswer(request, returnPath, answer);
  } catch (error) {
    console.error(`Could not ${intent} media ${mediaId}:`, error);
    const failed: ToggleAnswer = { on: !like, count: null, failed: true };
    return toggleAnswer(request, returnPath, data(failed, { status: 502 }));
  }
}
