import { stringifySetCookie } from "cookie";
import { COOKIE } from "@termin/contracts/cookies";
import { readCookie } from "../lib/cookies.server.ts";

/**
 * "Thank you" once after sending a form's answers: the action leaves a short-lived cookie naming the form and
 * redirects to the form's plain address; the page's next load reads it and clears it, so a reload or a bookmark
 * shows the answers without thanking again. (A `?sent` query kept the thanks on every reload.)
 */
const FLASH_SECONDS = 60;

function flashCookie(request: Request, path: string, value: string, maxAge: number): string {
  return stringifySetCookie({
    name: COOKIE.formSent,
    value,
    // The list's folder (/en/forms), not the page itself: the browser's data request for the page after the
    // redirect goes to /en/forms/{id}.data, outside a cookie path of /en/forms/{id}.
    path: path.slice(0, path.lastIndexOf("/")) || "/",
    maxAge,
    sameSite: "lax",
    httpOnly: true,
    secure: new URL(request.url).protocol === "https:",
  });
}

/** Set-Cookie for the redirect after the answers to `formId` were stored. */
export function sentFlashHeader(request: Request, path: string, formId: string): Record<string, string> {
  return { "Set-Cookie": flashCookie(request, path, formId, FLASH_SECONDS) };
}

/** What the last action left (a form's id), if anything, and the Set-Cookie that spends it. */
export function takeSentFlash(
  request: Request,
  path: string,
): { value: string | null; headers: Record<string, string> } {
  const value = readCookie(request, COOKIE.formSent);
  if (value === undefined) return { value: null, headers: {} };
  return { value, headers: { "Set-Cookie": flashCookie(request, path, "", 0) } };
}
