import type { Language } from "@termin/domain/languages";

/**
 * First path segments of the spec's routes (section 2). A visit to one of these without a
 * language prefix (/search, /home) is redirected to the same page with the prefix.
 */
export const ROUTE_ROOTS = [
  "home",
  "search",
  "services",
  "location",
  "locations",
  "business",
  "embed",
  "memberships",
  "classes",
  "inspiration",
  "appointments",
  "forms",
  "notifications",
  "pages",
  "download-application",
  "404",
] as const;

export function isRouteRoot(segment: string | undefined): boolean {
  return (ROUTE_ROOTS as readonly string[]).includes(segment ?? "");
}

/** `/{language}/{path}` */
export function localizedPath(language: Language, path: string): string {
  return `/${language}/${path.replace(/^\//, "")}`;
}

/** The same page in another language: swaps the first path segment. */
export function switchLanguageInPath(pathname: string, language: Language): string {
  const [, , ...rest] = pathname.split("/");
  return `/${language}/${rest.join("/")}`.replace(/\/$/, "") || `/${language}`;
}
