import { parseCookie, stringifySetCookie } from "cookie";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  return header ? parseCookie(header)[name] : undefined;
}

/** A first-party, year-long cookie: Secure whenever the site is served over HTTPS. */
export function setCookieHeader(request: Request, name: string, value: string, options: { httpOnly?: boolean } = {}) {
  return stringifySetCookie({
    name,
    value,
    path: "/",
    maxAge: ONE_YEAR_SECONDS,
    sameSite: "lax",
    httpOnly: options.httpOnly ?? true,
    secure: new URL(request.url).protocol === "https:",
  });
}
