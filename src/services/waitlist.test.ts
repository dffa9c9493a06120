import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { hold, holdLine, seatClaim, ticketType, user, venueSeatMark, waitlistEntry } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { cancelFreeOrder } from "./cancel-order";
import { completeOrder } from "./complete-order";
import { deleteBuyerAccount } from "./delete-account";
import { holdTickets } from "./hold-tickets";
import { MISSING_WAITLIST_DATA } from "~/domain/waitlist";
import { joinWaitlist, leaveWaitlist } from "./join-waitlist";
import { waitlistPlace } from "./waitlist-places";
import { claimOfferNotices, sweepLapsedHolds } from "./waitlist-offers";

const now = new Date("2026-11-24T12:00:00Z");
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
});
afterAll(() => database.close());

/** A free event of `capacity` places, sold out in one-ticket orders. */
async function soldOutEvent(capacity: number, fields: Partial<Parameters<typeof createEvent>[1]> = {}) {
  const db = database.db;
  const e = await createEvent(db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z"), ...fields }, [
    { pricePence: 0, capacity },
  ]);
  const orders = [];
  for (let i = 0; i < capacity; i++) {
    const b = await createBuyer(db, `Early Bird${i}`);
    orders.push({ buyer: b, ...(await buyTickets(db, { eventId: e.id, buyer: b, now, sign: codes.sign })) });
  }
  const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  return { e, orders, type: type! };
}

const entryOf = async (eventId: string, userId: string) =>
  (
    await database.db
      .select()
      .from(waitlistEntry)
      .where(and(eq(waitlistEntry.eventId, eventId), eq(waitlistEntry.userId, userId)))
  )[0]!;
const flagOf = async (userId: string) =>
  (await database.db.select({ flag: user.waitlistRequest }).from(user).where(eq(user.id, userId)))[0]!.flag;
const heldPlaces = async (holdId: string) =>
  (await database.db.select().from(holdLine).where(eq(holdLine.holdId, holdId))).reduce((n, l) => n + l.quantity, 0);

async function errorOf(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), String(error)).toBe(true);
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

describe("joining and leaving", () => {
  it("needs an event and a person, and is for sold-out events only", async () => {
    const { e } = await soldOutEvent(1);
    const ann = await createBuyer(database.db, "Ann Waiting");
    expect(
      (await errorOf(joinWaitlist(database.db, { eventId: null, userId: ann.id, quantity: 1, now }))).message,
    ).toBe(MISSING_WAITLIST_DATA);
    expect((await errorOf(joinWaitlist(database.db, { eventId: e.id, userId: null, quantity: 1, now }))).message).toBe(
      MISSING_WAITLIST_DATA,
    );
    const open = await createEvent(database.db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z") });
    expect(
      (await errorOf(joinWaitlist(database.db, { eventId: open.id, userId: ann.id, quantity: 1, now }))).details
        ?.reason,
    ).toBe("on_sale");

    expect(await joinWaitlist(database.db, { eventId: e.id, userId: ann.id, quantity: 2, now })).toMatchObject({
      position: 1,
    });
    expect(await flagOf(ann.id)).toBe(true);
    // Joining twice keeps the place.
    expect(
      (await joinWaitlist(database.db, { eventId: e.id, userId: ann.id, quantity: 1, now: later(1) })).position,
    ).toBe(1);
    const bob = await createBuyer(database.db, "Bob Behind");
    expect(
      (await joinWaitlist(database.db, { eventId: e.id, userId: bob.id, quantity: 1, now: later(2) })).position,
    ).toBe(2);

    await leaveWaitlist(database.db, { eventId: e.id, userId: ann.id, now: later(3) });
    expect(await flagOf(ann.id)).toBe(false);
    expect(await waitlistPlace(database.db, { eventId: e.id, userId: ann.id })).toBeNull();
    expect((await waitlistPlace(database.db, { eventId: e.id, userId: bob.id }))?.position).toBe(1);
  });
});

describe("offers", () => {
  it("never hold more places than were freed, and go to the first in line", async () => {
    const { e, orders, type } = await soldOutEvent(3);
    const ann = await createBuyer(database.db, "Ann First");
    const bob = await createBuyer(database.db, "Bob Second");
    await joinWaitlist(database.db, { eventId: e.id, userId: ann.id, quantity: 2, now });
    await joinWaitlist(database.db, { eventId: e.id, userId: bob.id, quantity: 1, now: later(1) });

    // One place freed: Ann wants two, and is offered the one.
    const { offered } = await cancelFreeOrder(database.db, {
      reference: orders[0]!.reference,
      userId: orders[0]!.buyer.id,
      now: later(2),
    });
    const annEntry = await entryOf(e.id, ann.id);
    expect(offered).toEqual([annEntry.id]);
    expect(annEntry.status).toBe("offered");
    expect(await heldPlaces(annEntry.holdId!)).toBe(1);
    expect((await entryOf(e.id, bob.id)).status).toBe("waiting");
    const [stock] = await database.db.select().from(ticketType).where(eq(ticketType.id, type.id));
    expect(stock).toMatchObject({ sold: 2, held: 1 });
    // Nothing left for anyone else meanwhile.
    const walkIn = await createBuyer(database.db, "Walk In");
    expect(
      (
        await errorOf(
          holdTickets(database.db, {
            eventId: e.id,
            userId: walkIn.id,
            lines: [{ ticketTypeId: type.id, quantity: 1 }],
            now: later(2),
          }),
        )
      ).code,
    ).toBe("conflict");

    // The offer is held for the host's window (12 hours by default), and emailed once.
    const [h] = await database.db.select().from(hold).where(eq(hold.id, annEntry.holdId!));
    expect(h).toMatchObject({ userId: ann.id, status: "active", extended: true, expiresAt: later(14) });
    const notices = await claimOfferNotices(database.db, later(2));
    expect(notices.filter((n) => n.entryId === annEntry.id)).toEqual([
      expect.objectContaining({ quantity: 1, asked: 2, email: ann.email, holdId: annEntry.holdId }),
    ]);
    expect((await claimOfferNotices(database.db, later(2))).filter((n) => n.entryId === annEntry.id)).toHaveLength(0);
    expect((await waitlistPlace(database.db, { eventId: e.id, userId: ann.id }))?.offer).toMatchObject({
      holdId: annEntry.holdId,
      quantity: 1,
    });

    // She books the one: she goes back to the head of the line for the other, ahead of Bob.
    await completeOrder(database.db, {
      holdId: annEntry.holdId!,
      buyer: { userId: ann.id, email: ann.email, name: ann.name },
      payment: null,
      now: later(3),
      sign: codes.sign,
    });
    expect(await entryOf(e.id, ann.id)).toMatchObject({ status: "waiting", quantity: 1, holdId: null });
    expect(await waitlistPlace(database.db, { eventId: e.id, userId: ann.id })).toMatchObject({
      position: 1,
      quantity: 1,
      offer: null,
    });
    expect(await flagOf(ann.id)).toBe(true);
    await cancelFreeOrder(database.db, { reference: orders[1]!.reference, userId: orders[1]!.buyer.id, now: later(4) });
    expect((await entryOf(e.id, ann.id)).status).toBe("offered");
    expect((await entryOf(e.id, bob.id)).status).toBe("waiting");
  });

  it("pass to the next in line when they lapse, or are turned down", async () => {
    const { e, orders } = await soldOutEvent(2);
    const [ann, bob, cat] = [
      await createBuyer(database.db, "Ann One"),
      await createBuyer(database.db, "Bob Two"),
      await createBuyer(database.db, "Cat Three"),
    ];
    for (const [i, p] of [ann, bob, cat].entries())
      await joinWaitlist(database.db, { eventId: e.id, userId: p.id, quantity: 1, now: later(i) });
    await cancelFreeOrder(database.db, { reference: orders[0]!.reference, userId: orders[0]!.buyer.id, now: later(3) });
    expect((await entryOf(e.id, ann.id)).status).toBe("offered");

    // Ann lets it lapse: the sweep gives the place back and offers it to Bob.
    await sweepLapsedHolds(database.db, later(16));
    expect((await entryOf(e.id, ann.id)).status).toBe("lapsed");
    expect(await flagOf(ann.id)).toBe(false);
    expect((await entryOf(e.id, bob.id)).status).toBe("offered");

    // Bob turns it down by leaving: Cat is offered it.
    await leaveWaitlist(database.db, { eventId: e.id, userId: bob.id, now: later(17) });
    const catEntry = await entryOf(e.id, cat.id);
    expect(catEntry.status).toBe("offered");
    expect(await heldPlaces(catEntry.holdId!)).toBe(1);

    // Cat buys it through the checkout: her wait is over.
    await completeOrder(database.db, {
      holdId: catEntry.holdId!,
      buyer: { userId: cat.id, email: cat.email, name: cat.name },
      payment: null,
      now: later(18),
      sign: codes.sign,
    });
    expect((await entryOf(e.id, cat.id)).status).toBe("purchased");
    expect(await flagOf(cat.id)).toBe(false);
  });

  it("are made once each when places free up at the same moment", async () => {
    const { e, orders } = await soldOutEvent(2);
    const waiting = [
      await createBuyer(database.db, "Wait One"),
      await createBuyer(database.db, "Wait Two"),
      await createBuyer(database.db, "Wait Three"),
    ];
    for (const [i, p] of waiting.entries())
      await joinWaitlist(database.db, { eventId: e.id, userId: p.id, quantity: 1, now: later(i) });
    const results = await Promise.all(
      orders.map((o) => cancelFreeOrder(database.db, { reference: o.reference, userId: o.buyer.id, now: later(4) })),
    );
    expect(results.flatMap((r) => r.offered)).toHaveLength(2);
    const entries = await database.db.select().from(waitlistEntry).where(eq(waitlistEntry.eventId, e.id));
    const offered = entries.filter((x) => x.status === "offered");
    expect(offered.map((x) => x.userId).sort()).toEqual([waiting[0]!.id, waiting[1]!.id].sort());
    expect(entries.find((x) => x.userId === waiting[2]!.id)?.status).toBe("waiting");
    const [stock] = await database.db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
    expect(stock).toMatchObject({ sold: 0, held: 2 });
  });

  it("leave with an account that is deleted, passing its places on", async () => {
    const { e, orders } = await soldOutEvent(1);
    const [ann, bob] = [await createBuyer(database.db, "Ann Leaving"), await createBuyer(database.db, "Bob Next")];
    await joinWaitlist(database.db, { eventId: e.id, userId: ann.id, quantity: 1, now });
    await joinWaitlist(database.db, { eventId: e.id, userId: bob.id, quantity: 1, now: later(1) });
    await cancelFreeOrder(database.db, { reference: orders[0]!.reference, userId: orders[0]!.buyer.id, now: later(2) });
    expect((await entryOf(e.id, ann.id)).status).toBe("offered");
    await deleteBuyerAccount(database.db, { userId: ann.id, now: later(3) });
    expect((await entryOf(e.id, ann.id)).status).toBe("left");
    expect((await entryOf(e.id, bob.id)).status).toBe("offered");
  });

  it("at a seated venue, come with seats together where they can", async () => {
    const venue = await createVenue(database.db, hostId, { name: "Tiny Cinema", seatRows: 2, seatColumns: 2 });
    const db = database.db;
    const e = await createEvent(db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z"), venueId: venue.id }, [
      { pricePence: 0, capacity: 4 },
    ]);
    const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
    const buyers = [await createBuyer(db, "Pair One"), await createBuyer(db, "Pair Two")];
    const bought = [
      await buyTickets(db, {
        eventId: e.id,
        buyer: buyers[0]!,
        quantity: 2,
        now,
        sign: codes.sign,
        seats: [
          { row: 1, column: 1 },
          { row: 1, column: 2 },
        ],
        ticketTypeId: type!.id,
      }),
      await buyTickets(db, {
        eventId: e.id,
        buyer: buyers[1]!,
        quantity: 2,
        now,
        sign: codes.sign,
        seats: [
          { row: 2, column: 1 },
          { row: 2, column: 2 },
        ],
        ticketTypeId: type!.id,
      }),
    ];
    const dan = await createBuyer(db, "Dan Seated");
    await joinWaitlist(db, { eventId: e.id, userId: dan.id, quantity: 2, now });
    await cancelFreeOrder(db, { reference: bought[1]!.reference, userId: buyers[1]!.id, now: later(1) });
    const entry = await entryOf(e.id, dan.id);
    const seats = await db
      .select({ row: seatClaim.seatRow, column: seatClaim.seatColumn })
      .from(seatClaim)
      .where(inArray(seatClaim.holdId, [entry.holdId!]));
    expect(seats.sort((a, b) => a.column - b.column)).toEqual([
      { row: 2, column: 1 },
      { row: 2, column: 2 },
    ]);
  });

  it("never come with a blocked seat or a gap: those are no seats for sale", async () => {
    const db = database.db;
    const venue = await createVenue(db, hostId, { name: "Narrow Room", seatRows: 1, seatColumns: 4 });
    await db.insert(venueSeatMark).values([
      { venueId: venue.id, seatRow: 1, seatColumn: 1, kind: "blocked" },
      { venueId: venue.id, seatRow: 1, seatColumn: 2, kind: "gap" },
    ]);
    const e = await createEvent(db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z"), venueId: venue.id }, [
      { pricePence: 0, capacity: 2 },
    ]);
    const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
    const buyers = [await createBuyer(db, "Aisle One"), await createBuyer(db, "Aisle Two")];
    const bought = [];
    for (const [i, column] of [3, 4].entries())
      bought.push(
        await buyTickets(db, {
          eventId: e.id,
          buyer: buyers[i]!,
          now,
          sign: codes.sign,
          seats: [{ row: 1, column }],
          ticketTypeId: type!.id,
        }),
      );
    const eve = await createBuyer(db, "Eve Waiting");
    await joinWaitlist(db, { eventId: e.id, userId: eve.id, quantity: 1, now });
    await cancelFreeOrder(db, { reference: bought[1]!.reference, userId: buyers[1]!.id, now: later(1) });
    const entry = await entryOf(e.id, eve.id);
    expect(entry.status).toBe("offered");
    const seats = await db
      .select({ row: seatClaim.seatRow, column: seatClaim.seatColumn })
      .from(seatClaim)
      .where(eq(seatClaim.holdId, entry.holdId!));
    expect(seats).toEqual([{ row: 1, column: 4 }]);
  });
});
