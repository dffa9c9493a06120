import { rowLetter, seatName } from "~/lib/seats";
import { SEAT_MARK_KINDS, type Seat, type SeatMark, type SeatMarkKind } from "./seat-plan";

/**
 * A seat plan as the host draws it in Partner Studio: rows × columns of positions, each a seat, a
 * gap (an aisle), a blocked seat (never sold), a wheelchair space or a companion seat; a name for
 * every row; and sections, blocks of the plan sold by their own ticket types. `checkSeatLayout` is
 * the one judge of a plan before it is saved; the editor and the save service both ask it.
 */

export const SEAT_PLAN_LIMITS = {
  minRows: 1,
  maxRows: 50,
  minColumns: 1,
  maxColumns: 60,
  rowNameMaxLength: 4,
  maxSections: 20,
  sectionNameMaxLength: 40,
} as const;

/** What a position of the plan is: a plain seat, or one of the marks. */
export type PositionKind = "seat" | SeatMarkKind;
export const POSITION_KINDS: readonly PositionKind[] = ["seat", ...SEAT_MARK_KINDS];

export interface LayoutSection {
  /** The saved section's id (ticket types stay tied to it); null for a section added in this edit. */
  id: string | null;
  name: string;
  firstRow: number;
  lastRow: number;
  firstColumn: number;
  lastColumn: number;
}

export interface SeatLayout {
  rows: number;
  columns: number;
  /** One per row, top (nearest the stage) first. */
  rowNames: string[];
  /** `cells[row - 1][column - 1]`. */
  cells: PositionKind[][];
  sections: LayoutSection[];
}

/** One thing wrong with a plan: what to show beside `field`, and the positions it concerns. */
export interface SeatPlanProblem {
  field: "rows" | "columns" | "rowNames" | "cells" | "sections";
  message: string;
  /** For a row name: which row (1-based). For a section: its place in the list (0-based). */
  index?: number;
  seats?: Seat[];
}

/** The default name of row `row`: its letter. */
export const defaultRowNames = (rows: number) => Array.from({ length: rows }, (_, i) => rowLetter(i + 1));

/** The plan's positions from its stored marks: everything unmarked is a seat. */
export function cellsFromMarks(rows: number, columns: number, marks: readonly SeatMark[]): PositionKind[][] {
  const cells = Array.from({ length: rows }, () => Array.from({ length: columns }, (): PositionKind => "seat"));
  for (const m of marks)
    if (m.row >= 1 && m.row <= rows && m.column >= 1 && m.column <= columns) cells[m.row - 1]![m.column - 1] = m.kind;
  return cells;
}

/** The marks to store for a plan: every position that is not a plain seat. */
export function marksFromCells(cells: readonly (readonly PositionKind[])[]): SeatMark[] {
  return cells.flatMap((line, r) =>
    line.flatMap((kind, c) => (kind === "seat" ? [] : [{ row: r + 1, column: c + 1, kind }])),
  );
}

/**
 * The plan as text, one line per row and one character per position: `o` a seat, `.` a gap, `x`
 * blocked, `w` a wheelchair space, `c` a companion seat. A host without JavaScript can type it;
 * the editor posts it with rows split by `/` (a one-line field drops line breaks).
 */
export const LAYOUT_CHARS: Record<PositionKind, string> = {
  seat: "o",
  gap: ".",
  blocked: "x",
  wheelchair: "w",
  companion: "c",
};
const KIND_OF_CHAR = new Map(Object.entries(LAYOUT_CHARS).map(([kind, char]) => [char, kind as PositionKind]));

export function encodeCells(cells: readonly (readonly PositionKind[])[], rowBreak: "\n" | "/" = "\n"): string {
  return cells.map((line) => line.map((kind) => LAYOUT_CHARS[kind]).join("")).join(rowBreak);
}

/** The rows of a plan's text: split at line breaks or `/`. */
export const layoutLines = (text: string) => text.replace(/\r/g, "").split(/[\n/]/);

/**
 * Reads the text form back. Lines and positions past `rows` × `columns` are dropped and missing
 * ones are seats, so changing the size without JavaScript keeps what was drawn; a character that
 * is not one of the five is a problem naming its row and position.
 */
export function decodeCells(
  text: string,
  rows: number,
  columns: number,
): { cells: PositionKind[][]; problems: SeatPlanProblem[] } {
  const lines = layoutLines(text);
  const problems: SeatPlanProblem[] = [];
  const cells = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c): PositionKind => {
      const char = lines[r]?.[c]?.toLowerCase();
      if (char === undefined || char === " ") return "seat";
      const kind = KIND_OF_CHAR.get(char);
      if (kind) return kind;
      problems.push({
        field: "cells",
        message:
          `Row ${r + 1}, position ${c + 1}: "${char}" is not one of o (seat), . (gap), x (blocked), ` +
          `w (wheelchair space) or c (companion seat).`,
        seats: [{ row: r + 1, column: c + 1 }],
      });
      return "seat";
    }),
  );
  return { cells, problems };
}

/**
 * The plan at a new size: what was drawn stays where it was, new positions are seats and new rows
 * take their own letter, or the next one free; sections are left as they are (the check says if one no longer fits).
 */
export function resizeLayout(layout: SeatLayout, rows: number, columns: number): SeatLayout {
  const used = new Set(layout.rowNames.slice(0, rows).map((n) => n.trim().toUpperCase()));
  const rowNames = Array.from({ length: rows }, (_, i) => {
    const kept = layout.rowNames[i];
    if (kept !== undefined) return kept;
    let n = i + 1;
    while (used.has(rowLetter(n))) n++;
    used.add(rowLetter(n));
    return rowLetter(n);
  });
  const cells = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c): PositionKind => layout.cells[r]?.[c] ?? "seat"),
  );
  return { ...layout, rows, columns, rowNames, cells };
}

const isWhole = (n: number) => Number.isInteger(n);

/**
 * Everything wrong with a plan, in the order a host reads the editor (size, row names, positions,
 * sections); empty when it may be saved. Every message names the row, seat or section concerned.
 */
export function checkSeatLayout(layout: SeatLayout): SeatPlanProblem[] {
  const L = SEAT_PLAN_LIMITS;
  const problems: SeatPlanProblem[] = [];
  const { rows, columns } = layout;
  if (!isWhole(rows) || rows < L.minRows || rows > L.maxRows)
    problems.push({ field: "rows", message: `Rows must be a whole number from ${L.minRows} to ${L.maxRows}.` });
  if (!isWhole(columns) || columns < L.minColumns || columns > L.maxColumns)
    problems.push({
      field: "columns",
      message: `Seats per row must be a whole number from ${L.minColumns} to ${L.maxColumns}.`,
    });
  // Nothing else can be judged on a grid of the wrong size.
  if (problems.length > 0) return problems;
  if (layout.rowNames.length !== rows || layout.cells.length !== rows || layout.cells.some((l) => l.length !== columns))
    return [{ field: "cells", message: `The plan must have ${rows} rows of ${columns} positions.` }];

  problems.push(...rowNameProblems(layout.rowNames));
  const names = layout.rowNames;
  const seat = (row: number, column: number) => seatName(row, column, names);

  const kinds = new Set<string>(POSITION_KINDS);
  const strange: Seat[] = [];
  const lonelyCompanions: Seat[] = [];
  let forSale = 0;
  layout.cells.forEach((line, r) =>
    line.forEach((kind, c) => {
      if (!kinds.has(kind)) return strange.push({ row: r + 1, column: c + 1 });
      if (kind !== "gap" && kind !== "blocked") forSale++;
      if (kind === "companion" && line[c - 1] !== "wheelchair" && line[c + 1] !== "wheelchair")
        lonelyCompanions.push({ row: r + 1, column: c + 1 });
    }),
  );
  if (strange.length > 0)
    problems.push({
      field: "cells",
      message: `Unknown kind of position at ${listSeats(strange, seat)}.`,
      seats: strange,
    });
  if (lonelyCompanions.length > 0)
    problems.push({
      field: "cells",
      message:
        `A companion seat must sit next to a wheelchair space, in the same row: ` +
        `${listSeats(lonelyCompanions, seat)} ${lonelyCompanions.length === 1 ? "doesn't" : "don't"}.`,
      seats: lonelyCompanions,
    });
  if (forSale === 0) problems.push({ field: "cells", message: "The plan needs at least one seat for sale." });

  problems.push(...sectionProblems(layout));
  return problems;
}

function rowNameProblems(rowNames: readonly string[]): SeatPlanProblem[] {
  const problems: SeatPlanProblem[] = [];
  const firstRowNamed = new Map<string, number>();
  rowNames.forEach((raw, i) => {
    const row = i + 1;
    const name = raw.trim();
    if (name === "") return problems.push({ field: "rowNames", index: row, message: `Row ${row} needs a name.` });
    if (name.length > SEAT_PLAN_LIMITS.rowNameMaxLength || !/^[A-Za-z0-9]+$/.test(name))
      return problems.push({
        field: "rowNames",
        index: row,
        message: `Row ${row}'s name "${name}" must be 1 to ${SEAT_PLAN_LIMITS.rowNameMaxLength} letters or digits.`,
      });
    const key = name.toUpperCase();
    const first = firstRowNamed.get(key);
    if (first !== undefined)
      return problems.push({
        field: "rowNames",
        index: row,
        message: `Row ${row} is named "${name}", like row ${first}: each row needs its own name.`,
      });
    firstRowNamed.set(key, row);
  });
  return problems;
}

function sectionProblems(layout: SeatLayout): SeatPlanProblem[] {
  const L = SEAT_PLAN_LIMITS;
  const { rows, columns, sections } = layout;
  const problems: SeatPlanProblem[] = [];
  if (sections.length > L.maxSections)
    problems.push({ field: "sections", message: `A plan can have at most ${L.maxSections} sections.` });
  const row = (r: number) => (r >= 1 && r <= rows ? `row ${layout.rowNames[r - 1]!.trim()}` : `row ${r}`);
  const named = new Map<string, number>();
  const inside: number[] = [];
  sections.forEach((s, index) => {
    const name = s.name.trim();
    const called = name ? `Section "${name}"` : `Section ${index + 1}`;
    const at = (message: string) => problems.push({ field: "sections", index, message });
    if (name === "") at(`Section ${index + 1} needs a name.`);
    else if (name.length > L.sectionNameMaxLength)
      at(`${called}: a section's name can be at most ${L.sectionNameMaxLength} characters.`);
    else if (named.has(name.toLowerCase())) at(`${called}: another section has that name; each needs its own.`);
    named.set(name.toLowerCase(), index);
    const whole = [s.firstRow, s.lastRow, s.firstColumn, s.lastColumn].every(isWhole);
    if (!whole) return at(`${called}: its rows and seats must be whole numbers.`);
    if (s.firstRow > s.lastRow) return at(`${called}: its first row comes after its last.`);
    if (s.firstColumn > s.lastColumn) return at(`${called}: its first seat comes after its last.`);
    if (s.firstRow < 1 || s.lastRow > rows)
      return at(`${called} reaches past the plan's rows (${row(1)} to ${row(rows)}).`);
    if (s.firstColumn < 1 || s.lastColumn > columns)
      return at(`${called} reaches past the plan's seats (1 to ${columns} in each row).`);
    inside.push(index);
  });
  // Overlaps only between sections that fit: a seat sells at one section's price.
  for (let i = 0; i < inside.length; i++)
    for (let j = i + 1; j < inside.length; j++) {
      const a = sections[inside[i]!]!;
      const b = sections[inside[j]!]!;
      const rowsMeet = a.firstRow <= b.lastRow && b.firstRow <= a.lastRow;
      const columnsMeet = a.firstColumn <= b.lastColumn && b.firstColumn <= a.lastColumn;
      if (rowsMeet && columnsMeet) {
        const corner = { row: Math.max(a.firstRow, b.firstRow), column: Math.max(a.firstColumn, b.firstColumn) };
        problems.push({
          field: "sections",
          index: inside[j],
          message:
            `Sections "${a.name.trim() || inside[i]! + 1}" and "${b.name.trim() || inside[j]! + 1}" overlap ` +
            `(from seat ${seatName(corner.row, corner.column, layout.rowNames)}): a seat can be in one section only.`,
          seats: [corner],
        });
      }
    }
  return problems;
}

/** 'F5, F6 and G2'; past eight, 'F5, F6, … and 12 more'. */
export function listSeats(seats: readonly Seat[], name: (row: number, column: number) => string): string {
  const shown = seats.slice(0, 8).map((s) => name(s.row, s.column));
  if (seats.length > 8) return `${shown.join(", ")} and ${seats.length - 8} more`;
  if (shown.length === 1) return shown[0]!;
  return `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

/** The positions that are seats for sale in `layout` (not gaps, not blocked), as `row:column` keys. */
export function sellableKeysOf(layout: Pick<SeatLayout, "cells">): Set<string> {
  const keys = new Set<string>();
  layout.cells.forEach((line, r) =>
    line.forEach((kind, c) => {
      if (kind !== "gap" && kind !== "blocked") keys.add(`${r + 1}:${c + 1}`);
    }),
  );
  return keys;
}
