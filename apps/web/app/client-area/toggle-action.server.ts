import { redirect } from "react-router";
import type { Language } from "@termin/domain/languages";
import { safeReturnPath } from "../account/redirects.ts";

/** The page a toggle (save, like) was pressed on: a path of this site, else home. */
export function returnPathOf(form: FormData, language: Language): string {
  return safeReturnPath(form.get("redirectTo"), `/${language}/home`);
}

/**
 * The answer of a toggle's action. With JavaScript a fetcher posted it and reads `result`; without, the
 * browser posted the form as a page (it asks for HTML) and goes back to that page, which shows the new state.
 */
export function toggleAnswer<T>(request: Request, returnPath: string, result: T): T {
  if (request.headers.get("accept")?.includes("text/html")) throw redirect(returnPath);
  return result;
}
