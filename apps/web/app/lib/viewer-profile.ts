import type { AvatarResource, ClientResource } from "@termin/contracts/client-resources";
import type { SingleDocument } from "@termin/contracts/jsonapi";
import type { ApiClient } from "../api/client.ts";
import { Included } from "../api/included.ts";
import type { Viewer } from "./start-up.server.ts";

/** What the start-up flow logs when the profile does not load (spec section 4). */
export const PROFILE_ERROR_MESSAGE = "Error loading profile.";

/**
 * The start-up flow's profile loading (spec section 4): the signed-in client as the shell shows them, from
 * `GET /v1c/clients/me`. The same for the web server's start-up and the native app's.
 */
export async function loadViewer(api: ApiClient): Promise<Viewer> {
  return viewerFrom(await api.get<SingleDocument<ClientResource>>("clients/me", { include: "avatar" }));
}

function viewerFrom(document: SingleDocument<ClientResource>): Viewer {
  const client = document.data;
  const { first_name: firstName, last_name: lastName, email } = client.attributes;
  const avatar = new Included(document.included).one<AvatarResource>(client, "avatar", "avatars");
  const language = client.relationships?.language?.data;
  return {
    id: client.id,
    displayName: `${firstName} ${lastName}`.trim(),
    firstName,
    email,
    avatarUrl: avatar?.attributes.url ?? null,
    language: language && !Array.isArray(language) ? language.id : "en",
  };
}
