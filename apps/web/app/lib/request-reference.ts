import { createContext, useContext, useState } from "react";
import { useLocation } from "react-router";

/** The web server sets it on every request it hands the pages: the id its log lines for that request carry. */
export const REQUEST_ID_HEADER = "x-request-id";

/** What a visitor quotes to support: the request id's first 8 characters (the log lines carry all of it). */
export function shortReference(requestId: string): string {
  return requestId.slice(0, 8);
}

/** The id of one page request, or null when the request did not say (a test calling the handler directly). */
export function requestIdOf(request: Request): string | null {
  return request.headers.get(REQUEST_ID_HEADER);
}

/**
 * The short reference of the document request that failed: provided by entry.server for an answer of 500 and up,
 * and by entry.client from the page it hydrates; null on every other page. The root Layout narrows it for the
 * page (useReferenceWhileServerRendered); error pages read it with useRequestReference.
 */
export const RequestReferenceContext = createContext<string | null>(null);

/** Attribute of the element showing the reference, where entry.client reads it back. */
export const REFERENCE_ATTRIBUTE = "data-request-reference";

/** The reference an error page shows, or null. */
export function useRequestReference(): string | null {
  return useContext(RequestReferenceContext);
}

/**
 * For the root Layout, which lives as long as the page: the failed document's reference while the visitor is still
 * where the server rendered it. A later failure in the browser (a client-side navigation) came from another
 * request, whose id the browser never sees: no reference then rather than a wrong one.
 */
export function useReferenceWhileServerRendered(): string | null {
  const reference = useContext(RequestReferenceContext);
  const { key } = useLocation();
  const [renderedAt] = useState(key);
  return key === renderedAt ? reference : null;
}
