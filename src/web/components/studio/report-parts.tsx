import { Suspense, type ReactNode } from "react";
import { useHydrated } from "~/web/lib/use-hydrated";

/*
 * The pieces the Studio's figure pages (the dashboard, the reports' overview) are made of: a card with
 * its heading, the note an empty card shows, a chart's place on the page, its legend, and a table of
 * figures. Charts are drawn in the browser only; every figure is in a table as well.
 */

/** A titled section of a figures page; `action` sits at the heading's end (a range switch, say). */
export function StudioCard({
  id,
  title,
  icon,
  action,
  children,
}: {
  /** The heading's id: the section is labelled by it, and links may point at it. */
  id: string;
  title: string;
  icon: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="card min-w-0 p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="flex items-center gap-2 text-lg font-bold">
          {icon}
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** What a card says when it has nothing to show, and where to go next. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-xl bg-surface-2 px-4 py-5 text-center text-sm text-fg-muted">{children}</p>;
}

/**
 * A chart's place: its height is kept before the browser draws it (a placeholder in the page's HTML,
 * a pulse while the charting code loads), so nothing below moves. Hidden from screen readers, who
 * read the table beside it.
 */
export function ChartSlot({ className, children }: { className: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <div className={className} aria-hidden>
      {hydrated ? (
        <Suspense fallback={<div className="size-full animate-pulse rounded-xl bg-surface-2" />}>{children}</Suspense>
      ) : (
        <div className="size-full rounded-xl bg-surface-2" />
      )}
    </div>
  );
}

/** The key to a chart of tickets (bars) and money (a line). */
export function BarsAndLineLegend({ line }: { line: string }) {
  return (
    <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-fg-muted">
      <span className="flex items-center gap-1.5">
        <span aria-hidden className="inline-block size-2.5 rounded-sm bg-brand" /> Bars: tickets sold
      </span>
      <span className="flex items-center gap-1.5">
        <span aria-hidden className="inline-block h-0.5 w-3 bg-fg" /> Line: {line}
      </span>
    </p>
  );
}

/** A figure cell's classes; `dense` for the tables folded under a chart. */
export const figureCell = "px-2 py-2 tabular-nums";
export const denseCell = "px-2 py-1 tabular-nums";
/** A row's own heading cell (an event's, a ticket type's name). */
export const rowHeading = "min-w-36 px-2 py-2 text-left font-medium";

const SCROLLS = {
  // The far edge fades while more of the table is off to the side, so a phone shows there is more. The fade is a
  // mask, which would cut off the focus ring around the table: focused from the keyboard, it goes.
  sideways: {
    className: "overflow-x-auto scroll-fade focus-visible:[mask-image:none]",
    label: "Table, scrolls sideways on small screens",
  },
  down: { className: "max-h-72 overflow-auto", label: "Table, scrolls up and down" },
} as const;

/**
 * A table of figures: a caption for screen readers, one heading per column, and the rows the caller
 * draws. Wide tables scroll sideways on a phone, long ones (folded under a chart) up and down; a
 * scrolling table can be reached and scrolled from the keyboard.
 */
export function FigureTable({
  caption,
  columns,
  scroll,
  className = "",
  children,
}: {
  caption: string;
  columns: ReactNode[];
  scroll?: keyof typeof SCROLLS;
  className?: string;
  children: ReactNode;
}) {
  const table = (
    <table className={`w-full text-left text-sm ${scroll ? "" : className}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className="text-xs text-fg-muted uppercase">
        <tr>
          {columns.map((c, i) => (
            <th key={i} scope="col" className="px-2 py-2 font-semibold">
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-border">{children}</tbody>
    </table>
  );
  if (!scroll) return table;
  const { className: scrolls, label } = SCROLLS[scroll];
  return (
    <div className={`${scrolls} ${className}`} tabIndex={0} role="group" aria-label={label}>
      {table}
    </div>
  );
}
