import { Search } from "lucide-react";
import { useEffect, useRef, useState, type ComponentType } from "react";
import { messages } from "~/texts/messages";

/** What the plain field holds as the combobox takes over: read by the combobox as it mounts. */
export interface SearchHandoff {
  text: string;
  /** The field was focused at some point; the combobox takes focus if nothing else has it now. */
  focused: boolean;
}
type SearchBoxComponent = ComponentType<{ query: string; handoff?: { readonly current: SearchHandoff } }>;

const loadSearchBox = () => import("./search-box").then((m) => m.SearchBox as SearchBoxComponent);

/**
 * The header's search field. It is a plain GET form to /search (it works before and without
 * JavaScript); the suggestions combobox (search-box.tsx) loads once the page is idle, or as soon
 * as someone points at or focuses the field, and takes over keeping the text and the focus.
 */
export function SearchField({ query }: { query: string }) {
  const [Box, setBox] = useState<SearchBoxComponent | null>(null);
  // Kept up to date on every keystroke and focus change, up to the moment the plain field goes, so
  // text typed while the combobox's code loaded (or while React swapped them) is never lost.
  const handoff = useRef<SearchHandoff>({ text: query, focused: false });
  const input = useRef<HTMLInputElement>(null);
  const started = useRef(false);

  const upgrade = () => {
    if (started.current) return;
    started.current = true;
    void loadSearchBox().then((component) => setBox(() => component));
  };

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1500));
    const handle = idle(upgrade);
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle);
  }, []);

  if (Box) return <Box query={query} handoff={handoff} />;
  return (
    <form
      method="get"
      action="/search"
      role="search"
      className="min-w-0 flex-1 tablet:relative tablet:max-w-sm laptop:ml-6"
    >
      <label className="relative block">
        <span className="sr-only">Search events</span>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
        />
        <input
          ref={input}
          type="search"
          name="q"
          defaultValue={query}
          placeholder={messages.search.placeholder}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          onInput={(e) => (handoff.current.text = e.currentTarget.value)}
          onFocus={() => {
            handoff.current.focused = true;
            upgrade();
          }}
          onPointerEnter={upgrade}
          className="h-10 w-full rounded-full border border-border bg-surface-2 pr-3 pl-9 text-sm
            placeholder:text-fg-muted focus:border-brand focus:bg-surface focus:outline-none
            max-[359px]:placeholder:text-transparent"
        />
      </label>
    </form>
  );
}
