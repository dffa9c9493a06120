import { normaliseQuery, SEARCH_SUGGESTIONS_DESKTOP, SEARCH_SUGGESTIONS_MOBILE } from "~/domain/discovery";

/*
 * The search box's rules, without React: what a change of text means, where the highlight goes,
 * and the popup's state as a reducer (the WAI-ARIA APG "list autocomplete" combobox). Unit tested.
 */

/** One event as `GET /api/search` returns it (price already all-in and formatted). */
export interface Suggestion {
  id: string;
  slug: string;
  name: string;
  date: string;
  endDate: string | null;
  url: string;
  venue: string | null;
  city: string | null;
  online: boolean;
  image: string | null;
  price: string | null;
  category: string;
  eventType: string;
}

/** Phones, in the spec's breakpoints: below tablet (768px). */
export const MOBILE_MEDIA_QUERY = "(max-width: 767px)";

/** Spec §9: at most 10 suggestions, 5 on mobile. */
export function suggestionLimit(isMobile: boolean): number {
  return isMobile ? SEARCH_SUGGESTIONS_MOBILE : SEARCH_SUGGESTIONS_DESKTOP;
}

export function suggestionsUrl(query: string, limit: number): string {
  return `/api/search?${new URLSearchParams({ q: query, limit: String(limit) })}`;
}

/** The full results page; a blank query goes to the search page's own starting point. */
export function searchHref(query: string): string {
  const q = normaliseQuery(query);
  return q ? `/search?${new URLSearchParams({ q })}` : "/search";
}

export type SearchPlan = { kind: "clear" } | { kind: "keep" } | { kind: "search"; query: string };

/**
 * What a change of the text means. Spec §5: the text is trimmed and an empty search hides the
 * results. Text that normalises to the query already shown (a trailing space) needs no new request,
 * unless that request failed, when typing again is the way to retry.
 */
export function planSearch(text: string, current: { query: string; status: SearchStatus }): SearchPlan {
  const query = normaliseQuery(text);
  if (!query) return { kind: "clear" };
  if (query === current.query && current.status !== "error") return { kind: "keep" };
  return { kind: "search", query };
}

export type Move = "next" | "previous" | "first" | "last";

/** The option to highlight after an arrow key, wrapping at both ends; -1 when there is none. */
export function moveActive(active: number, count: number, move: Move): number {
  if (count <= 0) return -1;
  switch (move) {
    case "first":
      return 0;
    case "last":
      return count - 1;
    case "next":
      return active < 0 || active >= count - 1 ? 0 : active + 1;
    case "previous":
      return active <= 0 || active > count - 1 ? count - 1 : active - 1;
  }
}

/** What the polite live region says once suggestions arrive. */
export function resultsAnnouncement(count: number): string {
  if (count === 0) return "No results";
  return count === 1 ? "1 result" : `${count} results`;
}

/** Where an event happens, for the suggestion's second line. */
export function placeLabel(s: Pick<Suggestion, "venue" | "city" | "online">): string {
  if (!s.venue && (s.online || !s.city)) return s.online ? "Online" : "";
  return [s.venue, s.city].filter(Boolean).join(", ");
}

export type SearchStatus = "idle" | "loading" | "done" | "error";

export interface SearchState {
  /** The normalised text the popup is about; "" when there is nothing to show. */
  query: string;
  status: SearchStatus;
  /** The latest suggestions: kept while the next ones load, so the list never blinks empty. */
  results: Suggestion[];
  /** When nothing matches, the closest query that finds something (the API's "did you mean"), if any. */
  didYouMean?: string | null;
  open: boolean;
  /** The highlighted option (results, then "See all"), or -1. */
  active: number;
}

export const initialSearchState: SearchState = { query: "", status: "idle", results: [], open: false, active: -1 };

export type SearchAction =
  | { type: "typed"; query: string }
  | { type: "loaded"; query: string; results: Suggestion[]; didYouMean?: string | null }
  | { type: "failed"; query: string }
  | { type: "move"; move: Move }
  | { type: "unhighlight" }
  | { type: "open" }
  | { type: "close" }
  | { type: "reset" };

/** "See all results" is offered for any query, except when we already know nothing matches. */
export function showsSeeAll(state: SearchState): boolean {
  return state.query !== "" && !(state.status === "done" && state.results.length === 0);
}

export function optionCount(state: SearchState): number {
  return state.results.length + (showsSeeAll(state) ? 1 : 0);
}

/**
 * Where the highlight goes when fresh suggestions replace the shown ones, so a quick arrow key
 * press is not lost: "See all" stays "See all", an event still listed stays highlighted, and
 * anything else lets go.
 */
export function carryHighlight(state: SearchState, next: readonly Suggestion[]): number {
  if (state.active < 0) return -1;
  if (state.active >= state.results.length) return next.length === 0 ? -1 : next.length;
  const id = state.results[state.active]!.id;
  return next.findIndex((s) => s.id === id);
}

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case "typed":
      if (!action.query) return initialSearchState;
      if (action.query === state.query && state.status !== "error") return { ...state, open: true, active: -1 };
      return { ...state, query: action.query, status: "loading", open: true, active: -1 };
    case "loaded":
      // A response for text the person has since changed is never shown.
      if (action.query !== state.query) return state;
      return {
        ...state,
        status: "done",
        results: action.results,
        didYouMean: action.results.length === 0 ? (action.didYouMean ?? null) : null,
        active: carryHighlight(state, action.results),
      };
    case "failed":
      if (action.query !== state.query) return state;
      return { ...state, status: "error", results: [], active: -1 };
    case "move": {
      if (!state.query) return state;
      const count = optionCount(state);
      // Opening with an arrow key starts from the first (or last) option, as the APG describes.
      const from = state.open ? state.active : -1;
      return { ...state, open: true, active: moveActive(from, count, action.move) };
    }
    case "unhighlight":
      return state.active === -1 ? state : { ...state, active: -1 };
    case "open":
      return state.query && !state.open ? { ...state, open: true } : state;
    case "close":
      return state.open ? { ...state, open: false, active: -1 } : state;
    case "reset":
      return initialSearchState;
  }
}
