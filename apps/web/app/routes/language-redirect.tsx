import { redirect, replace } from "react-router";
import type { Route } from "./+types/language-redirect";
import { preferredLanguage } from "../lib/language.server.ts";
import { clientPageEnv } from "../page-data/client-env.ts";

/** `/` goes to the visitor's language home (spec section 2). */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/${preferredLanguage(request)}/home`);
}

/**
 * In the native app: the home in the language the client chose, else the device's, else the default. In place of
 * `/`, not after it: the app starts at `/`, and a first page pushed after it would leave Android's back button a
 * page to go back to (`/`, which only leads here again) instead of sending the app to the background.
 */
export const clientLoader = async (args: Route.ClientLoaderArgs) =>
  replace(`/${(await clientPageEnv(args)).language}/home`);
