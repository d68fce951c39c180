import { data, redirect } from "react-router";
import type { Route } from "./+types/cookie-consent";
import { COOKIE } from "@termin/contracts/cookies";
import { setCookieHeader } from "../lib/cookies.server.ts";
import { clientRuntime } from "../page-data/client-env.ts";

/** Only forms post here: someone who opens the address goes home rather than to a framework's error. */
export function loader() {
  return redirect("/");
}

/** Stores the visitor's acceptance of the cookie notice and returns them to their page. */
export async function action({ request }: Route.ActionArgs) {
  // A post without a form (a bare request) still records the acceptance; it just returns home.
  const form = await request.formData().catch(() => new FormData());
  const target = String(form.get("redirectTo") ?? "/");
  const headers = { "set-cookie": setCookieHeader(request, COOKIE.cookieConsent, "true") };
  // The page's own script asked (stay): it stays where it is, and the root's data says the notice was answered.
  if (form.get("stay") === "1") return data({ accepted: true }, { headers });
  // Only same-site paths: never an open redirect.
  const safeTarget = target.startsWith("/") && !target.startsWith("//") ? target : "/";
  return redirect(safeTarget, { headers });
}

/** In the native app the answer is the app's to keep (its preferences); the notice's form stays on its page. */
export const clientAction = async () => {
  await clientRuntime().cookieConsent.accept();
  return { accepted: true };
};
