import { data } from "react-router";
import { MAX_PAGE_SIZE } from "@termin/contracts/jsonapi";
import { isSupportedLanguage } from "@termin/domain/languages";
import type { Route } from "./+types/personal";
import { likedMediaIds } from "../client-area/liked-media.ts";
import { PERSONAL_QUERY, type PersonalAnswer } from "../client-area/personal-data.ts";
import { savedLocationIds } from "../client-area/saved-locations.ts";
import { unreadNotificationCount } from "../client-area/unread-notifications.ts";
import { viewerApi } from "../client-area/viewer-api.server.ts";
import { pageLanguage } from "../lib/language.server.ts";
import { startUpResult } from "../lib/viewer.server.ts";

const PRIVATE = { "cache-control": "private, no-store" };

/** The ids of one query parameter: numeric, without repeats, at most MAX_PAGE_SIZE; anything else is left out. */
function idsOf(url: URL, name: string): string[] {
  const ids = (url.searchParams.get(name) ?? "").split(",").filter((id) => /^\d{1,9}$/.test(id));
  return [...new Set(ids)].slice(0, MAX_PAGE_SIZE);
}

/**
 * The signed-in client's own parts of the marketplace pages, which are made for all signed-in clients alike
 * (decision 0031): who they are, their unread count, and which of the locations and pictures the page shows they
 * saved or liked. Asked by the browser after each page; it also renews the session when due (root middleware).
 * A visitor, or a session that is no longer valid (its cookie is cleared), is told `signedOut` with 200: an expected
 * answer the page goes on with, not an error the browser would log.
 */
export async function loader({ request, params, url, context }: Route.LoaderArgs) {
  // Like every address under a language: an unknown one is not found (resource routes skip the locale loader).
  if (!isSupportedLanguage(params.lang)) throw data(null, { status: 404 });
  const language = pageLanguage(request, params.lang);
  const { viewer } = startUpResult(context);
  if (!viewer) return Response.json({ signedOut: true } satisfies PersonalAnswer, { headers: PRIVATE });
  const args = { request, url, language, context };
  const api = viewerApi(args);
  const [unreadNotifications, saved, liked] = await Promise.all([
    unreadNotificationCount(api),
    savedLocationIds(api, idsOf(url, PERSONAL_QUERY.locations)),
    likedMediaIds(api, idsOf(url, PERSONAL_QUERY.media)),
  ]);
  const personal: PersonalAnswer = {
    viewer,
    unreadNotifications,
    savedLocationIds: [...saved],
    likedMediaIds: [...liked],
  };
  return Response.json(personal, { headers: PRIVATE });
}
