import { Search } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { normaliseQuery } from "~/domain/discovery";
import { useHydrated } from "~/web/lib/use-hydrated";
import { messages } from "~/texts/messages";
import { optionCount, resultsAnnouncement, searchHref, showsSeeAll } from "./search-box-state";
import type { SearchHandoff } from "./search-field";
import { SuggestionsPanel } from "./search-suggestions-panel";
import { useSearchSuggestions } from "./use-search-suggestions";

/*
 * The header's event search: a real GET form to /search that, once JavaScript runs, becomes an
 * ARIA 1.2 combobox with a listbox of suggestions (the WAI-ARIA APG "list autocomplete" pattern).
 * Focus stays in the input; the highlighted option is pointed at with aria-activedescendant.
 */

export function SearchBox({
  query,
  handoff,
}: {
  query: string;
  /** The plain field this replaced: its text and focus, read as this mounts. */ handoff?: {
    readonly current: SearchHandoff;
  };
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const { state, dispatch, handleText, cancelPending } = useSearchSuggestions();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

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
  }, [locationKey, query, cancelPending, dispatch]);

  // Keep the highlighted option in view inside the scrolling list.
  useEffect(() => {
    if (state.active >= 0)
      document.getElementById(`${id}-option-${state.active}`)?.scrollIntoView({ block: "nearest" });
  }, [state.active, id]);

  const count = optionCount(state);
  const expanded = hydrated && state.open && count > 0;
  const panelOpen = hydrated && state.open && state.query !== "";
  const seeAllIndex = showsSeeAll(state) ? state.results.length : -1;

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
    hydrated && state.open && state.query
      ? state.status === "done"
        ? resultsAnnouncement(state.results.length)
        : state.status === "error"
          ? "Suggestions are unavailable"
          : ""
      : "";

  return (
    <Form
      method="get"
      action="/search"
      role="search"
      onSubmit={onSubmit}
      className="min-w-0 flex-1 tablet:relative tablet:max-w-sm laptop:ml-6"
    >
      <label className="relative block">
        <span className="sr-only">Search events</span>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
        />
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
          className="h-10 w-full rounded-full border border-border bg-surface-2 pr-3 pl-9 text-sm
            placeholder:text-fg-muted focus:border-brand focus:bg-surface focus:outline-none
            max-[359px]:placeholder:text-transparent"
        />
      </label>

      <p role="status" className="sr-only">
        {liveText}
      </p>

      {hydrated ? (
        <SuggestionsPanel
          state={state}
          panelOpen={panelOpen}
          expanded={expanded}
          listboxId={listboxId}
          optionId={optionId}
          seeAllIndex={seeAllIndex}
          onChoose={leave}
        />
      ) : null}
    </Form>
  );
}
