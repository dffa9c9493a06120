import { describe, expect, it } from "vitest";
import {
  cellsFromMarks,
  checkSeatLayout,
  decodeCells,
  defaultRowNames,
  encodeCells,
  listSeats,
  marksFromCells,
  resizeLayout,
  SEAT_PLAN_LIMITS,
  sellableKeysOf,
  type LayoutSection,
  type PositionKind,
  type SeatLayout,
} from "./seat-layout";
import { sellableSeatCount, unsellableKeys } from "./seat-plan";

/** A plan of plain seats, rows × columns, named A, B, C…. */
function plan(rows: number, columns: number, more: Partial<SeatLayout> = {}): SeatLayout {
  return {
    rows,
    columns,
    rowNames: defaultRowNames(rows),
    cells: Array.from({ length: rows }, () => Array.from({ length: columns }, (): PositionKind => "seat")),
    sections: [],
    ...more,
  };
}

const drawn = (text: string) => decodeCells(text, text.split("\n").length, text.split("\n")[0]!.length).cells;
const messages = (layout: SeatLayout) => checkSeatLayout(layout).map((p) => p.message);
const section = (s: Partial<LayoutSection>): LayoutSection => ({
  id: null,
  name: "Stalls",
  firstRow: 1,
  lastRow: 1,
  firstColumn: 1,
  lastColumn: 1,
  ...s,
});

describe("a seat plan's size", () => {
  it("takes 1 to 50 rows and 1 to 60 seats per row, whole numbers only", () => {
    const L = SEAT_PLAN_LIMITS;
    for (const [rows, columns] of [
      [L.minRows, L.minColumns],
      [L.maxRows, L.maxColumns],
    ] as const)
      expect(checkSeatLayout(plan(rows, columns))).toEqual([]);
    for (const rows of [0, L.maxRows + 1, 2.5, NaN])
      expect(checkSeatLayout(plan(1, 1, { rows }))).toEqual([
        { field: "rows", message: "Rows must be a whole number from 1 to 50." },
      ]);
    for (const columns of [0, L.maxColumns + 1, 1.5, NaN])
      expect(checkSeatLayout(plan(1, 1, { columns }))).toEqual([
        { field: "columns", message: "Seats per row must be a whole number from 1 to 60." },
      ]);
  });

  it("must match what is drawn", () => {
    expect(messages({ ...plan(2, 3), rows: 3 })).toEqual(["The plan must have 3 rows of 3 positions."]);
    expect(messages({ ...plan(2, 3), cells: [["seat", "seat", "seat"], ["seat"]] })).toEqual([
      "The plan must have 2 rows of 3 positions.",
    ]);
  });
});

describe("row names", () => {
  it("default to A, B, C… and may be 1 to 4 letters or digits", () => {
    expect(defaultRowNames(3)).toEqual(["A", "B", "C"]);
    expect(defaultRowNames(28).slice(-2)).toEqual(["AA", "AB"]);
    expect(checkSeatLayout(plan(3, 2, { rowNames: ["1", "AA", "Z999"] }))).toEqual([]);
  });

  it("may not be empty, too long, or anything but letters and digits", () => {
    const found = checkSeatLayout(plan(4, 2, { rowNames: ["A", "  ", "ABCDE", "B-1"] }));
    expect(found).toEqual([
      { field: "rowNames", index: 2, message: "Row 2 needs a name." },
      { field: "rowNames", index: 3, message: 'Row 3\'s name "ABCDE" must be 1 to 4 letters or digits.' },
      { field: "rowNames", index: 4, message: 'Row 4\'s name "B-1" must be 1 to 4 letters or digits.' },
    ]);
  });

  it("must each be different, whatever their case or spaces", () => {
    expect(messages(plan(3, 2, { rowNames: ["A", "B", " a "] }))).toEqual([
      'Row 3 is named "a", like row 1: each row needs its own name.',
    ]);
  });
});

describe("positions", () => {
  it("read and write as text, one line per row", () => {
    const cells = drawn("o.xwc\nooooo");
    expect(cells[0]).toEqual(["seat", "gap", "blocked", "wheelchair", "companion"]);
    expect(encodeCells(cells)).toBe("o.xwc\nooooo");
    // Missing positions are seats; capitals and Windows line ends read the same.
    expect(decodeCells("W\r\nC", 2, 2).cells).toEqual([
      ["wheelchair", "seat"],
      ["companion", "seat"],
    ]);
    expect(decodeCells("o?", 1, 2).problems).toEqual([
      {
        field: "cells",
        message:
          'Row 1, position 2: "?" is not one of o (seat), . (gap), x (blocked), ' +
          "w (wheelchair space) or c (companion seat).",
        seats: [{ row: 1, column: 2 }],
      },
    ]);
  });

  it("go to and from the stored marks: only what is not a plain seat is stored", () => {
    const cells = drawn("o.\nwc");
    const marks = marksFromCells(cells);
    expect(marks).toEqual([
      { row: 1, column: 2, kind: "gap" },
      { row: 2, column: 1, kind: "wheelchair" },
      { row: 2, column: 2, kind: "companion" },
    ]);
    expect(cellsFromMarks(2, 2, [...marks, { row: 9, column: 9, kind: "gap" }])).toEqual(cells);
    expect(sellableSeatCount({ rows: 2, columns: 2 }, marks)).toBe(3);
    expect(sellableSeatCount({ rows: 2, columns: 2 }, [{ row: 3, column: 1, kind: "blocked" }])).toBe(4);
    expect([...unsellableKeys(marks)]).toEqual(["1:2"]);
    expect([...sellableKeysOf({ cells: drawn("o.\nxw") })]).toEqual(["1:1", "2:2"]);
  });

  it("take a companion seat only right beside a wheelchair space in its row", () => {
    expect(checkSeatLayout(plan(1, 3, { cells: drawn("cwc") }))).toEqual([]);
    expect(messages(plan(2, 4, { cells: drawn("wocc\ncooo") }))).toEqual([
      "A companion seat must sit next to a wheelchair space, in the same row: A3, A4 and B1 don't.",
    ]);
    // Across an aisle, or in the row behind, is not beside.
    expect(messages(plan(2, 3, { cells: drawn("w.c\nwoo") }))[0]).toMatch(/A3 doesn't\.$/);
    expect(messages(plan(2, 2, { cells: drawn("wo\nco") }))[0]).toMatch(/B1 doesn't\.$/);
    expect(checkSeatLayout(plan(2, 2, { cells: drawn("wo\nco") }))[0]!.seats).toEqual([{ row: 2, column: 1 }]);
  });

  it("need at least one seat for sale", () => {
    expect(messages(plan(1, 2, { cells: drawn(".x") }))).toEqual(["The plan needs at least one seat for sale."]);
    expect(checkSeatLayout(plan(1, 2, { cells: drawn(".w") }))).toEqual([]);
  });
});

describe("sections", () => {
  it("fit the plan exactly at its edges", () => {
    const full = section({ name: "Stalls", firstRow: 1, lastRow: 4, firstColumn: 1, lastColumn: 6 });
    expect(checkSeatLayout(plan(4, 6, { sections: [full] }))).toEqual([]);
    expect(messages(plan(4, 6, { sections: [{ ...full, lastRow: 5 }] }))).toEqual([
      'Section "Stalls" reaches past the plan\'s rows (row A to row D).',
    ]);
    expect(messages(plan(4, 6, { sections: [{ ...full, firstRow: 0 }] }))).toEqual([
      'Section "Stalls" reaches past the plan\'s rows (row A to row D).',
    ]);
    expect(messages(plan(4, 6, { sections: [{ ...full, lastColumn: 7 }] }))).toEqual([
      'Section "Stalls" reaches past the plan\'s seats (1 to 6 in each row).',
    ]);
    expect(messages(plan(4, 6, { sections: [{ ...full, firstColumn: 0 }] }))).toEqual([
      'Section "Stalls" reaches past the plan\'s seats (1 to 6 in each row).',
    ]);
    expect(messages(plan(4, 6, { sections: [{ ...full, firstRow: 3, lastRow: 2 }] }))).toEqual([
      'Section "Stalls": its first row comes after its last.',
    ]);
    expect(messages(plan(4, 6, { sections: [{ ...full, firstColumn: 3, lastColumn: 2 }] }))).toEqual([
      'Section "Stalls": its first seat comes after its last.',
    ]);
    expect(messages(plan(4, 6, { sections: [{ ...full, lastRow: NaN }] }))).toEqual([
      'Section "Stalls": its rows and seats must be whole numbers.',
    ]);
  });

  it("may touch but not overlap, naming the first seat they share", () => {
    const stalls = section({ name: "Stalls", firstRow: 1, lastRow: 2, firstColumn: 1, lastColumn: 6 });
    const circle = section({ name: "Circle", firstRow: 3, lastRow: 4, firstColumn: 1, lastColumn: 6 });
    expect(checkSeatLayout(plan(4, 6, { sections: [stalls, circle] }))).toEqual([]);
    const found = checkSeatLayout(plan(4, 6, { sections: [stalls, { ...circle, firstRow: 2, firstColumn: 4 }] }));
    expect(found).toEqual([
      {
        field: "sections",
        index: 1,
        message: 'Sections "Stalls" and "Circle" overlap (from seat B4): a seat can be in one section only.',
        seats: [{ row: 2, column: 4 }],
      },
    ]);
  });

  it("need their own, non-empty names of at most 40 characters", () => {
    const a = section({ name: "Box", firstColumn: 1, lastColumn: 1 });
    const b = section({ name: " box ", firstColumn: 2, lastColumn: 2 });
    const c = section({ name: "  ", firstColumn: 3, lastColumn: 3 });
    const d = section({ name: "x".repeat(41), firstColumn: 4, lastColumn: 4 });
    const e = section({ name: "y".repeat(40), firstColumn: 5, lastColumn: 5 });
    expect(messages(plan(1, 5, { sections: [a, b, c, d, e] }))).toEqual([
      'Section "box": another section has that name; each needs its own.',
      "Section 3 needs a name.",
      `Section "${"x".repeat(41)}": a section's name can be at most 40 characters.`,
    ]);
  });

  it("are at most 20", () => {
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => section({ name: `S${i}`, firstColumn: i + 1, lastColumn: i + 1 }));
    expect(checkSeatLayout(plan(1, 21, { sections: many(20) }))).toEqual([]);
    expect(messages(plan(1, 21, { sections: many(21) }))).toEqual(["A plan can have at most 20 sections."]);
  });
});

describe("resizing", () => {
  it("keeps what was drawn; new positions are seats, a new row takes its letter or the next one free", () => {
    const before = plan(2, 2, { rowNames: ["A", "C"], cells: drawn("w.\nco") });
    const bigger = resizeLayout(before, 3, 3);
    expect(bigger.rowNames).toEqual(["A", "C", "D"]);
    expect(encodeCells(bigger.cells)).toBe("w.o\ncoo\nooo");
    const smaller = resizeLayout(bigger, 1, 1);
    expect(smaller.rowNames).toEqual(["A"]);
    expect(encodeCells(smaller.cells)).toBe("w");
  });
});

describe("listing seats", () => {
  it("joins a few and counts the rest", () => {
    const name = (r: number, c: number) => `${r}/${c}`;
    expect(listSeats([{ row: 1, column: 1 }], name)).toBe("1/1");
    expect(
      listSeats(
        [1, 2, 3].map((c) => ({ row: 1, column: c })),
        name,
      ),
    ).toBe("1/1, 1/2 and 1/3");
    expect(
      listSeats(
        Array.from({ length: 10 }, (_, c) => ({ row: 1, column: c + 1 })),
        name,
      ),
    ).toBe("1/1, 1/2, 1/3, 1/4, 1/5, 1/6, 1/7, 1/8 and 2 more");
  });
});
