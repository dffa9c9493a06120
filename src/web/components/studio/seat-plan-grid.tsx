import { useEffect, useRef, type KeyboardEvent } from "react";
import type { PositionKind, SeatLayout } from "~/domain/seat-layout";
import { sectionOf, type Seat } from "~/domain/seat-plan";
import { rowName } from "~/lib/seats";
import { useHydrated } from "~/web/lib/use-hydrated";
import { KIND_WORDS, PositionGlyph, positionLook, sectionTint, TOOLS } from "./seat-plan-tools";

/** Each position's size in CSS pixels: a target of at least 24 px (WCAG 2.2, 2.5.8), larger where there is room. */
const CELL = "size-7 tablet:size-8";

/**
 * The plan as a grid of buttons, one per position: Tab reaches it once (roving tabindex), the arrow
 * keys move, Home and End go to the ends of a row (with Ctrl, of the plan), Space or Enter applies
 * the chosen tool, and 1 to 5 choose a tool. With a mouse, pressing and dragging paints. Seats sold
 * or held are dotted; positions a problem names are ringed.
 */
export function SeatPlanGrid(props: {
  layout: SeatLayout;
  label: string;
  describedBy: string;
  focus: Seat;
  onMove: (seat: Seat) => void;
  onApply: (seat: Seat) => void;
  onPickTool: (kind: PositionKind) => void;
  /** Seats sold or held for upcoming events, by `row:column`, with the events. */
  taken: Map<string, string[]>;
  /** Positions a problem names, by `row:column`. */
  flagged: Set<string>;
}) {
  const { layout, focus } = props;
  const { rows, columns, rowNames, cells, sections } = layout;
  const grid = useRef<HTMLDivElement>(null);
  const painting = useRef(false);
  const pointer = useRef<string>("");
  // The plan is drawn by its code: until that runs, its buttons could do nothing (the page offers
  // the plan as text without JavaScript instead).
  const hydrated = useHydrated();

  useEffect(() => {
    const stop = () => (painting.current = false);
    window.addEventListener("pointerup", stop);
    window.addEventListener("pointercancel", stop);
    return () => {
      window.removeEventListener("pointerup", stop);
      window.removeEventListener("pointercancel", stop);
    };
  }, []);

  const button = (s: Seat) => grid.current?.querySelector<HTMLButtonElement>(`[data-position="${s.row}:${s.column}"]`);

  const moveTo = (next: Seat) => {
    const seat = {
      row: Math.min(rows, Math.max(1, next.row)),
      column: Math.min(columns, Math.max(1, next.column)),
    };
    props.onMove(seat);
    // Focusing brings the position into view inside the plan's box (and the box into the window).
    button(seat)?.focus();
  };

  const onKey = (event: KeyboardEvent<HTMLButtonElement>, seat: Seat) => {
    const tool = TOOLS.find((t) => t.key === event.key);
    if (tool && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      return props.onPickTool(tool.kind);
    }
    const step: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      const start = event.key === "Home";
      return moveTo({ row: event.ctrlKey ? (start ? 1 : rows) : seat.row, column: start ? 1 : columns });
    }
    const d = step[event.key];
    if (!d) return;
    event.preventDefault();
    moveTo({ row: seat.row + d[0], column: seat.column + d[1] });
  };

  return (
    <div
      className="mt-3 max-h-[min(70vh,36rem)] w-fit max-w-full overflow-auto overscroll-contain rounded-xl border
        border-border p-2"
      // Scrolls inside its own box: the page itself never grows sideways.
    >
      <p
        className="mb-2 rounded-lg bg-surface-2 py-1 text-center text-xs font-semibold tracking-widest text-fg-muted
          uppercase"
      >
        Stage
      </p>
      <div
        ref={grid}
        role="grid"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        aria-rowcount={rows}
        aria-colcount={columns + 1}
        className="w-max select-none"
      >
        <div aria-hidden className="flex gap-1 pb-1">
          <span className="w-10 shrink-0" />
          {Array.from({ length: columns }, (_, ci) => (
            <span key={ci} className="w-7 shrink-0 text-center text-[10px] text-fg-muted tabular-nums tablet:w-8">
              {ci + 1}
            </span>
          ))}
        </div>
        {cells.map((line, ri) => {
          const r = ri + 1;
          const name = rowName(r, rowNames);
          return (
            <div role="row" key={r} aria-rowindex={r} className="flex items-center gap-1 py-0.5">
              <span
                role="rowheader"
                aria-colindex={1}
                className="w-10 shrink-0 truncate pr-1 text-right text-xs font-semibold text-fg-muted"
              >
                <span className="sr-only">Row </span>
                {name}
              </span>
              {line.map((kind, ci) => {
                const seat = { row: r, column: ci + 1 };
                const key = `${r}:${ci + 1}`;
                const section = sectionOf(
                  sections.map((s, i) => ({ ...s, id: String(i) })),
                  seat,
                );
                const soldFor = props.taken.get(key);
                const words = [
                  `Row ${name}, position ${ci + 1}`,
                  KIND_WORDS[kind],
                  section ? `in ${sections[Number(section.id)]!.name.trim() || "a section"}` : null,
                  soldFor ? "sold or held" : null,
                  props.flagged.has(key) ? "has a problem" : null,
                ].filter(Boolean);
                return (
                  <span role="gridcell" key={ci} aria-colindex={ci + 2}>
                    <button
                      type="button"
                      data-position={key}
                      disabled={!hydrated}
                      tabIndex={focus.row === r && focus.column === ci + 1 ? 0 : -1}
                      aria-label={words.join(", ")}
                      title={soldFor ? `Sold or held for ${soldFor.join(", ")}` : undefined}
                      onPointerDown={(e) => {
                        pointer.current = e.pointerType;
                        if (e.pointerType !== "mouse" || e.button !== 0) return;
                        painting.current = true;
                        props.onMove(seat);
                        props.onApply(seat);
                      }}
                      onPointerEnter={(e) => {
                        if (painting.current && e.pointerType === "mouse" && e.buttons & 1) props.onApply(seat);
                      }}
                      onClick={(e) => {
                        props.onMove(seat);
                        // A mouse press has painted already; keys and touches apply here.
                        if (e.detail > 0 && pointer.current === "mouse") return;
                        props.onApply(seat);
                      }}
                      onKeyDown={(e) => onKey(e, seat)}
                      className={`${CELL} relative grid shrink-0 place-items-center rounded-md ${positionLook(kind)}
                        ${section ? sectionTint(Number(section.id)) : ""}
                        ${props.flagged.has(key) ? "ring-2 ring-danger ring-offset-1 ring-offset-bg" : ""}
                        hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2
                        focus-visible:outline-[var(--ring)]`}
                    >
                      <PositionGlyph kind={kind} />
                      {soldFor ? (
                        <span aria-hidden className="absolute top-0.5 right-0.5 size-1.5 rounded-full bg-fg" />
                      ) : null}
                    </button>
                  </span>
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}
