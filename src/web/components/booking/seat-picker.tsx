import { Accessibility, Minus, Plus, X } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { seatKey, sectionOf, type SeatMark, type SeatSection } from "~/domain/seat-plan";
import { rowName, seatLabel } from "~/lib/seats";

export interface Seat {
  row: number;
  column: number;
}

/** What the basket needs seats for, section by section (id null: the seats outside every section). */
export interface SeatsWanted {
  sectionId: string | null;
  /** The section's name ('' for a plan without sections). */
  label: string;
  count: number;
}

/** Seat sizes, in CSS pixels: every one a target of at least 24 px (WCAG 2.2, 2.5.8). */
const ZOOMS = [24, 30, 36] as const;
/** Plans larger than this get a minimap showing which part is in view. */
const MINIMAP_FROM_COLUMNS = 12;

/**
 * Choosing seats on the venue's plan. Sections of the plan (stalls, circle) sell at their tickets'
 * prices: a seat can be chosen only in a section the basket has tickets for, and the hold checks the
 * same. A grid of toggle buttons: Tab reaches the plan once, the arrow keys move between seats, Home
 * and End go to the ends of a row, Space or Enter picks one; taken seats are shown and skipped.
 * Rows carry the venue's names for them. Wheelchair spaces and companion seats are marked; gaps
 * (aisles) are empty space the arrow keys pass over, and blocked seats are shown as never for sale.
 * The plan scrolls inside its own box (the page never grows sideways), keeps the seat in focus in
 * view, zooms, and on large plans shows a minimap of the part in view. Stage at the top.
 */
export function SeatPicker(props: {
  rows: number;
  columns: number;
  /** The venue's names for its rows, nearest the stage first (a row past them reads as its letter). */
  rowNames: string[];
  taken: Seat[];
  chosen: Seat[];
  sections: SeatSection[];
  marks: SeatMark[];
  wanted: SeatsWanted[];
  onChange: (seats: Seat[]) => void;
}) {
  const { rows, columns, chosen, sections, wanted, rowNames } = props;
  const marks = new Map(props.marks.map((m) => [seatKey(m), m.kind]));
  const isGap = (s: Seat) => marks.get(seatKey(s)) === "gap";
  const isBlocked = (s: Seat) => marks.get(seatKey(s)) === "blocked";
  // A blocked seat is never sold: to a buyer it is as good as taken.
  const taken = new Set([...props.taken.map(seatKey), ...props.marks.filter((m) => m.kind === "blocked").map(seatKey)]);
  const sectionIdOf = (s: Seat) => sectionOf(sections, s)?.id ?? null;
  const wantedIn = (id: string | null) => wanted.find((w) => w.sectionId === id)?.count ?? 0;
  const isChosen = (r: number, c: number) => chosen.some((s) => s.row === r && s.column === c);
  const total = wanted.reduce((n, w) => n + w.count, 0);
  const [focus, setFocus] = useState<Seat>(
    () =>
      chosen[0] ??
      firstOpen(rows, columns, (s) => !isGap(s) && !taken.has(seatKey(s)) && wantedIn(sectionIdOf(s)) > 0) ??
      firstOpen(rows, columns, (s) => !isGap(s)) ?? { row: 1, column: 1 },
  );
  const [zoom, setZoom] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLDivElement>(null);
  const size = ZOOMS[zoom]!;

  const toggle = (r: number, c: number) => {
    const seat = { row: r, column: c };
    const section = sectionIdOf(seat);
    if (isGap(seat) || taken.has(seatKey(seat)) || wantedIn(section) === 0) return;
    if (isChosen(r, c)) return props.onChange(chosen.filter((s) => !(s.row === r && s.column === c)));
    const inSection = chosen.filter((s) => sectionIdOf(s) === section);
    if (inSection.length < wantedIn(section)) return props.onChange([...chosen, seat]);
    // That section's seats are all chosen: swap its oldest pick for this one.
    const oldest = inSection[0]!;
    props.onChange([...chosen.filter((s) => s !== oldest), seat]);
  };

  const seatButton = (s: Seat) => grid.current?.querySelector<HTMLButtonElement>(`[data-seat="${s.row}:${s.column}"]`);
  const moveTo = (next: Seat) => {
    setFocus(next);
    seatButton(next)?.focus();
  };

  const onKey = (event: KeyboardEvent<HTMLButtonElement>, r: number, c: number) => {
    const step: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      const inRow = Array.from({ length: columns }, (_, i) => ({ row: r, column: i + 1 })).filter((s) => !isGap(s));
      const end = event.key === "Home" ? inRow[0] : inRow.at(-1);
      return end ? moveTo(end) : undefined;
    }
    const d = step[event.key];
    if (!d) return;
    event.preventDefault();
    // Over gaps (an aisle) to the next seat that way; at the edge of the plan, stay.
    let next = { row: r + d[0], column: c + d[1] };
    while (next.row >= 1 && next.row <= rows && next.column >= 1 && next.column <= columns && isGap(next))
      next = { row: next.row + d[0], column: next.column + d[1] };
    if (next.row >= 1 && next.row <= rows && next.column >= 1 && next.column <= columns) moveTo(next);
  };
  const nameWidth = `${Math.max(1.25, Math.max(...rowNames.map((n) => n.length), 1) * 0.5 + 0.5)}rem`;

  // The seat in focus (and so each seat as it is chosen) stays in view inside the plan's box.
  useEffect(() => {
    seatButton(focus)?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [focus, zoom]);

  const need = wanted.filter((w) => w.count > 0);
  return (
    <fieldset className="mt-4 min-w-0 border-t border-border pt-4">
      <legend className="text-sm font-semibold">
        Choose {need.map(seatsWanted).join(" and ")}{" "}
        <span className="font-normal text-fg-muted">
          ({chosen.length} of {total} chosen
          {chosen.length > 0 ? `: ${chosen.map((s) => seatLabel(s, rowNames)).join(", ")}` : ""})
        </span>
      </legend>
      <div className="mt-2 flex items-center justify-between gap-2">
        <p className="text-xs text-fg-muted">Seats you can choose are outlined.</p>
        <div className="flex items-center gap-1" role="group" aria-label="Zoom the seat plan">
          <button
            type="button"
            className="btn-secondary size-8 min-h-0 p-0"
            onClick={() => setZoom((z) => Math.max(0, z - 1))}
            disabled={zoom === 0}
            aria-label="Zoom out"
          >
            <Minus aria-hidden className="size-4" />
          </button>
          <button
            type="button"
            className="btn-secondary size-8 min-h-0 p-0"
            onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
            disabled={zoom === ZOOMS.length - 1}
            aria-label="Zoom in"
          >
            <Plus aria-hidden className="size-4" />
          </button>
        </div>
      </div>
      <div
        ref={scroller}
        className="mt-2 max-h-[min(60vh,28rem)] overflow-auto overscroll-contain rounded-xl border border-border
          py-2 pr-2"
        tabIndex={-1}
      >
        <p
          className="mb-2 ml-1 rounded-lg bg-surface-2 py-1 text-center text-xs font-semibold tracking-widest
            text-fg-muted uppercase"
          style={{ minWidth: `calc(${columns * (size + 4)}px + ${nameWidth})` }}
        >
          Stage
        </p>
        <div
          ref={grid}
          role="grid"
          aria-label="Seat plan"
          aria-rowcount={rows}
          aria-colcount={columns}
          className="w-max"
        >
          {Array.from({ length: rows }, (_, ri) => {
            const r = ri + 1;
            const section = sectionOf(sections, { row: r, column: 1 });
            const startsSection =
              section &&
              section.firstRow === r &&
              (r === 1 || sectionOf(sections, { row: r - 1, column: 1 })?.id !== section.id);
            return (
              <div
                role="row"
                key={r}
                aria-rowindex={r}
                className={`flex items-center gap-1 py-0.5 ${startsSection && r > 1 ? "mt-3" : ""}`}
              >
                {/* Stays at the left edge as the plan is panned: a seat is never chosen without its row in sight. */}
                <span
                  aria-hidden
                  className="sticky left-0 z-[1] shrink-0 self-stretch bg-surface text-center text-xs
                    font-semibold text-fg-muted"
                  style={{ width: nameWidth, lineHeight: `${size}px` }}
                >
                  {rowName(r, rowNames)}
                </span>
                {Array.from({ length: columns }, (_, ci) => {
                  const c = ci + 1;
                  const seat = { row: r, column: c };
                  // An aisle: space, not a cell (the arrow keys pass over it).
                  if (isGap(seat))
                    return <span key={c} aria-hidden className="shrink-0" style={{ width: size, height: size }} />;
                  const seatSection = sectionOf(sections, seat);
                  const isTaken = taken.has(seatKey(seat));
                  const open = !isTaken && wantedIn(seatSection?.id ?? null) > 0;
                  const picked = isChosen(r, c);
                  const mark = marks.get(seatKey(seat));
                  const blocked = isBlocked(seat);
                  const words = [
                    seatSection
                      ? `${seatSection.name}, row ${rowName(r, rowNames)}, seat ${c}`
                      : `Row ${rowName(r, rowNames)}, seat ${c}`,
                    mark === "wheelchair" ? "wheelchair space" : mark === "companion" ? "companion seat" : null,
                    blocked ? "not for sale" : isTaken ? "taken" : open ? null : "not for your tickets",
                  ].filter(Boolean);
                  return (
                    <span role="gridcell" key={c} aria-colindex={c}>
                      <button
                        type="button"
                        data-seat={`${r}:${c}`}
                        tabIndex={focus.row === r && focus.column === c ? 0 : -1}
                        aria-pressed={picked}
                        aria-disabled={!open || undefined}
                        aria-label={words.join(", ")}
                        onClick={() => {
                          setFocus(seat);
                          toggle(r, c);
                        }}
                        onKeyDown={(e) => onKey(e, r, c)}
                        style={{ width: size, height: size }}
                        className={`grid shrink-0 place-items-center rounded-md text-[10px] font-semibold
                          focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-[var(--ring)] ${
                            isTaken
                              ? "cursor-not-allowed bg-fg-muted/30 text-fg-muted"
                              : picked
                                ? "bg-brand-strong text-on-brand"
                                : open
                                  ? "border-2 border-brand/70 bg-surface text-fg hover:bg-brand-soft"
                                  : "cursor-not-allowed border border-dashed border-border bg-surface-2 text-fg-muted"
                          }`}
                      >
                        {blocked ? (
                          <X aria-hidden className="size-3.5" />
                        ) : mark === "wheelchair" ? (
                          <Accessibility aria-hidden className="size-3.5" />
                        ) : mark === "companion" ? (
                          <span aria-hidden>C</span>
                        ) : picked ? (
                          c
                        ) : (
                          ""
                        )}
                      </button>
                    </span>
                  );
                })}
                {startsSection ? (
                  <span aria-hidden className="ml-1 text-[10px] font-semibold tracking-wide text-fg-muted uppercase">
                    {section.name}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
      {columns > MINIMAP_FROM_COLUMNS ? (
        <Minimap rows={rows} columns={columns} chosen={chosen} scroller={scroller} zoom={zoom} />
      ) : null}
      <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-fg-muted">
        <li className="inline-flex items-center gap-1">
          <span aria-hidden className="size-3 rounded border-2 border-brand/70 bg-surface" /> Free for your tickets
        </li>
        <li className="inline-flex items-center gap-1">
          <span aria-hidden className="size-3 rounded bg-brand-strong" /> Yours
        </li>
        <li className="inline-flex items-center gap-1">
          <span aria-hidden className="size-3 rounded bg-fg-muted/30" /> Taken
        </li>
        {sections.length > 0 ? (
          <li className="inline-flex items-center gap-1">
            <span aria-hidden className="size-3 rounded border border-dashed border-border bg-surface-2" /> Another
            section
          </li>
        ) : null}
        {props.marks.some((m) => m.kind === "blocked") ? (
          <li className="inline-flex items-center gap-1">
            <span aria-hidden className="grid size-3.5 place-items-center rounded bg-fg-muted/30">
              <X className="size-3" />
            </span>{" "}
            Not for sale
          </li>
        ) : null}
        {props.marks.some((m) => m.kind === "wheelchair") ? (
          <li className="inline-flex items-center gap-1">
            <Accessibility aria-hidden className="size-3.5" /> Wheelchair space
          </li>
        ) : null}
        {props.marks.some((m) => m.kind === "companion") ? (
          <li className="inline-flex items-center gap-1">
            <span aria-hidden className="font-semibold">
              C
            </span>{" "}
            Companion seat
          </li>
        ) : null}
      </ul>
    </fieldset>
  );
}

/**
 * A small picture of the whole plan with the part in view outlined and the chosen seats shown, for
 * plans wider than the box. Pressing it brings that part into view. For pointers only: the grid
 * itself is what keyboards and screen readers use.
 */
function Minimap(props: {
  rows: number;
  columns: number;
  chosen: Seat[];
  scroller: React.RefObject<HTMLDivElement | null>;
  zoom: number;
}) {
  const { rows, columns } = props;
  const [view, setView] = useState({ left: 0, top: 0, width: 1, height: 1 });
  useEffect(() => {
    const box = props.scroller.current;
    if (!box) return;
    const update = () =>
      setView({
        left: box.scrollLeft / box.scrollWidth,
        top: box.scrollTop / box.scrollHeight,
        width: Math.min(1, box.clientWidth / box.scrollWidth),
        height: Math.min(1, box.clientHeight / box.scrollHeight),
      });
    update();
    box.addEventListener("scroll", update, { passive: true });
    const resize = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(update);
    resize?.observe(box);
    return () => {
      box.removeEventListener("scroll", update);
      resize?.disconnect();
    };
  }, [props.scroller, props.zoom]);
  const cell = 6;
  return (
    <div
      aria-hidden
      className="relative mt-2 ml-auto cursor-pointer rounded border border-border bg-surface-2"
      style={{ width: columns * cell + 4, height: rows * cell + 4 }}
      onClick={(e) => {
        const box = props.scroller.current;
        if (!box) return;
        const rect = e.currentTarget.getBoundingClientRect();
        box.scrollTo({
          left: ((e.clientX - rect.left) / rect.width) * box.scrollWidth - box.clientWidth / 2,
          top: ((e.clientY - rect.top) / rect.height) * box.scrollHeight - box.clientHeight / 2,
        });
      }}
    >
      {props.chosen.map((s) => (
        <span
          key={seatKey(s)}
          className="absolute rounded-[1px] bg-brand-strong"
          style={{ left: 2 + (s.column - 1) * cell, top: 2 + (s.row - 1) * cell, width: cell - 1, height: cell - 1 }}
        />
      ))}
      <span
        className="absolute rounded-sm border-2 border-fg/70"
        style={{
          left: `${view.left * 100}%`,
          top: `${view.top * 100}%`,
          width: `${view.width * 100}%`,
          height: `${view.height * 100}%`,
        }}
      />
    </div>
  );
}

function firstOpen(rows: number, columns: number, open: (s: Seat) => boolean): Seat | null {
  for (let r = 1; r <= rows; r++)
    for (let c = 1; c <= columns; c++) if (open({ row: r, column: c })) return { row: r, column: c };
  return null;
}

/** '2 Circle seats', '1 seat': what the legend asks for of one ticket type. */
function seatsWanted(w: { count: number; label?: string | null }): string {
  return `${w.count} ${w.label ? `${w.label} ` : ""}${w.count === 1 ? "seat" : "seats"}`;
}
