import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { seatClaim, ticketType, venue, venueSeatMark, venueSeatSection } from "~/db/schema";
import { decodeCells, defaultRowNames, encodeCells, type SeatLayout } from "~/domain/seat-layout";
import { isAppError } from "~/lib/app-error";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { whileLocked } from "../../tests/setup/locks";
import { createTestDatabase, openOtherInstance } from "../../tests/setup/test-db";
import { getEventPage } from "./get-event-page";
import { getSeatPlan } from "./get-seat-plan";
import { holdTickets } from "./hold-tickets";
import { saveSeatPlan } from "./save-seat-plan";

const now = new Date("2026-11-24T12:00:00Z");
let database: Database;
let hostId: string;
let otherHostId: string;
let buyerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
  otherHostId = (await createHost(database.db, { hostTitle: "Northern Sparks" })).id;
  buyerId = (await createHost(database.db, { userType: "buyer", hostTitle: null })).id;
});
afterAll(() => database.close());

/** A plan drawn as text (see encodeCells), rows named A, B, C… unless given. */
function drawn(text: string, more: Partial<SeatLayout> = {}): SeatLayout {
  const lines = text.split("\n");
  return {
    rows: lines.length,
    columns: lines[0]!.length,
    rowNames: defaultRowNames(lines.length),
    cells: decodeCells(text, lines.length, lines[0]!.length).cells,
    sections: [],
    ...more,
  };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), String(error)).toBe(true);
  return error as { code: string; message: string; details?: { problems?: { message: string }[] } };
}
const problemsOf = (e: { details?: { problems?: { message: string }[] } }) =>
  (e.details?.problems ?? []).map((p) => p.message);

/** A seated venue of this host's (3 × 4 seats by default) with an upcoming event there, one ticket type. */
async function seatedVenueWithEvent(fields: { startsAt?: Date; endsAt?: Date | null } = {}) {
  const hall = await createVenue(database.db, hostId, { name: "Little Theatre", seatRows: 3, seatColumns: 4 });
  const e = await createEvent(
    database.db,
    { hostId, venueId: hall.id, startsAt: fields.startsAt ?? new Date("2026-12-05T19:30:00Z"), ...fields },
    [{ pricePence: 1000, capacity: 12 }],
  );
  const [type] = await database.db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  return { hall, event: e, type: type! };
}

async function holdSeat(eventId: string, ticketTypeId: string, seat: { row: number; column: number }) {
  return holdTickets(database.db, {
    eventId,
    userId: buyerId,
    lines: [{ ticketTypeId, quantity: 1 }],
    seats: [seat],
    now,
  });
}

describe("reading a venue's plan for the editor", () => {
  it("gives a venue without a plan a plan of seats to start from, named A, B, C…", async () => {
    const pub = await createVenue(database.db, hostId, { name: "The Crown" });
    const found = await getSeatPlan(database.db, { hostId, venueId: pub.id, now });
    expect(found.seated).toBe(false);
    expect(found.layout.rows).toBe(8);
    expect(found.layout.rowNames.slice(0, 3)).toEqual(["A", "B", "C"]);
    expect(found.layout.cells.flat().every((k) => k === "seat")).toBe(true);
  });

  it("is for the venue's own host only: another host's venue, a made-up id or no id at all is not found", async () => {
    const { hall } = await seatedVenueWithEvent();
    for (const input of [
      { hostId: otherHostId, venueId: hall.id },
      { hostId, venueId: "00000000-0000-4000-8000-000000000000" },
      { hostId, venueId: "not-a-uuid'; drop table venue; --" },
    ])
      expect((await refusal(getSeatPlan(database.db, { ...input, now }))).code).toBe("not_found");
  });
});

describe("saving a plan", () => {
  it("stores size, row names, gaps, blocked seats, wheelchair spaces and sections, and reads them back", async () => {
    const { hall, event: e } = await seatedVenueWithEvent();
    const layout = drawn("wc.oo\noo.ox\noo.oo\noo.oo", {
      rowNames: ["AA", "BB", "CC", "DD"],
      sections: [
        { id: null, name: "Front", firstRow: 1, lastRow: 2, firstColumn: 1, lastColumn: 5 },
        { id: null, name: "Back", firstRow: 3, lastRow: 4, firstColumn: 1, lastColumn: 5 },
      ],
    });
    expect(await saveSeatPlan(database.db, { hostId, venueId: hall.id, layout, now })).toEqual({ seats: 15 });
    const found = await getSeatPlan(database.db, { hostId, venueId: hall.id, now });
    expect(found.seated).toBe(true);
    expect(found.layout.rowNames).toEqual(["AA", "BB", "CC", "DD"]);
    expect(encodeCells(found.layout.cells)).toBe("wc.oo\noo.ox\noo.oo\noo.oo");
    expect(found.layout.sections.map((s) => s.name)).toEqual(["Front", "Back"]);

    // The buyer's page reads the same plan: its row names and every mark.
    const page = await getEventPage(database.db, { slug: e.slug });
    expect(page!.venue!.seatRowNames).toEqual(["AA", "BB", "CC", "DD"]);
    expect(page!.venue!.seatMarks).toContainEqual({ row: 2, column: 5, kind: "blocked" });
    expect(page!.venue!.seatMarks.filter((m) => m.kind === "gap")).toHaveLength(4);
  });

  it("keeps each section's id, so its tickets stay tied to it, even when two sections swap names", async () => {
    const { hall, type } = await seatedVenueWithEvent();
    await saveSeatPlan(database.db, {
      hostId,
      venueId: hall.id,
      layout: drawn("oooo\noooo\noooo", {
        sections: [
          { id: null, name: "Stalls", firstRow: 1, lastRow: 2, firstColumn: 1, lastColumn: 4 },
          { id: null, name: "Circle", firstRow: 3, lastRow: 3, firstColumn: 1, lastColumn: 4 },
        ],
      }),
      now,
    });
    const [stalls, circle] = (await getSeatPlan(database.db, { hostId, venueId: hall.id, now })).layout.sections;
    await database.db.update(ticketType).set({ seatSectionId: stalls!.id }).where(eq(ticketType.id, type.id));
    await saveSeatPlan(database.db, {
      hostId,
      venueId: hall.id,
      layout: drawn("oooo\noooo\noooo", {
        sections: [
          { ...stalls!, name: "Circle" },
          { ...circle!, name: "Stalls" },
        ],
      }),
      now,
    });
    const after = (await getSeatPlan(database.db, { hostId, venueId: hall.id, now })).layout.sections;
    expect(after.map((s) => [s.id, s.name])).toEqual([
      [stalls!.id, "Circle"],
      [circle!.id, "Stalls"],
    ]);
    const [tied] = await database.db.select().from(ticketType).where(eq(ticketType.id, type.id));
    expect(tied!.seatSectionId).toBe(stalls!.id);
  });

  it("refuses a plan the domain refuses, with 'Seat plan error' and what is wrong, and changes nothing", async () => {
    const { hall } = await seatedVenueWithEvent();
    const error = await refusal(
      saveSeatPlan(database.db, {
        hostId,
        venueId: hall.id,
        layout: drawn("oco\nooo", { rowNames: ["A", "a"] }),
        now,
      }),
    );
    expect(error.code).toBe("validation_failed");
    expect(error.message).toBe("Seat plan error");
    expect(problemsOf(error)).toEqual([
      'Row 2 is named "a", like row 1: each row needs its own name.',
      "A companion seat must sit next to a wheelchair space, in the same row: A2 doesn't.",
    ]);
    const [unchanged] = await database.db.select().from(venue).where(eq(venue.id, hall.id));
    expect([unchanged!.seatRows, unchanged!.seatColumns]).toEqual([3, 4]);
  });

  it("refuses another host's venue as not found, and changes nothing of it", async () => {
    const { hall } = await seatedVenueWithEvent();
    const error = await refusal(
      saveSeatPlan(database.db, { hostId: otherHostId, venueId: hall.id, layout: drawn("..o"), now }),
    );
    expect(error.code).toBe("not_found");
    const [unchanged] = await database.db.select().from(venue).where(eq(venue.id, hall.id));
    expect([unchanged!.seatRows, unchanged!.seatColumns]).toEqual([3, 4]);
    expect(await database.db.select().from(venueSeatMark).where(eq(venueSeatMark.venueId, hall.id))).toEqual([]);
  });
});

describe("a sold or held seat", () => {
  it("cannot be made a gap, blocked or cut off by a smaller plan: the refusal names seats and event", async () => {
    const { hall, event: e, type } = await seatedVenueWithEvent();
    await holdSeat(e.id, type.id, { row: 2, column: 4 });
    const save = (layout: SeatLayout) => saveSeatPlan(database.db, { hostId, venueId: hall.id, layout, now });
    for (const layout of [drawn("oooo\nooo.\noooo"), drawn("oooo\nooox\noooo"), drawn("ooo\nooo\nooo")]) {
      const error = await refusal(save(layout));
      expect(error.code).toBe("conflict");
      expect(error.message).toBe("Seat plan error");
      expect(problemsOf(error)).toEqual([`Seat B4 is sold or held for "${e.name}": it stays a seat for sale.`]);
    }
    const error = await refusal(save(drawn("oooo")));
    expect(problemsOf(error)).toEqual([`Seat B4 is sold or held for "${e.name}": it stays a seat for sale.`]);
    // Nothing was saved by the refusals.
    expect(await database.db.select().from(venueSeatMark).where(eq(venueSeatMark.venueId, hall.id))).toEqual([]);

    // It may still become a wheelchair space with its companion beside it, and the seats around it may change.
    await save(drawn("o..o\nx.cw\noooo"));
    expect(encodeCells((await getSeatPlan(database.db, { hostId, venueId: hall.id, now })).layout.cells)).toBe(
      "o..o\nx.cw\noooo",
    );
  });

  it("names every seat, by row name, event by event", async () => {
    const { hall, event: e, type } = await seatedVenueWithEvent();
    const second = await createEvent(
      database.db,
      { hostId, venueId: hall.id, name: "Late Show", startsAt: new Date("2026-12-06T22:00:00Z") },
      [{ pricePence: 800, capacity: 12 }],
    );
    const [secondType] = await database.db.select().from(ticketType).where(eq(ticketType.eventId, second.id));
    await database.db
      .update(venue)
      .set({ seatRowNames: ["K", "L", "M"] })
      .where(eq(venue.id, hall.id));
    await holdSeat(e.id, type.id, { row: 1, column: 1 });
    await holdSeat(e.id, type.id, { row: 1, column: 2 });
    await holdSeat(second.id, secondType!.id, { row: 1, column: 2 });
    const error = await refusal(
      saveSeatPlan(database.db, { hostId, venueId: hall.id, layout: drawn("..oo\noooo\noooo"), now }),
    );
    expect(problemsOf(error)).toEqual([
      `Seats K1 and K2 are sold or held for "${e.name}": they stay seats for sale.`,
      'Seat K2 is sold or held for "Late Show": it stays a seat for sale.',
    ]);
  });

  it("of an event that has ended no longer holds the plan back", async () => {
    const { hall, event: e, type } = await seatedVenueWithEvent();
    await holdSeat(e.id, type.id, { row: 1, column: 1 });
    const afterTheShow = new Date("2026-12-06T12:00:00Z");
    await saveSeatPlan(database.db, { hostId, venueId: hall.id, layout: drawn(".ooo\noooo\noooo"), now: afterTheShow });
    expect((await getSeatPlan(database.db, { hostId, venueId: hall.id, now: afterTheShow })).taken).toEqual([]);
  });
});

describe("gaps and blocked seats are never sold", () => {
  it("a hold on one is refused, even one planned on the plan as it was before the save", async () => {
    const { hall, event: e, type } = await seatedVenueWithEvent();
    // This process keeps the event's definitions from a first hold; the save changes them under it.
    await holdSeat(e.id, type.id, { row: 3, column: 1 });
    await saveSeatPlan(database.db, { hostId, venueId: hall.id, layout: drawn("o.oo\noxoo\noooo"), now });
    for (const seat of [
      { row: 1, column: 2 },
      { row: 2, column: 2 },
    ]) {
      const error = await refusal(holdSeat(e.id, type.id, seat));
      expect(error.code).toBe("validation_failed");
      expect(error.message).toBe("Those seats aren't on the plan.");
    }
    const [stock] = await database.db.select().from(ticketType).where(eq(ticketType.id, type.id));
    expect(stock!.held).toBe(1);
  });

  it("and the database refuses to claim one whatever the code does: the claim inserts nothing", async () => {
    const { hall, event: e, type } = await seatedVenueWithEvent();
    await saveSeatPlan(database.db, { hostId, venueId: hall.id, layout: drawn("o.oo\noxoo\noooo"), now });
    const claim = (row: number, column: number) =>
      database.db
        .insert(seatClaim)
        .values({ eventId: e.id, seatRow: row, seatColumn: column, ticketTypeId: type.id })
        .onConflictDoNothing()
        .returning();
    expect(await claim(1, 2)).toEqual([]);
    expect(await claim(2, 2)).toEqual([]);
    expect(await claim(9, 1)).toEqual([]);
    expect(await claim(1, 1)).toHaveLength(1);
  });
});

describe("sections", () => {
  it("selling for an upcoming event stay; one whose events have ended may go, its tickets let go", async () => {
    const { hall, event: e, type } = await seatedVenueWithEvent();
    const plan = (sections: SeatLayout["sections"]) => drawn("oooo\noooo\noooo", { sections });
    await saveSeatPlan(database.db, {
      hostId,
      venueId: hall.id,
      layout: plan([{ id: null, name: "Stalls", firstRow: 1, lastRow: 3, firstColumn: 1, lastColumn: 4 }]),
      now,
    });
    const [stalls] = (await getSeatPlan(database.db, { hostId, venueId: hall.id, now })).layout.sections;
    await database.db.update(ticketType).set({ seatSectionId: stalls!.id }).where(eq(ticketType.id, type.id));
    expect((await getSeatPlan(database.db, { hostId, venueId: hall.id, now })).sectionSells).toEqual({
      [stalls!.id!]: [e.name],
    });
    const error = await refusal(saveSeatPlan(database.db, { hostId, venueId: hall.id, layout: plan([]), now }));
    expect(error.code).toBe("conflict");
    expect(problemsOf(error)).toEqual([
      `Section "Stalls" sells tickets for "${e.name}": it stays while they are on sale.`,
    ]);

    const afterTheShow = new Date("2026-12-06T12:00:00Z");
    await saveSeatPlan(database.db, { hostId, venueId: hall.id, layout: plan([]), now: afterTheShow });
    const [untied] = await database.db.select().from(ticketType).where(eq(ticketType.id, type.id));
    expect(untied!.seatSectionId).toBeNull();
  });

  it("from another venue cannot be written through this one", async () => {
    const { hall } = await seatedVenueWithEvent();
    const theirs = await createVenue(database.db, otherHostId, {
      name: "Band on the Wall",
      seatRows: 2,
      seatColumns: 2,
    });
    const [section] = await database.db
      .insert(venueSeatSection)
      .values({ venueId: theirs.id, name: "Balcony", firstRow: 1, lastRow: 1, firstColumn: 1, lastColumn: 2 })
      .returning();
    const error = await refusal(
      saveSeatPlan(database.db, {
        hostId,
        venueId: hall.id,
        layout: drawn("oo\noo", {
          sections: [{ id: section!.id, name: "Mine now", firstRow: 1, lastRow: 2, firstColumn: 1, lastColumn: 2 }],
        }),
        now,
      }),
    );
    expect(error.code).toBe("conflict");
    const [still] = await database.db.select().from(venueSeatSection).where(eq(venueSeatSection.id, section!.id));
    expect(still).toMatchObject({ venueId: theirs.id, name: "Balcony" });
  });
});

describe("a venue without a plan", () => {
  it("gets one while no upcoming event there has sales, not once one has (those tickets have no seats)", async () => {
    const pub = await createVenue(database.db, hostId, { name: "The Fleece" });
    await saveSeatPlan(database.db, { hostId, venueId: pub.id, layout: drawn("oo\noo"), now });
    expect((await getSeatPlan(database.db, { hostId, venueId: pub.id, now })).seated).toBe(true);

    const bar = await createVenue(database.db, hostId, { name: "The Exchange" });
    const e = await createEvent(database.db, { hostId, venueId: bar.id, startsAt: new Date("2026-12-05T19:30:00Z") }, [
      { pricePence: 500, capacity: 50, sold: 3 },
    ]);
    const error = await refusal(saveSeatPlan(database.db, { hostId, venueId: bar.id, layout: drawn("oo"), now }));
    expect(error.code).toBe("conflict");
    expect(problemsOf(error)).toEqual([
      `Tickets for "${e.name}" are already sold without seats: add a seat plan once it has ended.`,
    ]);
    const [unseated] = await database.db.select().from(venue).where(eq(venue.id, bar.id));
    expect(unseated!.seatRows).toBeNull();
  });
});

describe("a save and a claim at the same moment", () => {
  it("never leave a claim on a gap: the claim waits for the save, then finds no seat there", async () => {
    const { hall, event: e, type } = await seatedVenueWithEvent();
    // Planned now, so the claim below runs on definitions that still have the seat.
    await holdSeat(e.id, type.id, { row: 3, column: 4 });
    const other = await openOtherInstance(database, 2);
    try {
      const press = () => [
        holdTickets(other.db, {
          eventId: e.id,
          userId: buyerId,
          lines: [{ ticketTypeId: type.id, quantity: 1 }],
          seats: [{ row: 1, column: 1 }],
          now,
        }),
      ];
      // The save's part that matters: the plan's lock, then the seat made a gap.
      const saving = async (tx: Db) => {
        await tx.execute(sql`select pg_advisory_xact_lock(727412003, hashtext(${hall.id}::text))`);
        await tx.insert(venueSeatMark).values({ venueId: hall.id, seatRow: 1, seatColumn: 1, kind: "gap" });
      };
      const [held] =
        database.engine === "postgres"
          ? await whileLocked(database, saving, 1, press)
          : [
              await database.db
                .transaction(saving)
                .then(() => Promise.allSettled(press()))
                .then((r) => r[0]!),
            ];
      expect(held!.status).toBe("rejected");
      const claims = await database.db
        .select()
        .from(seatClaim)
        .where(and(eq(seatClaim.eventId, e.id), eq(seatClaim.seatRow, 1), eq(seatClaim.seatColumn, 1)));
      expect(claims).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("never lose a sold seat: the save waits for the claim, then sees it and refuses", async () => {
    const { hall, event: e, type } = await seatedVenueWithEvent();
    const other = await openOtherInstance(database, 2);
    try {
      const save = () => [saveSeatPlan(other.db, { hostId, venueId: hall.id, layout: drawn(".ooo\noooo\noooo"), now })];
      // A claim in flight: its seat inserted (taking the plan's lock in its shared form), not yet committed.
      const claiming = async (tx: Db) => {
        await tx.insert(seatClaim).values({ eventId: e.id, seatRow: 1, seatColumn: 1, ticketTypeId: type.id });
      };
      const [saved] =
        database.engine === "postgres"
          ? await whileLocked(database, claiming, 1, save)
          : [
              await database.db
                .transaction(claiming)
                .then(() => Promise.allSettled(save()))
                .then((r) => r[0]!),
            ];
      expect(saved!.status).toBe("rejected");
      const reason = (saved as PromiseRejectedResult).reason as { details?: { problems?: { message: string }[] } };
      expect(problemsOf(reason)).toEqual([`Seat A1 is sold or held for "${e.name}": it stays a seat for sale.`]);
    } finally {
      await other.close();
    }
  });
});
