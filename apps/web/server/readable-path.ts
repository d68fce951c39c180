/**
 * A request path the router cannot decode (a percent-encoding that is not UTF-8: %FF, %C3%28, a lone %), as pages
 * can read it: each segment that does not decode keeps the characters that were sent, its "%" written as "%25".
 * A page then sees the literal text the visitor typed ("%FF"), which names nothing: the page's own 404. This is
 * also what React Router in the browser makes of such a path (it leaves it undecoded), so both sides agree.
 * The query string is left to the pages' middleware (app/lib/page-input.ts).
 */
export function readablePath(url: string): string {
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? "" : url.slice(queryStart);
  const segments = path.split("/").map((segment) => (decodes(segment) ? segment : segment.replaceAll("%", "%25")));
  return `${segments.join("/")}${query}`;
}

function decodes(segment: string): boolean {
  try {
    decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
