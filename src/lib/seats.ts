/** 'A', 'B', … 'Z', 'AA': row letters as venues print them. */
export function rowLetter(row: number): string {
  let n = row;
  let out = "";
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * A row's name on its venue's plan: the host's own (`rowNames[row - 1]`), else its letter. Plans
 * saved before rows had names, and rows past the names given, read A, B, C….
 */
export function rowName(row: number, rowNames: readonly string[] = []): string {
  return rowNames[row - 1] || rowLetter(row);
}

/**
 * 'B4' for row 2, seat 4. A row named with a number at its end is joined with a hyphen ('12-4'),
 * so row 1's seat 24 never reads like row 12's seat 4.
 */
export function seatName(row: number, column: number, rowNames: readonly string[] = []): string {
  const name = rowName(row, rowNames);
  return /[0-9]$/.test(name) ? `${name}-${column}` : `${name}${column}`;
}

/** A chosen seat's name ('B4'). */
export const seatLabel = (seat: { row: number; column: number }, rowNames: readonly string[] = []) =>
  seatName(seat.row, seat.column, rowNames);

/** A ticket's seat by name, or null for a ticket without one (an unseated event). */
export const ticketSeat = (
  t: { seatRow: number | null; seatColumn: number | null },
  rowNames: readonly string[] | null | undefined,
): string | null =>
  t.seatRow !== null && t.seatColumn !== null ? seatName(t.seatRow, t.seatColumn, rowNames ?? []) : null;
