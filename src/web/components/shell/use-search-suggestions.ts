import { useCallback, useReducer, useRef } from "react";
import { SEARCH_DEBOUNCE_MS } from "~/domain/discovery";
import {
  initialSearchState,
  MOBILE_MEDIA_QUERY,
  planSearch,
  searchReducer,
  suggestionLimit,
  suggestionsUrl,
  type Suggestion,
} from "./search-box-state";

/** Answers kept per page's life, the oldest dropped first. */
const CACHE_SIZE = 30;

/**
 * The search box's suggestions: the popup's state, and the requests behind it. Typing waits for a
 * pause (debounced), a newer request cancels the older one, and answers already seen in this page's
 * life come back at once from a small cache, so going back a letter shows them without a request.
 */
export function useSearchSuggestions() {
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  // Answers already seen in this page's life, so going back a letter shows them at once.
  const cache = useRef(new Map<string, { results: Suggestion[]; didYouMean: string | null }>());

  const cancelPending = useCallback(() => {
    clearTimeout(timer.current);
    inFlight.current?.abort();
    inFlight.current = null;
  }, []);

  const fetchSuggestions = useCallback((q: string) => {
    const limit = suggestionLimit(window.matchMedia(MOBILE_MEDIA_QUERY).matches);
    const key = `${limit}:${q}`;
    const cached = cache.current.get(key);
    if (cached) {
      dispatch({ type: "loaded", query: q, ...cached });
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    fetch(suggestionsUrl(q, limit), { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`Search answered ${response.status}`);
        const body = (await response.json()) as { results: Suggestion[]; didYouMean?: string | null };
        const answer = { results: body.results, didYouMean: body.didYouMean ?? null };
        cache.current.set(key, answer);
        if (cache.current.size > CACHE_SIZE) cache.current.delete(cache.current.keys().next().value!);
        if (!controller.signal.aborted) dispatch({ type: "loaded", query: q, ...answer });
      })
      .catch(() => {
        // An aborted request was replaced by a newer one (or the text was cleared): say nothing.
        if (!controller.signal.aborted) dispatch({ type: "failed", query: q });
      })
      .finally(() => {
        if (inFlight.current === controller) inFlight.current = null;
      });
  }, []);

  /** The box's text changed (or should be searched now, with `immediate`). */
  const handleText = useCallback(
    (text: string, { immediate = false } = {}) => {
      const plan = planSearch(text, stateRef.current);
      if (plan.kind === "keep") {
        dispatch({ type: "open" });
        return;
      }
      cancelPending();
      if (plan.kind === "clear") {
        dispatch({ type: "reset" });
        return;
      }
      dispatch({ type: "typed", query: plan.query });
      const cached = cache.current.has(
        `${suggestionLimit(window.matchMedia(MOBILE_MEDIA_QUERY).matches)}:${plan.query}`,
      );
      if (immediate || cached) fetchSuggestions(plan.query);
      else timer.current = setTimeout(() => fetchSuggestions(plan.query), SEARCH_DEBOUNCE_MS);
    },
    [cancelPending, fetchSuggestions],
  );

  return { state, dispatch, handleText, cancelPending };
}
