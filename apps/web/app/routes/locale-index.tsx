import { redirect } from "react-router";
import type { Route } from "./+types/locale-index";

/** `/{lang}` and `/{lang}/` go to that language's home (spec section 2). */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/${params.lang}/home`);
}
