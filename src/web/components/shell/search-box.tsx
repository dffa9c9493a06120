import { ArrowRight, CalendarDays, LoaderCircle, MapPin, MonitorPlay, Search, SearchX, TriangleAlert } from "lucide-react";
import { useCallback, useEffect, useId, useReducer, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { normaliseQuery, SEARCH_DEBOUNCE_MS, SEARCH_SUGGESTIONS_DESKTOP, SEARCH_SUGGESTIONS_MOBILE } from "~/domain/discovery";
import { formatEventDateTime } from "~/lib/format";
import { imageUrl } from "~/web/lib/images";
import { useHydrated } from "~/web/lib/use-hydrated";
import { messages } from "~/texts/messages";
import type { SearchHandoff } from "./search-field";

/*
 * The header's event search: a real GET form to /search that, once JavaScript runs, becomes an
 * ARIA 1.2 combobox with a listbox of suggestions (the WAI-ARIA APG "list autocomplete" pattern).
 * Focus stays in the input; the highlighted option is pointed at with aria-activedescendant.
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

/* ---------- Pure rules (unit tested) ---------- */

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
  open: boolean;
  /** The highlighted option (results, then "See all"), or -1. */
  active: number;
}

export const initialSearchState: SearchState = { query: "", status: "idle", results: [], open: false, active: -1 };

export type SearchAction =
  | { type: "typed"; query: string }
  | { type: "loaded"; query: string; results: Suggestion[] }
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
      return { ...state, status: "done", results: action.results, active: carryHighlight(state, action.results) };
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

/* ---------- The component ---------- */

const CACHE_SIZE = 30;

export function SearchBox({ query, handoff }: { query: string; /** The plain field this replaced: its text and focus, read as this mounts. */ handoff?: { readonly current: SearchHandoff } }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, dispatch] = useReducer(searchReducer, initialSearchState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<AbortController | null>(null);
  // Answers already seen in this page's life, so going back a letter shows them at once.
  const cache = useRef(new Map<string, Suggestion[]>());
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

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
      dispatch({ type: "loaded", query: q, results: cached });
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    fetch(suggestionsUrl(q, limit), { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`Search answered ${response.status}`);
        const body = (await response.json()) as { results: Suggestion[] };
        cache.current.set(key, body.results);
        if (cache.current.size > CACHE_SIZE) cache.current.delete(cache.current.keys().next().value!);
        if (!controller.signal.aborted) dispatch({ type: "loaded", query: q, results: body.results });
      })
      .catch(() => {
        // An aborted request was replaced by a newer one (or the text was cleared): say nothing.
        if (!controller.signal.aborted) dispatch({ type: "failed", query: q });
      })
      .finally(() => {
        if (inFlight.current === controller) inFlight.current = null;
      });
  }, []);

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
      const cached = cache.current.has(`${suggestionLimit(window.matchMedia(MOBILE_MEDIA_QUERY).matches)}:${plan.query}`);
      if (immediate || cached) fetchSuggestions(plan.query);
      else timer.current = setTimeout(() => fetchSuggestions(plan.query), SEARCH_DEBOUNCE_MS);
    },
    [cancelPending, fetchSuggestions],
  );

  // Taking over from the plain field (search-field.tsx): keep what was typed and where focus was.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || !handoff) return;
    const { text, focused } = handoff.current;
    input.value = text;
    // The plain field had focus and took it away with it: nothing else has claimed focus since.
    if (focused && (document.activeElement === null || document.activeElement === document.body)) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    }
    // Once, on mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Text typed before the page finished loading still gets its suggestions.
  useEffect(() => {
    const input = inputRef.current;
    if (input && document.activeElement === input && input.value !== query) handleText(input.value);
    return cancelPending;
    // Once, on mount: later changes arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new page closes the popup; the box then shows that page's query (blank outside /search),
  // unless the person is typing in it.
  const locationKey = `${location.pathname}${location.search}#${location.key}`;
  const [seenLocation, setSeenLocation] = useState(locationKey);
  if (seenLocation !== locationKey) {
    setSeenLocation(locationKey);
    if (state.open) dispatch({ type: "close" });
  }
  useEffect(() => {
    const input = inputRef.current;
    if (!input || document.activeElement === input) return;
    cancelPending();
    dispatch({ type: "reset" });
    input.value = query;
  }, [locationKey, query, cancelPending]);

  // Keep the highlighted option in view inside the scrolling list.
  useEffect(() => {
    if (state.active >= 0) document.getElementById(`${id}-option-${state.active}`)?.scrollIntoView({ block: "nearest" });
  }, [state.active, id]);

  const count = optionCount(state);
  const expanded = hydrated && state.open && count > 0;
  const panelOpen = hydrated && state.open && state.query !== "";
  const seeAllIndex = showsSeeAll(state) ? state.results.length : -1;
  const loading = state.status === "loading";

  function hrefOf(index: number): string {
    return index === seeAllIndex ? searchHref(state.query) : state.results[index]!.url;
  }

  /** Leaves the box for a new page: the popup closes and a phone's keyboard goes away. */
  function leave() {
    cancelPending();
    dispatch({ type: "close" });
    inputRef.current?.blur();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    const text = event.currentTarget.value;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        if (!normaliseQuery(text)) return;
        event.preventDefault();
        // The box may hold text that was never searched (the query on /search): search it now.
        if (normaliseQuery(text) !== state.query || state.status === "error") handleText(text, { immediate: true });
        if (event.altKey) dispatch({ type: "open" });
        else dispatch({ type: "move", move: event.key === "ArrowDown" ? "next" : "previous" });
        return;
      }
      case "ArrowLeft":
      case "ArrowRight":
        // The caret moves in the text again, so no option stays highlighted.
        dispatch({ type: "unhighlight" });
        return;
      case "Enter":
        if (expanded && state.active >= 0 && state.active < count) {
          event.preventDefault();
          const href = hrefOf(state.active);
          leave();
          navigate(href);
        }
        // Otherwise the form submits: the full results page.
        return;
      case "Escape":
        if (panelOpen) {
          // Stops the browser clearing a search field on the first Escape: that is the second one's job.
          event.preventDefault();
          dispatch({ type: "close" });
        } else if (text) {
          event.preventDefault();
          event.currentTarget.value = "";
          handleText("");
        }
        return;
      case "Tab":
        dispatch({ type: "close" });
        return;
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // A tidy URL (trimmed text) and a client-side navigation; without JavaScript the form submits itself.
    event.preventDefault();
    const href = searchHref(inputRef.current?.value ?? "");
    leave();
    navigate(href);
  }

  const liveText =
    hydrated && state.open && state.query ? (state.status === "done" ? resultsAnnouncement(state.results.length) : state.status === "error" ? "Suggestions are unavailable" : "") : "";

  return (
    <Form method="get" action="/search" role="search" onSubmit={onSubmit} className="min-w-0 flex-1 tablet:relative tablet:max-w-sm laptop:ml-6">
      <label className="relative block">
        <span className="sr-only">Search events</span>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted" />
        <input
          ref={inputRef}
          type="search"
          name="q"
          defaultValue={query}
          placeholder={messages.search.placeholder}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          onChange={(event) => handleText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onClick={() => dispatch({ type: "open" })}
          onBlur={() => dispatch({ type: "close" })}
          {...(hydrated
            ? {
                role: "combobox",
                "aria-expanded": expanded,
                "aria-controls": listboxId,
                "aria-autocomplete": "list" as const,
                "aria-activedescendant": expanded && state.active >= 0 ? optionId(state.active) : undefined,
              }
            : {})}
          className="h-10 w-full rounded-full border border-border bg-surface-2 pr-3 pl-9 text-sm placeholder:text-fg-muted focus:border-brand focus:bg-surface focus:outline-none"
        />
      </label>

      <p role="status" className="sr-only">
        {liveText}
      </p>

      {hydrated && panelOpen ? (
        // On phones the page behind dims, so the suggestions read as one layer; a tap on it closes them.
        <div aria-hidden className="absolute inset-x-0 top-full h-dvh bg-[rgb(16_12_20/0.4)] tablet:hidden" />
      ) : null}
      {hydrated ? (
        <div
          hidden={!panelOpen}
          // Options are not focusable: pressing one must not take focus (and the popup) from the input.
          onMouseDown={(event) => event.preventDefault()}
          className="absolute inset-x-0 top-full z-[60] flex max-h-[min(70vh,36rem)] flex-col overflow-hidden rounded-b-2xl border-b border-border bg-surface shadow-[0_16px_40px_-12px_rgb(16_12_20/0.35)] tablet:inset-x-auto tablet:left-0 tablet:mt-2 tablet:w-[max(100%,32rem)] tablet:rounded-2xl tablet:border">
          {loading && state.results.length > 0 ? (
            <span aria-hidden className="absolute inset-x-0 top-0 h-0.5 overflow-hidden">
              <span className="tb-progress-bar block h-full w-full bg-brand" />
            </span>
          ) : null}
          <PanelMessage state={state} />
          <div
            id={listboxId}
            role="listbox"
            aria-label="Suggested events"
            aria-busy={loading || undefined}
            hidden={!expanded}
            className="scroll-pb-14 overflow-y-auto overscroll-contain px-2 pt-2">
            {state.results.map((event, index) => (
              <SuggestionOption key={event.id} id={optionId(index)} event={event} selected={state.active === index} onChoose={leave} />
            ))}
            {seeAllIndex >= 0 ? (
              <a
                id={optionId(seeAllIndex)}
                role="option"
                aria-selected={state.active === seeAllIndex}
                tabIndex={-1}
                href={searchHref(state.query)}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  const href = searchHref(state.query);
                  leave();
                  navigate(href);
                }}
                // Pinned to the bottom of the scrolling list, so it is always in reach.
                className={`sticky bottom-0 -mx-2 flex ${state.results.length ? "mt-2" : ""} min-h-12 items-center gap-3 border-t border-border bg-surface px-5 text-sm font-semibold text-brand hover:bg-surface-2 aria-selected:bg-surface-2`}>
                <Search aria-hidden className="size-4 shrink-0" />
                <span className="min-w-0 flex-1 truncate">See all results for “{state.query}”</span>
                <ArrowRight aria-hidden className="size-4 shrink-0" />
              </a>
            ) : null}
          </div>
        </div>
      ) : null}
    </Form>
  );
}

/** The line above the options: searching, nothing found, or a failed request. */
function PanelMessage({ state }: { state: SearchState }) {
  const row = "flex items-center gap-2 px-4 pt-3 pb-1 text-sm text-fg-muted";
  if (state.status === "loading" && state.results.length === 0) {
    return (
      <p className={row}>
        <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin" /> Searching…
      </p>
    );
  }
  if (state.status === "done" && state.results.length === 0) {
    return (
      <div className="flex items-start gap-3 px-4 py-4">
        <SearchX aria-hidden className="mt-0.5 size-5 shrink-0 text-fg-muted" />
        <div className="min-w-0">
          <p className="text-sm font-semibold break-words">No events match “{state.query}”</p>
          <p className="mt-0.5 text-sm text-fg-muted">Check the spelling, or try an artist, venue or town.</p>
        </div>
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <p className={`${row} pb-2 text-fg`}>
        <TriangleAlert aria-hidden className="size-4 shrink-0 text-warning" /> We couldn't load suggestions just now. You can still see all results.
      </p>
    );
  }
  return null;
}

function SuggestionOption({ id, event, selected, onChoose }: { id: string; event: Suggestion; selected: boolean; onChoose: () => void }) {
  const navigate = useNavigate();
  const place = placeLabel(event);
  return (
    <a
      id={id}
      role="option"
      aria-selected={selected}
      tabIndex={-1}
      href={event.url}
      onClick={(e) => {
        // Ctrl/⌘-click and middle-click still open a new tab, as links do.
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        onChoose();
        navigate(event.url);
      }}
      className="flex min-h-14 items-center gap-3 rounded-xl px-2 py-2.5 tablet:py-2 hover:bg-surface-2 aria-selected:bg-surface-2 aria-selected:ring-1 aria-selected:ring-border">
      <Thumbnail image={event.image} />
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 text-sm font-semibold tablet:line-clamp-1">{event.name}</span>
        {/* Date and place share a line where there is room; on phones the place gets its own. */}
        <span className="mt-0.5 flex min-w-0 flex-col text-xs text-fg-muted tablet:flex-row tablet:items-center tablet:gap-1">
          <time dateTime={event.date} className="shrink-0 font-medium text-brand">
            {formatEventDateTime(new Date(event.date))}
          </time>
          {place ? (
            <span className="flex min-w-0 items-center gap-1">
              <span aria-hidden className="hidden tablet:inline">
                ·
              </span>
              {event.online && !event.venue ? <MonitorPlay aria-hidden className="size-3 shrink-0" /> : <MapPin aria-hidden className="size-3 shrink-0" />}
              <span className="truncate">{place}</span>
            </span>
          ) : null}
        </span>
      </span>
      {event.price ? <span className="shrink-0 pl-1 text-right text-sm font-semibold">{event.price}</span> : null}
    </a>
  );
}

/** A small cover, or a neutral tile when there is none (or it fails to load). */
function Thumbnail({ image }: { image: string | null }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="flex h-10 w-[4.5rem] shrink-0 items-center justify-center overflow-hidden rounded-lg bg-surface-2">
      {image && !failed ? (
        // 640 is the resizer's smallest width; the list shows at most ten of them.
        <img src={imageUrl(image, 640)} alt="" width={72} height={40} loading="lazy" decoding="async" onError={() => setFailed(true)} className="size-full object-cover" />
      ) : (
        <CalendarDays aria-hidden className="size-5 text-fg-muted" />
      )}
    </span>
  );
}
