import { Search } from "lucide-react";
import { useEffect, useRef, useState, type ComponentType } from "react";
import { messages } from "~/web/messages";

type SearchBoxComponent = ComponentType<{ query: string; initialText?: string; focusOnMount?: boolean }>;

const loadSearchBox = () => import("./search-box").then((m) => m.SearchBox as SearchBoxComponent);

/**
 * The header's search field. It is a plain GET form to /search (it works before and without
 * JavaScript); the suggestions combobox (search-box.tsx) loads once the page is idle, or as soon
 * as someone points at or focuses the field, and takes over keeping the text and the focus.
 */
export function SearchField({ query }: { query: string }) {
  const [Box, setBox] = useState<SearchBoxComponent | null>(null);
  const [handoff, setHandoff] = useState<{ text: string; focused: boolean }>({ text: query, focused: false });
  const input = useRef<HTMLInputElement>(null);
  const started = useRef(false);

  const upgrade = () => {
    if (started.current) return;
    started.current = true;
    void loadSearchBox().then((component) => {
      // Read the field only now, so nothing typed while the code loaded is lost.
      setHandoff({ text: input.current?.value ?? query, focused: document.activeElement === input.current });
      setBox(() => component);
    });
  };

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1500));
    const handle = idle(upgrade);
    return () => (window.cancelIdleCallback ?? window.clearTimeout)(handle);
    // Once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (Box) return <Box query={query} initialText={handoff.text} focusOnMount={handoff.focused} />;
  return (
    <form method="get" action="/search" role="search" className="min-w-0 flex-1 tablet:relative tablet:max-w-sm laptop:ml-6">
      <label className="relative block">
        <span className="sr-only">Search events</span>
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted" />
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
          onFocus={upgrade}
          onPointerEnter={upgrade}
          className="h-10 w-full rounded-full border border-border bg-surface-2 pr-3 pl-9 text-sm placeholder:text-fg-muted focus:border-brand focus:bg-surface focus:outline-none"
        />
      </label>
    </form>
  );
}
