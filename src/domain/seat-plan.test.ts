import { describe, expect, it } from "vitest";
import { assignSeats, seatsNotSoldAs, seatSellsAs, sectionOf, seatsWanted, type SeatSection } from "./seat-plan";

const stalls: SeatSection = { id: "stalls", name: "Stalls", firstRow: 1, lastRow: 6, firstColumn: 1, lastColumn: 16 };
const circle: SeatSection = { id: "circle", name: "Circle", firstRow: 7, lastRow: 10, firstColumn: 1, lastColumn: 16 };
const sections = [stalls, circle];

describe("seat plan sections", () => {
  it("finds a seat's section at the edges of each block", () => {
    expect(sectionOf(sections, { row: 1, column: 1 })?.id).toBe("stalls");
    expect(sectionOf(sections, { row: 6, column: 16 })?.id).toBe("stalls");
    expect(sectionOf(sections, { row: 7, column: 1 })?.id).toBe("circle");
    expect(sectionOf(sections, { row: 11, column: 1 })).toBeNull();
    expect(sectionOf([], { row: 1, column: 1 })).toBeNull();
  });

  it("lets a ticket take only its section's seats; a ticket tied to none, only the seats outside every section", () => {
    expect(seatSellsAs(sections, { row: 2, column: 3 }, "stalls")).toBe(true);
    expect(seatSellsAs(sections, { row: 2, column: 3 }, "circle")).toBe(false);
    expect(seatSellsAs(sections, { row: 2, column: 3 }, null)).toBe(false);
    expect(seatSellsAs([], { row: 2, column: 3 }, null)).toBe(true);
    expect(seatsNotSoldAs({ rows: 10, columns: 16 }, sections, "circle").size).toBe(96);
    expect(seatsNotSoldAs({ rows: 10, columns: 16 }, [], null).size).toBe(0);
  });

  it("gives each seat the ticket type of its section, and refuses seats that do not match the basket", () => {
    const lines = [
      { ticketTypeId: "t-circle", quantity: 1, sectionId: "circle" },
      { ticketTypeId: "t-stalls", quantity: 2, sectionId: "stalls" },
    ];
    expect(seatsWanted(lines)).toEqual(
      new Map([
        ["circle", 1],
        ["stalls", 2],
      ]),
    );
    // Chosen in any order: each seat is sold at its own section's ticket.
    expect(
      assignSeats(
        lines,
        [
          { row: 1, column: 1 },
          { row: 8, column: 4 },
          { row: 1, column: 2 },
        ],
        sections,
      ),
    ).toEqual([
      { row: 8, column: 4, ticketTypeId: "t-circle" },
      { row: 1, column: 1, ticketTypeId: "t-stalls" },
      { row: 1, column: 2, ticketTypeId: "t-stalls" },
    ]);
    // A cheap circle ticket cannot take a stalls seat.
    expect(
      assignSeats(
        lines,
        [
          { row: 1, column: 1 },
          { row: 1, column: 3 },
          { row: 1, column: 2 },
        ],
        sections,
      ),
    ).toBeNull();
    expect(
      assignSeats(
        lines,
        [
          { row: 1, column: 1 },
          { row: 8, column: 4 },
        ],
        sections,
      ),
    ).toBeNull();
    expect(
      assignSeats([{ ticketTypeId: "t", quantity: 1, sectionId: null }], [{ row: 1, column: 1 }], sections),
    ).toBeNull();
  });
});
