import { redirect } from "react-router";
import type { Route } from "./+types/language-redirect";
import { preferredLanguage } from "../lib/language.server.ts";

/** `/` goes to the visitor's language home (spec section 2). */
export function loader({ request }: Route.LoaderArgs) {
  return redirect(`/${preferredLanguage(request)}/home`);
}
