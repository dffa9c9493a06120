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

/** 'B4' for row 2, seat 4. */
export function seatName(row: number, column: number): string {
  return `${rowLetter(row)}${column}`;
}

/** A chosen seat's name ('B4'). */
export const seatLabel = (seat: { row: number; column: number }) => seatName(seat.row, seat.column);
