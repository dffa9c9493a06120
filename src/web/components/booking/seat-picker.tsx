import { useRef, useState, type KeyboardEvent } from "react";
import { rowLetter, seatLabel } from "~/lib/seats";

export interface Seat {
  row: number;
  column: number;
}

/**
 * Choosing seats on the venue's plan (rows × columns). A grid of toggle buttons: Tab reaches the
 * plan once, the arrow keys move between seats, Space or Enter picks one; taken seats are shown
 * and skipped. Stage at the top.
 */
export function SeatPicker(props: {
  rows: number;
  columns: number;
  taken: Seat[];
  chosen: Seat[];
  wanted: number;
  onChange: (seats: Seat[]) => void;
}) {
  const { rows, columns, taken, chosen, wanted } = props;
  const isTaken = (r: number, c: number) => taken.some((s) => s.row === r && s.column === c);
  const isChosen = (r: number, c: number) => chosen.some((s) => s.row === r && s.column === c);
  const [focus, setFocus] = useState<Seat>(() => chosen[0] ?? firstFree(rows, columns, isTaken));
  const grid = useRef<HTMLDivElement>(null);

  const toggle = (r: number, c: number) => {
    if (isTaken(r, c)) return;
    if (isChosen(r, c)) props.onChange(chosen.filter((s) => !(s.row === r && s.column === c)));
    else if (chosen.length < wanted) props.onChange([...chosen, { row: r, column: c }]);
    // Full already: swap the oldest pick for this one.
    else props.onChange([...chosen.slice(1), { row: r, column: c }]);
  };

  const move = (event: KeyboardEvent<HTMLButtonElement>, r: number, c: number) => {
    const step: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const d = step[event.key];
    if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      const column = event.key === "Home" ? 1 : columns;
      setFocus({ row: r, column });
      grid.current?.querySelector<HTMLButtonElement>(`[data-seat="${r}:${column}"]`)?.focus();
      return;
    }
    if (!d) return;
    event.preventDefault();
    const next = { row: Math.min(rows, Math.max(1, r + d[0])), column: Math.min(columns, Math.max(1, c + d[1])) };
    setFocus(next);
    grid.current?.querySelector<HTMLButtonElement>(`[data-seat="${next.row}:${next.column}"]`)?.focus();
  };

  return (
    <fieldset className="mt-4 border-t border-border pt-4">
      <legend className="text-sm font-semibold">
        Choose {wanted === 1 ? "your seat" : `${wanted} seats`}{" "}
        <span className="font-normal text-fg-muted">
          ({chosen.length} of {wanted} chosen{chosen.length > 0 ? `: ${chosen.map(seatLabel).join(", ")}` : ""})
        </span>
      </legend>
      <p
        className="mt-2 rounded-lg bg-surface-2 py-1 text-center text-xs font-semibold tracking-widest
        text-fg-muted uppercase"
      >
        Stage
      </p>
      <div
        ref={grid}
        role="grid"
        aria-label="Seat plan"
        aria-rowcount={rows}
        aria-colcount={columns}
        className="mt-2 overflow-x-auto pb-1"
      >
        {Array.from({ length: rows }, (_, ri) => {
          const r = ri + 1;
          return (
            <div role="row" key={r} className="flex items-center gap-1 py-0.5">
              <span aria-hidden className="w-5 shrink-0 text-center text-xs font-semibold text-fg-muted">
                {rowLetter(r)}
              </span>
              {Array.from({ length: columns }, (_, ci) => {
                const c = ci + 1;
                const takenSeat = isTaken(r, c);
                const picked = isChosen(r, c);
                return (
                  <span role="gridcell" key={c}>
                    <button
                      type="button"
                      data-seat={`${r}:${c}`}
                      tabIndex={focus.row === r && focus.column === c ? 0 : -1}
                      aria-pressed={picked}
                      aria-disabled={takenSeat || undefined}
                      aria-label={`Row ${rowLetter(r)}, seat ${c}${takenSeat ? ", taken" : ""}`}
                      onClick={() => {
                        setFocus({ row: r, column: c });
                        toggle(r, c);
                      }}
                      onKeyDown={(e) => move(e, r, c)}
                      className={`grid size-6 place-items-center rounded-md text-[10px] font-semibold
                        focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-[var(--ring)] ${
                          takenSeat
                            ? "cursor-not-allowed bg-fg-muted/30 text-transparent"
                            : picked
                              ? "bg-brand-strong text-on-brand"
                              : "border border-border bg-surface hover:border-brand"
                        }`}
                    >
                      {picked ? c : ""}
                    </button>
                  </span>
                );
              })}
            </div>
          );
        })}
      </div>
      <p className="mt-2 flex flex-wrap gap-3 text-xs text-fg-muted">
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="size-3 rounded border border-border bg-surface" /> Free
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="size-3 rounded bg-brand-strong" /> Yours
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="size-3 rounded bg-fg-muted/30" /> Taken
        </span>
      </p>
    </fieldset>
  );
}

function firstFree(rows: number, columns: number, isTaken: (r: number, c: number) => boolean): Seat {
  for (let r = 1; r <= rows; r++) for (let c = 1; c <= columns; c++) if (!isTaken(r, c)) return { row: r, column: c };
  return { row: 1, column: 1 };
}
