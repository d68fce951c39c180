/**
 * What a page's address may carry before any loader reads it (docs/decisions/0024-input-edge.md). Pages never
 * hand the API text it refuses (NUL, bytes that are not UTF-8): a query parameter that is not readable text is
 * dropped (root middleware), a path parameter that is not is the 404 page (locale loader). Pure functions.
 */

/** The longest query value the API reads (its input edge); no page of ours makes a longer one. */
export const MAX_QUERY_VALUE_LENGTH = 1_000;

/** Percent-decoding that refuses what is not UTF-8 (URLSearchParams would quietly put U+FFFD in its place). */
function decodeStrictly(component: string): string | undefined {
  try {
    return decodeURIComponent(component.replaceAll("+", " "));
  } catch {
    return undefined;
  }
}

function isReadableQueryPart(raw: string, maxLength: number): boolean {
  const text = decodeStrictly(raw);
  return text !== undefined && !text.includes("\u0000") && text.length <= maxLength;
}

/**
 * The query string (with its "?") without the parameters whose name or value is not readable text: not
 * UTF-8 percent-encoded, holding a NUL, or longer than the API reads. Undefined when every parameter is
 * readable. The others are kept exactly as they were written.
 */
export function withoutUnreadableQuery(search: string): string | undefined {
  const pairs = search.replace(/^\?/, "").split("&");
  const readable = pairs.filter((pair) => {
    const separator = pair.indexOf("=");
    const name = separator === -1 ? pair : pair.slice(0, separator);
    const value = separator === -1 ? "" : pair.slice(separator + 1);
    return isReadableQueryPart(name, MAX_QUERY_VALUE_LENGTH) && isReadableQueryPart(value, MAX_QUERY_VALUE_LENGTH);
  });
  if (readable.length === pairs.length) return undefined;
  return readable.length > 0 ? `?${readable.join("&")}` : "";
}

/** The longest path parameter a page may name: slugs and ids of ours are far shorter. */
export const MAX_PATH_PARAMETER_LENGTH = 200;

/**
 * Whether a decoded path parameter could name something of ours: no control characters (NUL among them) and no
 * longer than any slug or id. Anything else names nothing, whatever the page. (Bytes that are not UTF-8 never get
 * here decoded: the web server hands them over as the literal text that was sent, server/readable-path.ts.)
 */
export function isReadablePathParameter(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
  return value.length <= MAX_PATH_PARAMETER_LENGTH && !/[\u0000-\u001f\u007f]/.test(value);
}

/** The page of a client's list the address asks for (`?page=`): 1 to 1000, 1 for anything else. */
export function listPageOf(url: URL): number {
  return Math.max(1, Math.min(1000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
}

/**
 * Where a list's page past the last leads (a bookmark kept after items went, a number typed by hand): the same
 * address at the last page, or without a page when the list fits on one. Undefined when the page exists.
 */
export function lastPageAddress(url: URL, page: number, pageCount: number): string | undefined {
  if (page <= Math.max(pageCount, 1)) return undefined;
  const last = new URL(url);
  if (pageCount > 1) last.searchParams.set("page", String(pageCount));
  else last.searchParams.delete("page");
  return `${last.pathname}${last.search}`;
}
