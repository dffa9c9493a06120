import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { event, hold, holdLine, ticketType, venueSeatSection } from "~/db/schema";
import type { TicketTypeDraft } from "~/domain/event-life-cycle";
import { isAppError } from "~/lib/app-error";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { studioMessages } from "~/texts/studio-messages";
import { studioTicketMessages } from "~/texts/studio-ticket-messages";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { whileLocked } from "../../tests/setup/locks";
import { createTestDatabase, openOtherInstance } from "../../tests/setup/test-db";
import {
  addTicketType,
  moveTicketType,
  removeTicketType,
  setTicketCapacity,
  updateTicketType,
} from "./edit-ticket-types";
import { holdTickets } from "./hold-tickets";
import { studioTicketTypes } from "./studio-ticket-types";

const now = new Date("2026-11-25T12:00:00Z");
const startsAt = new Date("2026-12-05T19:30:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
const words = studioTicketMessages.tickets;
let database: Database;
let hostId: string;
let otherHostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
  otherHostId = (await createHost(database.db, { hostTitle: "Northern Sparks" })).id;
});
afterAll(() => database.close());

const draft = (d: Partial<TicketTypeDraft> = {}): TicketTypeDraft => ({
  name: "Early bird",
  description: null,
  kind: "general",
  pricePence: 800,
  payWhatYouWish: false,
  capacity: 50,
  maxPerOrder: 6,
  salesStartAt: null,
  salesEndAt: null,
  ...d,
});

async function newEvent(tickets: Parameters<typeof createEvent>[2] = [{ pricePence: 1000, capacity: 10 }]) {
  const e = await createEvent(database.db, { hostId, startsAt }, tickets);
  return { eventId: e.id, types: await typesOf(e.id) };
}

async function typesOf(eventId: string) {
  return database.db
    .select()
    .from(ticketType)
    .where(eq(ticketType.eventId, eventId))
    .orderBy(ticketType.sortOrder, ticketType.createdAt);
}

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), `expected a refusal, got ${String(error)}`).toBe(true);
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

describe("adding ticket types", () => {
  it("adds at the end, up to ten, then refuses the eleventh with the spec's words", async () => {
    const { eventId } = await newEvent();
    for (let n = 2; n <= 10; n++)
      await addTicketType(database.db, {
        hostId,
        eventId,
        draft: draft({ name: `Type ${n}` }),
        seatSectionId: null,
        now,
      });
    const ten = await typesOf(eventId);
    expect(ten).toHaveLength(10);
    expect(ten.at(-1)).toMatchObject({ name: "Type 10", pricePence: 800, capacity: 50, maxPerOrder: 6, sortOrder: 9 });
    const eleventh = await refusal(
      addTicketType(database.db, { hostId, eventId, draft: draft({ name: "One more" }), seatSectionId: null, now }),
    );
    expect(eleventh).toMatchObject({ code: "conflict", message: studioMessages.ticketTypesMaximum });
    expect(await typesOf(eventId)).toHaveLength(10);
  });

  it("refuses a name the event already has, so a form sent twice adds one", async () => {
    const { eventId, types } = await newEvent([{ pricePence: 1000, capacity: 10, name: "Door" }]);
    const twice = () =>
      addTicketType(database.db, { hostId, eventId, draft: draft({ name: "Early bird" }), seatSectionId: null, now });
    await twice();
    expect(await refusal(twice())).toMatchObject({ message: words.nameTaken, details: { field: "name" } });
    expect(
      await refusal(
        updateTicketType(database.db, {
          hostId,
          eventId,
          ticketTypeId: types[0]!.id,
          draft: draft({ name: "EARLY BIRD" }),
          seatSectionId: null,
          now,
        }),
      ),
    ).toMatchObject({ message: words.nameTaken });
    // Keeping its own name is no clash.
    await updateTicketType(database.db, {
      hostId,
      eventId,
      ticketTypeId: types[0]!.id,
      draft: draft({ name: "Door" }),
      seatSectionId: null,
      now,
    });
    expect((await typesOf(eventId)).map((t) => t.name)).toEqual(["Door", "Early bird"]);
  });

  it("adds the first to an event without any", async () => {
    const { eventId } = await newEvent([]);
    await addTicketType(database.db, { hostId, eventId, draft: draft(), seatSectionId: null, now });
    expect(await typesOf(eventId)).toHaveLength(1);
  });

  it("judges the draft again and names each field", async () => {
    const { eventId } = await newEvent();
    const error = await refusal(
      addTicketType(database.db, {
        hostId,
        eventId,
        draft: draft({ name: "", pricePence: 50, kind: "scheduled_visible" }),
        seatSectionId: null,
        now,
      }),
    );
    expect(error.code).toBe("validation_failed");
    expect(error.details?.fields).toEqual({
      name: words.nameRequired,
      price: words.priceRange,
      salesStart: words.windowNeeded,
    });
    expect(await typesOf(eventId)).toHaveLength(1);
  });

  it("keeps a window that ends after it starts, in the database too", async () => {
    const { eventId, types } = await newEvent();
    await expect(
      database.db.update(ticketType).set({ salesStartAt: now, salesEndAt: now }).where(eq(ticketType.id, types[0]!.id)),
    ).rejects.toThrow();
    await addTicketType(database.db, {
      hostId,
      eventId,
      draft: draft({
        kind: "scheduled_hidden",
        salesStartAt: new Date("2026-11-26T09:00:00Z"),
        salesEndAt: new Date("2026-11-30T09:00:00Z"),
      }),
      seatSectionId: null,
      now,
    });
    expect((await typesOf(eventId)).at(-1)).toMatchObject({ kind: "scheduled_hidden" });
  });

  it("ties a ticket type only to a section of the event's own venue", async () => {
    const seated = await createVenue(database.db, hostId, { seatRows: 6, seatColumns: 10 });
    const elsewhere = await createVenue(database.db, hostId, { name: "Elsewhere", seatRows: 4, seatColumns: 4 });
    const [stalls] = await database.db
      .insert(venueSeatSection)
      .values({ venueId: seated.id, name: "Stalls", firstRow: 1, lastRow: 3, firstColumn: 1, lastColumn: 10 })
      .returning();
    const [theirs] = await database.db
      .insert(venueSeatSection)
      .values({ venueId: elsewhere.id, name: "Balcony", firstRow: 1, lastRow: 2, firstColumn: 1, lastColumn: 4 })
      .returning();
    const e = await createEvent(database.db, { hostId, startsAt, venueId: seated.id });
    const refused = await refusal(
      addTicketType(database.db, { hostId, eventId: e.id, draft: draft(), seatSectionId: theirs!.id, now }),
    );
    expect(refused).toMatchObject({ code: "validation_failed", message: words.sectionUnknown });
    await addTicketType(database.db, { hostId, eventId: e.id, draft: draft(), seatSectionId: stalls!.id, now });
    const view = await studioTicketTypes(database.db, { hostId, eventId: e.id });
    expect(view.sections).toEqual([{ id: stalls!.id, name: "Stalls" }]);
    expect(view.ticketTypes.at(-1)).toMatchObject({ seatSectionId: stalls!.id, sectionName: "Stalls" });
  });
});

describe("changing a ticket type", () => {
  it("writes every field, capacity down to exactly what is sold, never below", async () => {
    const { eventId, types } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
    const buyer = await createBuyer(database.db);
    await buyTickets(database.db, { eventId, buyer, quantity: 3, now, sign: codes.sign });
    const id = types[0]!.id;
    const below = await refusal(
      updateTicketType(database.db, {
        hostId,
        eventId,
        ticketTypeId: id,
        draft: draft({ capacity: 2 }),
        seatSectionId: null,
        now,
      }),
    );
    expect(below).toMatchObject({
      code: "validation_failed",
      message: studioMessages.capacityBelowSold(3),
      details: { field: "capacity" },
    });
    // Nothing else was written either: the statement is one.
    expect((await typesOf(eventId))[0]).toMatchObject({ name: "Ticket 1", capacity: 10, sold: 3 });
    await updateTicketType(database.db, {
      hostId,
      eventId,
      ticketTypeId: id,
      draft: draft({ capacity: 3, name: "Door", payWhatYouWish: true, pricePence: 500 }),
      seatSectionId: null,
      now,
    });
    expect((await typesOf(eventId))[0]).toMatchObject({
      name: "Door",
      capacity: 3,
      sold: 3,
      payWhatYouWish: true,
      pricePence: 500,
      maxPerOrder: 6,
    });
  });

  it("counts places held at checkout as taken", async () => {
    const { eventId, types } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
    const buyer = await createBuyer(database.db);
    await holdTickets(database.db, {
      eventId,
      userId: buyer.id,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
      now,
    });
    const error = await refusal(
      setTicketCapacity(database.db, { ticketTypeId: types[0]!.id, hostId, capacity: 1, now }),
    );
    expect(error.message).toBe(words.capacityBelowTaken(0, 2));
    await setTicketCapacity(database.db, { ticketTypeId: types[0]!.id, hostId, capacity: 2, now });
    expect((await typesOf(eventId))[0]).toMatchObject({ capacity: 2, held: 2 });
  });

  it("keeps a ticket type's section once it has sold", async () => {
    const seated = await createVenue(database.db, hostId, { seatRows: 4, seatColumns: 4 });
    const sections = await database.db
      .insert(venueSeatSection)
      .values([
        { venueId: seated.id, name: "Front", firstRow: 1, lastRow: 2, firstColumn: 1, lastColumn: 4 },
        { venueId: seated.id, name: "Back", firstRow: 3, lastRow: 4, firstColumn: 1, lastColumn: 4 },
      ])
      .returning();
    const front = sections.find((s) => s.name === "Front")!;
    const back = sections.find((s) => s.name === "Back")!;
    const e = await createEvent(database.db, { hostId, startsAt, venueId: seated.id }, [
      { pricePence: 1000, capacity: 8, seatSectionId: front.id },
    ]);
    const [type] = await typesOf(e.id);
    const buyer = await createBuyer(database.db);
    await buyTickets(database.db, {
      eventId: e.id,
      buyer,
      quantity: 1,
      seats: [{ row: 1, column: 1 }],
      now,
      sign: codes.sign,
    });
    const error = await refusal(
      updateTicketType(database.db, {
        hostId,
        eventId: e.id,
        ticketTypeId: type!.id,
        draft: draft({ capacity: 8 }),
        seatSectionId: back.id,
        now,
      }),
    );
    expect(error).toMatchObject({ message: words.sectionLocked, details: { field: "seatSectionId" } });
    expect((await typesOf(e.id))[0]!.seatSectionId).toBe(front.id);
  });

  it("moves one place up or down the list", async () => {
    const { eventId, types } = await newEvent([
      { pricePence: 100, capacity: 1, name: "A" },
      { pricePence: 100, capacity: 1, name: "B" },
      { pricePence: 100, capacity: 1, name: "C" },
    ]);
    await moveTicketType(database.db, { hostId, eventId, ticketTypeId: types[2]!.id, by: -1 });
    expect((await typesOf(eventId)).map((t) => t.name)).toEqual(["A", "C", "B"]);
    await moveTicketType(database.db, { hostId, eventId, ticketTypeId: types[0]!.id, by: -1 });
    expect((await typesOf(eventId)).map((t) => t.name)).toEqual(["A", "C", "B"]);
    await moveTicketType(database.db, { hostId, eventId, ticketTypeId: types[0]!.id, by: 1 });
    expect((await typesOf(eventId)).map((t) => t.name)).toEqual(["C", "A", "B"]);
  });

  it("is refused on a cancelled event", async () => {
    const { eventId, types } = await newEvent();
    await database.db.update(event).set({ isCancelled: true }).where(eq(event.id, eventId));
    const error = await refusal(
      updateTicketType(database.db, {
        hostId,
        eventId,
        ticketTypeId: types[0]!.id,
        draft: draft(),
        seatSectionId: null,
        now,
      }),
    );
    expect(error).toMatchObject({ code: "conflict", message: studioMessages.notWhileCancelled });
  });
});

describe("removing ticket types", () => {
  it("never removes the last one", async () => {
    const { eventId, types } = await newEvent();
    const error = await refusal(removeTicketType(database.db, { hostId, eventId, ticketTypeId: types[0]!.id }));
    expect(error).toMatchObject({ code: "conflict", message: studioMessages.ticketTypesMinimum });
    expect(await typesOf(eventId)).toHaveLength(1);
  });

  it("refuses one that has sold, even once its order is refunded, and one held at checkout", async () => {
    const { eventId, types } = await newEvent([
      { pricePence: 1000, capacity: 10 },
      { pricePence: 1000, capacity: 10 },
      { pricePence: 1000, capacity: 10 },
    ]);
    const buyer = await createBuyer(database.db);
    await buyTickets(database.db, { eventId, buyer, ticketTypeId: types[0]!.id, now, sign: codes.sign });
    const sold = await refusal(removeTicketType(database.db, { hostId, eventId, ticketTypeId: types[0]!.id }));
    expect(sold).toMatchObject({ code: "conflict", message: words.hasSales });
    // A refund takes the ticket off `sold`, but the order's line keeps its record.
    await database.db.update(ticketType).set({ sold: 0 }).where(eq(ticketType.id, types[0]!.id));
    expect(await refusal(removeTicketType(database.db, { hostId, eventId, ticketTypeId: types[0]!.id }))).toMatchObject(
      { message: words.hasSales },
    );

    const other = await createBuyer(database.db, "Cal Checkout");
    await holdTickets(database.db, {
      eventId,
      userId: other.id,
      lines: [{ ticketTypeId: types[1]!.id, quantity: 1 }],
      now,
    });
    expect(await refusal(removeTicketType(database.db, { hostId, eventId, ticketTypeId: types[1]!.id }))).toMatchObject(
      { message: words.atCheckout },
    );
    expect(await typesOf(eventId)).toHaveLength(3);
  });

  it("removes one whose holds are long over, with their lines", async () => {
    const { eventId, types } = await newEvent([
      { pricePence: 1000, capacity: 10 },
      { pricePence: 1000, capacity: 10 },
    ]);
    const buyer = await createBuyer(database.db);
    const held = await holdTickets(database.db, {
      eventId,
      userId: buyer.id,
      lines: [{ ticketTypeId: types[1]!.id, quantity: 1 }],
      now,
    });
    // The buyer walked away and the sweep gave the place back.
    await database.db.update(hold).set({ status: "expired" }).where(eq(hold.id, held.holdId));
    await database.db.update(ticketType).set({ held: 0 }).where(eq(ticketType.id, types[1]!.id));
    await removeTicketType(database.db, { hostId, eventId, ticketTypeId: types[1]!.id });
    expect((await typesOf(eventId)).map((t) => t.id)).toEqual([types[0]!.id]);
    expect(await database.db.select().from(holdLine).where(eq(holdLine.holdId, held.holdId))).toEqual([]);
  });
});

describe("another host", () => {
  it("finds none of the host's events or ticket types, and changes nothing", async () => {
    const { eventId, types } = await newEvent([
      { pricePence: 1000, capacity: 10 },
      { pricePence: 1000, capacity: 10 },
    ]);
    const before = await typesOf(eventId);
    const as = { hostId: otherHostId, eventId };
    const id = types[0]!.id;
    const attempts = [
      () => studioTicketTypes(database.db, as),
      () => addTicketType(database.db, { ...as, draft: draft(), seatSectionId: null, now }),
      () => updateTicketType(database.db, { ...as, ticketTypeId: id, draft: draft(), seatSectionId: null, now }),
      () => setTicketCapacity(database.db, { hostId: otherHostId, ticketTypeId: id, capacity: 1, now }),
      () => removeTicketType(database.db, { ...as, ticketTypeId: id }),
      () => moveTicketType(database.db, { ...as, ticketTypeId: types[1]!.id, by: -1 }),
    ];
    for (const attempt of attempts) expect((await refusal(attempt())).code).toBe("not_found");
    expect(await typesOf(eventId)).toEqual(before);

    // Their own event, with the host's ticket type's id: still not found.
    const theirs = await createEvent(database.db, { hostId: otherHostId, startsAt });
    expect(
      (
        await refusal(
          updateTicketType(database.db, {
            hostId: otherHostId,
            eventId: theirs.id,
            ticketTypeId: id,
            draft: draft(),
            seatSectionId: null,
            now,
          }),
        )
      ).code,
    ).toBe("not_found");
    expect(
      (await refusal(removeTicketType(database.db, { hostId: otherHostId, eventId: theirs.id, ticketTypeId: id })))
        .code,
    ).toBe("not_found");
    expect(await typesOf(eventId)).toEqual(before);
  });

  it("a malformed id is not found, not an error of the database", async () => {
    for (const attempt of [
      () => studioTicketTypes(database.db, { hostId, eventId: "nope" }),
      () => removeTicketType(database.db, { hostId, eventId: "nope", ticketTypeId: "nope" }),
      () => setTicketCapacity(database.db, { hostId, ticketTypeId: "'; drop table event; --", capacity: 1, now }),
    ])
      expect((await refusal(attempt())).code).toBe("not_found");
  });
});

describe("capacity and a hold at the same moment", () => {
  it("never leaves fewer places than are held: one of the two wins, the other is refused", async () => {
    const { eventId, types } = await newEvent([{ pricePence: 1000, capacity: 5 }]);
    const typeId = types[0]!.id;
    const buyer = await createBuyer(database.db);
    const buyers = await openOtherInstance(database, 1);
    const both = (): Promise<unknown>[] => [
      holdTickets(buyers.db, { eventId, userId: buyer.id, lines: [{ ticketTypeId: typeId, quantity: 3 }], now }),
      updateTicketType(database.db, {
        hostId,
        eventId,
        ticketTypeId: typeId,
        draft: draft({ capacity: 2 }),
        seatSectionId: null,
        now,
      }),
    ];
    let outcomes: PromiseSettledResult<unknown>[];
    try {
      // On PostgreSQL both wait on the ticket type's row, held by another transaction, and go when it is let
      // go; PGlite is one connection, so there they are only sent together.
      outcomes =
        database.engine === "postgres"
          ? await whileLocked(
              database,
              (tx) => tx.execute(sql`select 1 from ticket_type where id = ${typeId} for update`),
              2,
              both,
            )
          : await Promise.allSettled(both());
    } finally {
      await buyers.close();
    }
    const [held, changed] = outcomes;
    const [after] = await typesOf(eventId);
    expect(after!.sold + after!.held).toBeLessThanOrEqual(after!.capacity);
    if (held!.status === "fulfilled") {
      expect(changed!.status).toBe("rejected");
      expect((changed as PromiseRejectedResult).reason).toMatchObject({
        code: "validation_failed",
        details: { field: "capacity" },
      });
      expect(after).toMatchObject({ capacity: 5, held: 3 });
    } else {
      expect(changed!.status).toBe("fulfilled");
      expect((held as PromiseRejectedResult).reason).toMatchObject({ details: { reason: "basket_changed" } });
      expect(after).toMatchObject({ capacity: 2, held: 0 });
    }
  });
});
