import {
  ArrowRight,
  CalendarDays,
  LoaderCircle,
  MapPin,
  MonitorPlay,
  Search,
  SearchX,
  TriangleAlert,
} from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { formatEventDateTime } from "~/lib/format";
import { imageUrl } from "~/web/lib/images";
import { placeLabel, searchHref, type SearchState, type Suggestion } from "./search-box-state";

/**
 * The search box's popup: a line saying what is happening (searching, nothing found, a failed
 * request), the listbox of suggested events, and "See all results" pinned below them. Its options
 * are pointed at from the input with aria-activedescendant; they never take focus.
 */
export function SuggestionsPanel(props: {
  state: SearchState;
  /** The popup shows (there is a query to talk about). */
  panelOpen: boolean;
  /** The listbox shows (there are options in it). */
  expanded: boolean;
  listboxId: string;
  optionId: (index: number) => string;
  /** The index of "See all results", or -1 when it is not offered. */
  seeAllIndex: number;
  /** An option was chosen: the box lets go before the new page. */
  onChoose: () => void;
}) {
  const { state, panelOpen, expanded, listboxId, optionId, seeAllIndex, onChoose: leave } = props;
  const navigate = useNavigate();
  const loading = state.status === "loading";
  return (
    <>
      {panelOpen ? (
        // On phones the page behind dims, so the suggestions read as one layer; a tap on it closes them.
        <div aria-hidden className="absolute inset-x-0 top-full h-dvh bg-[rgb(16_12_20/0.4)] tablet:hidden" />
      ) : null}
      <div
        hidden={!panelOpen}
        // Options are not focusable: pressing one must not take focus (and the popup) from the input.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute inset-x-0 top-full z-[60] flex max-h-[min(70vh,36rem)] flex-col overflow-hidden
          rounded-b-2xl border-b border-border bg-surface shadow-[0_16px_40px_-12px_rgb(16_12_20/0.35)]
          tablet:inset-x-auto tablet:left-0 tablet:mt-2 tablet:w-[max(100%,32rem)] tablet:rounded-2xl tablet:border"
      >
        {loading && state.results.length > 0 ? (
          <span aria-hidden className="absolute inset-x-0 top-0 h-0.5 overflow-hidden">
            <span className="tb-progress-bar block h-full w-full bg-brand" />
          </span>
        ) : null}
        <PanelMessage state={state} onChoose={leave} />
        <div
          id={listboxId}
          role="listbox"
          aria-label="Suggested events"
          aria-busy={loading || undefined}
          hidden={!expanded}
          className="scroll-pb-14 overflow-y-auto overscroll-contain px-2 pt-2"
        >
          {state.results.map((event, index) => (
            <SuggestionOption
              key={event.id}
              id={optionId(index)}
              event={event}
              selected={state.active === index}
              onChoose={leave}
            />
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
              className={
                `sticky bottom-0 -mx-2 flex ${state.results.length ? "mt-2" : ""} min-h-12 items-center ` +
                `gap-3 border-t border-border bg-surface px-5 text-sm font-semibold text-brand hover:bg-surface-2 ` +
                `aria-selected:bg-surface-2`
              }
            >
              <Search aria-hidden className="size-4 shrink-0" />
              <span className="min-w-0 flex-1 truncate">See all results for “{state.query}”</span>
              <ArrowRight aria-hidden className="size-4 shrink-0" />
            </a>
          ) : null}
        </div>
      </div>
    </>
  );
}

/** The line above the options: searching, nothing found, or a failed request. */
function PanelMessage({ state, onChoose }: { state: SearchState; onChoose: () => void }) {
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
          {state.didYouMean ? (
            <p className="mt-0.5 text-sm">
              Did you mean{" "}
              <Link to={searchHref(state.didYouMean)} onClick={onChoose} className="link font-semibold">
                {state.didYouMean}
              </Link>
              ?
            </p>
          ) : (
            <p className="mt-0.5 text-sm text-fg-muted">Check the spelling, or try an artist, venue or town.</p>
          )}
        </div>
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <p className={`${row} pb-2 text-fg`}>
        <TriangleAlert aria-hidden className="size-4 shrink-0 text-warning" /> We couldn't load suggestions just now.
        You can still see all results.
      </p>
    );
  }
  return null;
}

function SuggestionOption({
  id,
  event,
  selected,
  onChoose,
}: {
  id: string;
  event: Suggestion;
  selected: boolean;
  onChoose: () => void;
}) {
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
      className="flex min-h-14 items-center gap-3 rounded-xl px-2 py-2.5 tablet:py-2 hover:bg-surface-2
        aria-selected:bg-surface-2 aria-selected:ring-1 aria-selected:ring-border"
    >
      <Thumbnail image={event.image} />
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 text-sm font-semibold tablet:line-clamp-1">{event.name}</span>
        {/* Date and place share a line where there is room; on phones the place gets its own. */}
        <span
          className="mt-0.5 flex min-w-0 flex-col text-xs text-fg-muted tablet:flex-row tablet:items-center
          tablet:gap-1"
        >
          <time dateTime={event.date} className="shrink-0 font-medium text-brand">
            {formatEventDateTime(new Date(event.date))}
          </time>
          {place ? (
            <span className="flex min-w-0 items-center gap-1">
              <span aria-hidden className="hidden tablet:inline">
                ·
              </span>
              {event.online && !event.venue ? (
                <MonitorPlay aria-hidden className="size-3 shrink-0" />
              ) : (
                <MapPin aria-hidden className="size-3 shrink-0" />
              )}
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
        <img
          src={imageUrl(image, 640)}
          alt=""
          width={72}
          height={40}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        <CalendarDays aria-hidden className="size-5 text-fg-muted" />
      )}
    </span>
  );
}
