import { useEffect, useState } from "react";
import type { CollectionDocument } from "@termin/contracts/jsonapi";
import type { SearchSuggestionResource } from "@termin/contracts/search-resources";
import { useBrowserApi } from "../api/browser-client.ts";

export type Suggestion = SearchSuggestionResource["attributes"] & { id: string };

/** Long enough to skip the keystrokes of a word being typed, short enough to feel immediate. */
export const SUGGEST_DEBOUNCE_MS = 200;

/**
 * Suggestions for what the visitor is typing: asked after a pause in typing, and a newer question
 * cancels the older request, so a slow answer for "man" never replaces the one for "mani".
 */
export function useSearchSuggestions(query: string): Suggestion[] {
  const api = useBrowserApi();
  const [result, setResult] = useState<{ query: string; suggestions: Suggestion[] }>({ query: "", suggestions: [] });
  const text = query.trim();
  useEffect(() => {
    if (text.length < 2) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api(controller.signal)
        .get<CollectionDocument<SearchSuggestionResource>>("search-suggestions", { "filter[q]": text })
        .then((document) =>
          setResult({ query: text, suggestions: document.data.map((s) => ({ id: s.id, ...s.attributes })) }),
        )
        // Cancelled or failed: the box simply offers nothing; the search itself still works.
        .catch(() => undefined);
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, text]);
  return text.length >= 2 && result.query === text ? result.suggestions : [];
}
