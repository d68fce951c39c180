import { redirect } from "react-router";
import type { Route } from "./+types/cookie-consent";
import { COOKIE, setCookieHeader } from "../lib/cookies.server.ts";

/** Stores the visitor's acceptance of the cookie notice and returns them to their page. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const target = String(form.get("redirectTo") ?? "/");
  // Only same-site paths: never an open redirect.
  const safeTarget = target.startsWith("/") && !target.startsWith("//") ? target : "/";
  return redirect(safeTarget, {
    headers: { "set-cookie": setCookieHeader(request, COOKIE.cookieConsent, "true") },
  });
}
