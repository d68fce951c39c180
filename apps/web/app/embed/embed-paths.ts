import { EMBED_SEGMENT, type Site } from "@termin/contracts/site";

/**
 * Pages an embed keeps in its frame (decision 0047), under `/{language}/embed/business/{slug}/…`: booking a service
 * or a class session, the basket, checkout, the client's appointments and signing in. Any other page of ours opens
 * outside the frame (EmbedShell.tsx), on the business's or the marketplace's own address.
 */
export const FRAMED_PAGES: ReadonlySet<string> = new Set([
  "book",
  "basket",
  "checkout",
  "appointments",
  "classes",
  "sign-in",
  "sign-up",
  "verify-email",
  "forgot-password",
]);

/** The first segment of a page path (`book/x?service=1` → `book`). */
const firstSegment = (path: string) => path.split(/[/?#]/)[0] ?? "";

/** The embed's own view of a marketplace page that has one: a place's menu, a place's week of classes. */
function embedViewOf(language: string, path: string): string | null {
  const [pathname = "", query = ""] = path.split("?");
  if (pathname.startsWith("location/")) {
    return `/${language}/${EMBED_SEGMENT}/location-services/${pathname.slice("location/".length)}`;
  }
  const place = new URLSearchParams(query).get("location");
  if (pathname === "classes" && place) {
    return `/${language}/${EMBED_SEGMENT}/location-classes/${encodeURIComponent(place)}`;
  }
  return null;
}

/**
 * A page's address on a site, for `path` without the language (`book/sofia-spa?service=3`): on an embed, the
 * framed copy of the page where there is one (a place's page is its embedded menu); elsewhere the page itself.
 */
export function sitePath(site: Site, language: string, path: string): string {
  const clean = path.replace(/^\//, "");
  if (site.mode !== "embed") return `/${language}/${clean}`;
  // The widget's home is the business's places, never the marketplace's.
  if (firstSegment(clean) === "home") return embedBusinessRoot(site, language);
  const view = embedViewOf(language, clean);
  if (view) return view;
  const first = firstSegment(clean);
  // The week of classes is a place's (location-classes); a session is booked in the frame.
  const framed = FRAMED_PAGES.has(first) && clean !== "classes" && !clean.startsWith("classes?");
  return framed ? `${embedBusinessRoot(site, language)}/${clean}` : `/${language}/${clean}`;
}

/** The embed's home: the business's places (or, with one, its menu). */
export const embedBusinessRoot = (site: Site & { mode: "embed" }, language: string) =>
  `/${language}/${EMBED_SEGMENT}/business/${encodeURIComponent(site.business.slug)}`;

/** Whether a same-origin path is one of the embed's own pages, which stay in the frame. */
export const isEmbedPath = (pathname: string) => pathname.split("/")[2] === EMBED_SEGMENT;
