/**
 * Seat plans with sections (issue: "seat plans that work"). A venue's plan is rows × columns; a
 * section is a block of it (stalls, circle), and a ticket type tied to a section sells only that
 * section's seats, at its price. A ticket type tied to none sells the seats outside every section
 * (all of them, on a plan without sections). Some positions are marked: wheelchair spaces and the
 * companion seats beside them (seats, sold like any other), gaps (an aisle: no seat there) and
 * blocked seats (a seat that is never sold: a desk, a pillar's view). Pure: the booking panel and
 * the hold judge seats by the same rules.
 */

export interface Seat {
  row: number;
  column: number;
}

export interface SeatSection {
  id: string;
  name: string;
  firstRow: number;
  lastRow: number;
  firstColumn: number;
  lastColumn: number;
}

export const SEAT_MARK_KINDS = ["wheelchair", "companion", "gap", "blocked"] as const;
export type SeatMarkKind = (typeof SEAT_MARK_KINDS)[number];

export interface SeatMark extends Seat {
  kind: SeatMarkKind;
}

export const seatKey = (s: Seat) => `${s.row}:${s.column}`;

/** Gaps and blocked seats are never sold; every other position of the plan is a seat for sale. */
export const isUnsellable = (kind: SeatMarkKind | undefined) => kind === "gap" || kind === "blocked";

/** The positions of the plan that are never sold, as keys. */
export function unsellableKeys(marks: readonly SeatMark[]): Set<string> {
  return new Set(marks.filter((m) => isUnsellable(m.kind)).map(seatKey));
}

/** How many seats a plan sells: its positions less its gaps and blocked seats. */
export function sellableSeatCount(plan: { rows: number; columns: number }, marks: readonly SeatMark[]): number {
  const off = marks.filter(
    (m) => isUnsellable(m.kind) && m.row >= 1 && m.row <= plan.rows && m.column >= 1 && m.column <= plan.columns,
  );
  return plan.rows * plan.columns - new Set(off.map(seatKey)).size;
}

/** The section a seat is in (the first listed, if blocks overlap), or null. */
export function sectionOf(sections: readonly SeatSection[], seat: Seat): SeatSection | null {
  return (
    sections.find(
      (s) =>
        seat.row >= s.firstRow && seat.row <= s.lastRow && seat.column >= s.firstColumn && seat.column <= s.lastColumn,
    ) ?? null
  );
}

/** A ticket type tied to `sectionId` (null: to none) may take this seat. */
export function seatSellsAs(sections: readonly SeatSection[], seat: Seat, sectionId: string | null): boolean {
  return (sectionOf(sections, seat)?.id ?? null) === sectionId;
}

/** How many seats the basket needs in each section (key null: outside every section). */
export function seatsWanted(
  lines: readonly { quantity: number; sectionId: string | null }[],
): Map<string | null, number> {
  const wanted = new Map<string | null, number>();
  for (const l of lines) if (l.quantity > 0) wanted.set(l.sectionId, (wanted.get(l.sectionId) ?? 0) + l.quantity);
  return wanted;
}

/**
 * Gives each chosen seat the ticket type that sells it: a line's tickets take the seats chosen in
 * its section, in the order chosen. Null when the seats do not match the basket section by section
 * (too many in one, too few in another, or a seat no ticket in the basket sells).
 */
export function assignSeats<L extends { ticketTypeId: string; quantity: number; sectionId: string | null }>(
  lines: readonly L[],
  seats: readonly Seat[],
  sections: readonly SeatSection[],
): (Seat & { ticketTypeId: string })[] | null {
  const bySection = new Map<string | null, Seat[]>();
  for (const seat of seats) {
    const id = sectionOf(sections, seat)?.id ?? null;
    bySection.set(id, [...(bySection.get(id) ?? []), seat]);
  }
  const wanted = seatsWanted(lines);
  if (bySection.size !== wanted.size || [...bySection].some(([id, chosen]) => wanted.get(id) !== chosen.length))
    return null;
  const out: (Seat & { ticketTypeId: string })[] = [];
  for (const line of lines) {
    const pool = bySection.get(line.sectionId)!;
    for (const seat of pool.splice(0, line.quantity))
      out.push({ row: seat.row, column: seat.column, ticketTypeId: line.ticketTypeId });
  }
  return out;
}

/** The seats a ticket type cannot take, as keys: for choosing seats for it among the free ones. */
export function seatsNotSoldAs(
  plan: { rows: number; columns: number },
  sections: readonly SeatSection[],
  sectionId: string | null,
): Set<string> {
  const out = new Set<string>();
  if (sections.length === 0 && sectionId === null) return out;
  for (let row = 1; row <= plan.rows; row++)
    for (let column = 1; column <= plan.columns; column++)
      if (!seatSellsAs(sections, { row, column }, sectionId)) out.add(seatKey({ row, column }));
  return out;
}
