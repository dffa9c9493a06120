import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  discount,
  event,
  hold,
  holdLine,
  order,
  orderLine,
  seatClaim,
  session,
  ticket,
  ticketType,
  user,
} from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { whileLocked } from "../../tests/setup/locks";
import { createTestDatabase, openOtherInstance } from "../../tests/setup/test-db";
import { claimAndHold } from "./claim-stock";
import { completeOrder } from "./complete-order";
import { extendHold } from "./extend-hold";
import { holdTickets } from "./hold-tickets";
import { releaseHolds } from "./release-holds";

const now = new Date("2026-11-24T12:00:00Z");
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;
let buyerId: string;
const buyer = () => ({ userId: buyerId, email: "bea@example.com", name: "Bea Buyer" });

async function newEvent(
  tickets: Parameters<typeof createEvent>[2],
  fields: Partial<Parameters<typeof createEvent>[1]> = {},
) {
  const e = await createEvent(database.db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z"), ...fields }, tickets);
  const types = await database.db
    .select()
    .from(ticketType)
    .where(eq(ticketType.eventId, e.id))
    .orderBy(ticketType.sortOrder);
  return { event: e, types };
}

async function stock(id: string) {
  const [t] = await database.db
    .select({ sold: ticketType.sold, held: ticketType.held })
    .from(ticketType)
    .where(eq(ticketType.id, id));
  return t!;
}

async function expectError(promise: Promise<unknown>, code: string, reason?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), String(error)).toBe(true);
  if (isAppError(error)) {
    expect(error.code).toBe(code);
    if (reason) expect(error.details?.reason).toBe(reason);
  }
  return error;
}

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
  buyerId = (await createHost(database.db, { userType: "buyer", hostTitle: null, email: "bea@example.com" })).id;
});

afterAll(async () => {
  await database.close();
});

/** Another buyer, for tests where several people press at once. */
const newBuyer = async () => (await createHost(database.db, { userType: "buyer", hostTitle: null })).id;

describe("holding tickets", () => {
  it("holds with one conditional claim, then sells them once paid, issuing signed tickets", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
      now,
    });
    expect(held.breakdown).toMatchObject({ subtotalPence: 2000, bookingFeePence: 20, totalPence: 2020 });
    expect(held.expiresAt).toEqual(later(10));
    expect(await stock(types[0]!.id)).toEqual({ sold: 0, held: 2 });

    const done = await completeOrder(database.db, {
      holdId: held.holdId,
      buyer: buyer(),
      payment: { provider: "test", providerPaymentId: "pi_1", amountPence: 2020 },
      now,
      sign: codes.sign,
    });
    expect(done).toMatchObject({
      outcome: "fulfilled",
      created: true,
      reference: expect.stringMatching(/^TB-[2-9A-HJ-NP-Z]{8}$/),
    });
    expect(await stock(types[0]!.id)).toEqual({ sold: 2, held: 0 });
    const issued = await database.db.select().from(ticket).where(eq(ticket.orderId, done.orderId));
    expect(issued).toHaveLength(2);
    for (const t of issued) expect(await codes.verify(e.id, t.code)).toEqual({ ok: true, ticketId: t.id, version: 0 });
    const [o] = await database.db.select().from(order).where(eq(order.id, done.orderId));
    expect(o).toMatchObject({ status: "paid", totalPence: 2020, bookingFeePence: 20, buyerEmail: "bea@example.com" });
    expect(await database.db.select().from(orderLine).where(eq(orderLine.orderId, done.orderId))).toHaveLength(1);
  });

  it("refuses more than remains, changing nothing, and says someone beat you to it", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 3, sold: 2 }]);
    await expectError(
      holdTickets(database.db, {
        eventId: e.id,
        userId: buyerId,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
        now,
      }),
      "conflict",
      "basket_changed",
    );
    expect(await stock(types[0]!.id)).toEqual({ sold: 2, held: 0 });
    expect((await database.db.select().from(hold).where(eq(hold.eventId, e.id))).length).toBe(0);
  });

  it("never oversells when many buyers claim at once, through several instances of the app", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 500, capacity: 10 }]);
    const buyers = await Promise.all(Array.from({ length: 24 }, newBuyer));
    // Four instances, each batching its own presses (decision 0016). On PostgreSQL each has a pool of
    // its own, and the ticket type's row is held until every instance's first claim waits for it, so
    // their batches race at the claim. PGlite is one connection: there the presses are only sent together.
    const instances = await Promise.all(Array.from({ length: 4 }, () => openOtherInstance(database, 2)));
    const presses = () =>
      buyers.map((userId, i) =>
        holdTickets(instances[i % 4]!.db, {
          eventId: e.id,
          userId,
          lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
          now,
        }),
      );
    let attempts: PromiseSettledResult<unknown>[];
    try {
      attempts =
        database.engine === "postgres"
          ? await whileLocked(
              database,
              (tx) => tx.execute(sql`select 1 from ticket_type where id = ${types[0]!.id} for update`),
              instances.length,
              presses,
            )
          : await Promise.allSettled(presses());
    } finally {
      await Promise.all(instances.map((i) => i.close()));
    }
    const failures = attempts.filter((a): a is PromiseRejectedResult => a.status === "rejected");
    for (const f of failures)
      expect(isAppError(f.reason) && f.reason.details?.reason, String(f.reason)).toBe("basket_changed");
    expect(attempts.length - failures.length).toBe(10);
    expect(await stock(types[0]!.id)).toEqual({ sold: 0, held: 10 });
    // Buyers who lost the race at the claim hold nothing: every active hold has its line, and no more.
    const { rows } = await database.db.execute<{ active: number; lines: number; keyed_closed: number }>(sql`
      select (select count(*)::int from hold where event_id = ${e.id} and status = 'active') as active,
             (select count(*)::int from hold_line l join hold h on h.id = l.hold_id
               where h.event_id = ${e.id}) as lines,
             (select count(*)::int from hold
               where event_id = ${e.id} and status <> 'active' and idempotency_key is not null) as keyed_closed`);
    expect(rows[0]).toEqual({ active: 10, lines: 10, keyed_closed: 0 });
  });

  it("writes nothing when the claim finds stock short; answers with that stock or the hold its key made", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 3, sold: 2 }]);
    const claim = (quantity: number, idempotencyKey: string | null) =>
      claimAndHold(database.db, {
        eventId: e.id,
        buyer: { userId: buyerId },
        now,
        expiresAt: later(10),
        seats: [],
        discountId: null,
        idempotencyKey,
        fingerprint: null,
        lines: [{ ticketTypeId: types[0]!.id, quantity, unitPricePence: 1000 }],
      });
    expect(await claim(2, null)).toEqual({
      status: "short",
      stock: [{ id: types[0]!.id, sold: 2, held: 0, capacity: 3 }],
      lapsed: false,
      existingHoldId: null,
    });
    expect(await database.db.select().from(hold).where(eq(hold.eventId, e.id))).toHaveLength(0);
    const won = await claim(1, `key-${e.id}`);
    expect(won).toMatchObject({ status: "written", claimed: 1, buyerId });
    // The same press again, now that its own claim took the last place.
    expect(await claim(1, `key-${e.id}`)).toEqual({
      status: "short",
      stock: [{ id: types[0]!.id, sold: 2, held: 1, capacity: 3 }],
      lapsed: false,
      existingHoldId: won.status === "written" && won.holdId,
    });
    expect(await database.db.select().from(hold).where(eq(hold.eventId, e.id))).toHaveLength(1);
    expect(await stock(types[0]!.id)).toEqual({ sold: 2, held: 1 });
  });

  it("claims baskets of two ticket types at once without deadlock or oversell, all or nothing", async () => {
    const { event: e, types } = await newEvent([
      { pricePence: 500, capacity: 6 },
      { pricePence: 800, capacity: 6 },
    ]);
    // Half the buyers list the types one way round, half the other: rows are locked in id order.
    const buyers = await Promise.all(Array.from({ length: 12 }, newBuyer));
    const attempts = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => {
        const lines = [
          { ticketTypeId: types[0]!.id, quantity: 1 },
          { ticketTypeId: types[1]!.id, quantity: 1 },
        ];
        return holdTickets(database.db, {
          eventId: e.id,
          userId: buyers[i]!,
          lines: i % 2 ? lines.reverse() : lines,
          now,
        });
      }),
    );
    const failures = attempts.filter((a): a is PromiseRejectedResult => a.status === "rejected");
    for (const f of failures) expect(isAppError(f.reason) && f.reason.code, String(f.reason)).toBe("conflict");
    expect(attempts.length - failures.length).toBe(6);
    expect(await stock(types[0]!.id)).toEqual({ sold: 0, held: 6 });
    expect(await stock(types[1]!.id)).toEqual({ sold: 0, held: 6 });
  });

  it("answers a retried checkout (same key) with the same hold, even once the event has sold out", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 2 }]);
    const press = () =>
      holdTickets(database.db, {
        eventId: e.id,
        userId: buyerId,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
        idempotencyKey: `key-${e.id}`,
        now,
      });
    const [a, b] = await Promise.all([press(), press()]);
    expect(b!.holdId).toBe(a!.holdId);
    expect((await press()).holdId).toBe(a!.holdId);
    expect(await stock(types[0]!.id)).toEqual({ sold: 0, held: 2 });
    expect(await database.db.select().from(hold).where(eq(hold.eventId, e.id))).toHaveLength(1);
  });

  it("gives stock back from lapsed holds, at claim time and in the sweep", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 500, capacity: 2 }]);
    await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
      now,
    });
    await expectError(
      holdTickets(database.db, {
        eventId: e.id,
        userId: buyerId,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
        now: later(5),
      }),
      "conflict",
    );
    // Eleven minutes on, the first hold has lapsed: claiming releases it first.
    await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
      now: later(11),
    });
    expect(await stock(types[0]!.id)).toEqual({ sold: 0, held: 1 });
    // The sweep releases the rest once they lapse too.
    expect(await releaseHolds(database.db, { now: later(30) })).not.toHaveLength(0);
    expect(await stock(types[0]!.id)).toEqual({ sold: 0, held: 0 });
  });

  it("extends a hold once by ten minutes", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 500, capacity: 5 }]);
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
      now,
    });
    expect(await extendHold(database.db, { holdId: held.holdId, userId: buyerId, now: later(9) })).toEqual(later(20));
    await expectError(
      extendHold(database.db, { holdId: held.holdId, userId: buyerId, now: later(15) }),
      "conflict",
      "not_extendable",
    );
  });
});

describe("definitions kept between holds (decision 0016)", () => {
  const one = (ticketTypeId: string, quantity = 1) => [{ ticketTypeId, quantity }];
  const lineOf = async (holdId: string) =>
    (await database.db.select().from(holdLine).where(eq(holdLine.holdId, holdId)))[0]!;

  it("holds at the new price once the host changes it, though the old price was kept", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
    await holdTickets(database.db, { slug: e.slug, userId: buyerId, lines: one(types[0]!.id), now });
    await database.db.update(ticketType).set({ pricePence: 1500 }).where(eq(ticketType.id, types[0]!.id));
    const held = await holdTickets(database.db, { slug: e.slug, userId: buyerId, lines: one(types[0]!.id), now });
    expect(held.breakdown.subtotalPence).toBe(1500);
    expect((await lineOf(held.holdId)).unitPricePence).toBe(1500);
  });

  it("refuses once the event is cancelled, though it was kept as on sale, and holds nothing", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
    await holdTickets(database.db, { slug: e.slug, userId: buyerId, lines: one(types[0]!.id), now });
    await database.db.update(event).set({ isCancelled: true }).where(eq(event.id, e.id));
    await expectError(
      holdTickets(database.db, { slug: e.slug, userId: buyerId, lines: one(types[0]!.id), now }),
      "conflict",
      "cancelled",
    );
    expect(await stock(types[0]!.id)).toEqual({ sold: 0, held: 1 });
  });

  it("holds more than the capacity it kept once the host raises it: only the claim judges stock", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 2 }]);
    await holdTickets(database.db, { slug: e.slug, userId: buyerId, lines: one(types[0]!.id), now });
    await database.db.update(ticketType).set({ capacity: 10 }).where(eq(ticketType.id, types[0]!.id));
    await holdTickets(database.db, { slug: e.slug, userId: buyerId, lines: one(types[0]!.id, 5), now });
    expect(await stock(types[0]!.id)).toEqual({ sold: 0, held: 6 });
  });

  it("sells a ticket whose sale has opened since it was kept as not yet on sale", async () => {
    const { event: e, types } = await newEvent([
      { pricePence: 1000, capacity: 10 },
      { pricePence: 800, capacity: 10, kind: "scheduled_visible", salesStartAt: later(60) },
    ]);
    await holdTickets(database.db, { slug: e.slug, userId: buyerId, lines: one(types[0]!.id), now });
    await expectError(
      holdTickets(database.db, { slug: e.slug, userId: buyerId, lines: one(types[1]!.id), now }),
      "conflict",
      "basket_changed",
    );
    await database.db
      .update(ticketType)
      .set({ salesStartAt: later(-60) })
      .where(eq(ticketType.id, types[1]!.id));
    const held = await holdTickets(database.db, { slug: e.slug, userId: buyerId, lines: one(types[1]!.id), now });
    expect((await lineOf(held.holdId)).unitPricePence).toBe(800);
  });

  it("holds for the owner of a session found by its token, and refuses an unknown or expired one", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
    const token = `token-${e.id}`;
    await database.db.insert(session).values({ id: `s-${e.id}`, token, userId: buyerId, expiresAt: later(60 * 24) });
    const held = await holdTickets(database.db, { slug: e.slug, sessionToken: token, lines: one(types[0]!.id), now });
    expect(held).toMatchObject({ buyerId, sessionExpiresAt: later(60 * 24) });
    expect((await database.db.select().from(hold).where(eq(hold.id, held.holdId)))[0]!.userId).toBe(buyerId);
    await expectError(
      holdTickets(database.db, { slug: e.slug, sessionToken: "nobody's", lines: one(types[0]!.id), now }),
      "unauthenticated",
    );
    await expectError(
      holdTickets(database.db, { slug: e.slug, sessionToken: token, lines: one(types[0]!.id), now: later(60 * 25) }),
      "unauthenticated",
    );
    expect(await stock(types[0]!.id)).toEqual({ sold: 0, held: 1 });
  });

  it(
    "scopes a press's key to its person and event: another buyer's key, or the key on another event, makes a hold " +
      "of its own",
    async () => {
      const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
      const { event: e2, types: types2 } = await newEvent([{ pricePence: 1000, capacity: 10 }]);
      const other = await newBuyer();
      const key = `key-${e.id}`;
      const first = await holdTickets(database.db, {
        slug: e.slug,
        userId: buyerId,
        lines: one(types[0]!.id),
        idempotencyKey: key,
        now,
      });
      const theirs = await holdTickets(database.db, {
        slug: e.slug,
        userId: other,
        lines: one(types[0]!.id),
        idempotencyKey: key,
        now,
      });
      expect(theirs.holdId).not.toBe(first.holdId);
      expect(theirs.buyerId).toBe(other);
      // The same person's key sent to another event is a new checkout there, not the first event's hold.
      const elsewhere = await holdTickets(database.db, {
        slug: e2.slug,
        userId: buyerId,
        lines: one(types2[0]!.id),
        idempotencyKey: key,
        now,
      });
      expect(elsewhere.holdId).not.toBe(first.holdId);
      expect(
        (await database.db.select({ eventId: hold.eventId }).from(hold).where(eq(hold.id, elsewhere.holdId)))[0]!
          .eventId,
      ).toBe(e2.id);
      expect(await stock(types2[0]!.id)).toEqual({ sold: 0, held: 1 });
      // And the same press again on the first event still finds its own hold.
      expect(
        (
          await holdTickets(database.db, {
            slug: e.slug,
            userId: buyerId,
            lines: one(types[0]!.id),
            idempotencyKey: key,
            now,
          })
        ).holdId,
      ).toBe(first.holdId);
      expect(await stock(types[0]!.id)).toEqual({ sold: 0, held: 2 });
    },
  );
});

describe("completing orders", () => {
  it("fulfils a payment once, even when told five times at once", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1500, capacity: 20 }]);
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 3 }],
      now,
    });
    const payment = { provider: "test", providerPaymentId: "pi_five_times", amountPence: held.breakdown.totalPence };
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        completeOrder(database.db, { holdId: held.holdId, buyer: buyer(), payment, now, sign: codes.sign }),
      ),
    );
    const fulfilled = results
      .filter((r) => r.status === "fulfilled")
      .map((r) => (r as PromiseFulfilledResult<Awaited<ReturnType<typeof completeOrder>>>).value);
    expect(new Set(fulfilled.map((r) => r.orderId)).size).toBe(1);
    expect(fulfilled.filter((r) => r.created)).toHaveLength(1);
    const orders = await database.db.select().from(order).where(eq(order.eventId, e.id));
    expect(orders).toHaveLength(1);
    expect(await database.db.select().from(ticket).where(eq(ticket.eventId, e.id))).toHaveLength(3);
    expect(await stock(types[0]!.id)).toEqual({ sold: 3, held: 0 });
  });

  it("honours a payment that lands after its hold lapsed while stock remains", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 5 }]);
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
      now,
    });
    await releaseHolds(database.db, { now: later(11) });
    const done = await completeOrder(database.db, {
      holdId: held.holdId,
      buyer: buyer(),
      payment: { provider: "test", providerPaymentId: "pi_late_ok", amountPence: 2020 },
      now: later(12),
      sign: codes.sign,
    });
    expect(done.outcome).toBe("fulfilled");
    expect(await stock(types[0]!.id)).toEqual({ sold: 2, held: 0 });
  });

  it("records a refund, with no tickets, when a late payment finds the stock gone", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 2 }]);
    const late = await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
      now,
    });
    // It lapses, and someone else buys both places.
    const other = await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
      now: later(11),
    });
    await completeOrder(database.db, {
      holdId: other.holdId,
      buyer: buyer(),
      payment: { provider: "test", providerPaymentId: "pi_other", amountPence: 2020 },
      now: later(12),
      sign: codes.sign,
    });
    const done = await completeOrder(database.db, {
      holdId: late.holdId,
      buyer: buyer(),
      payment: { provider: "test", providerPaymentId: "pi_late_gone", amountPence: 2020 },
      now: later(13),
      sign: codes.sign,
    });
    expect(done.outcome).toBe("refund");
    const [o] = await database.db.select().from(order).where(eq(order.id, done.orderId));
    expect(o!.status).toBe("refunded");
    expect(await database.db.select().from(ticket).where(eq(ticket.orderId, done.orderId))).toHaveLength(0);
    expect(await stock(types[0]!.id)).toEqual({ sold: 2, held: 0 });
    // Told again, it gives the same answer.
    expect(
      await completeOrder(database.db, {
        holdId: late.holdId,
        buyer: buyer(),
        payment: { provider: "test", providerPaymentId: "pi_late_gone", amountPence: 2020 },
        now: later(14),
        sign: codes.sign,
      }),
    ).toMatchObject({ outcome: "refund", created: false });
  });

  it("refuses a payment for the wrong amount, and a free checkout for a paid order", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 5 }]);
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
      now,
    });
    await expectError(
      completeOrder(database.db, {
        holdId: held.holdId,
        buyer: buyer(),
        payment: { provider: "test", providerPaymentId: "pi_short", amountPence: 500 },
        now,
        sign: codes.sign,
      }),
      "conflict",
      "amount_mismatch",
    );
    await expectError(
      completeOrder(database.db, { holdId: held.holdId, buyer: buyer(), payment: null, now, sign: codes.sign }),
      "conflict",
      "payment_required",
    );
  });

  it("completes a free order without payment", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 0, capacity: 50 }]);
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
      now,
    });
    expect(held.breakdown.totalPence).toBe(0);
    const done = await completeOrder(database.db, {
      holdId: held.holdId,
      buyer: buyer(),
      payment: null,
      now,
      sign: codes.sign,
    });
    const [o] = await database.db.select().from(order).where(eq(order.id, done.orderId));
    expect(o).toMatchObject({ status: "free", totalPence: 0, provider: null });
  });
});

describe("discounts, private and pay-what-you-wish tickets", () => {
  it("applies a code looked up lower-cased, counts it once per completed order, and stops at its limit", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 20 }]);
    const [d] = await database.db
      .insert(discount)
      .values({ hostId, name: "Crowd", code: "crowd10", kind: "percent", value: 1000, maxUses: 2 })
      .returning();
    const first = await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
      coupon: "  CROWD10 ",
      now,
    });
    expect(first.breakdown).toMatchObject({
      subtotalPence: 2000,
      discountPence: 200,
      bookingFeePence: 18,
      totalPence: 1818,
    });
    await completeOrder(database.db, {
      holdId: first.holdId,
      buyer: buyer(),
      payment: { provider: "test", providerPaymentId: "pi_d1", amountPence: 1818 },
      now,
      sign: codes.sign,
    });
    await completeOrder(database.db, {
      holdId: first.holdId,
      buyer: buyer(),
      payment: { provider: "test", providerPaymentId: "pi_d1", amountPence: 1818 },
      now,
      sign: codes.sign,
    });
    expect(
      (await database.db.select({ uses: discount.uses }).from(discount).where(eq(discount.id, d!.id)))[0]!.uses,
    ).toBe(1);
    // One more buyer holding it reaches the limit of two; a third is told.
    await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
      coupon: "crowd10",
      now,
    });
    const error = await expectError(
      holdTickets(database.db, {
        eventId: e.id,
        userId: buyerId,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
        coupon: "crowd10",
        now,
      }),
      "validation_failed",
    );
    expect((error as Error).message).toBe("That code has been used as many times as it allows.");
    await expectError(
      holdTickets(database.db, {
        eventId: e.id,
        userId: buyerId,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
        coupon: "nope",
        now,
      }),
      "validation_failed",
    );
  });

  it("keeps private tickets locked unless a private code or the link unlocks them", async () => {
    const { event: e, types } = await newEvent([
      { pricePence: 1000, capacity: 20 },
      { pricePence: 500, capacity: 5, kind: "private" },
    ]);
    const privateType = types.find((t) => t.kind === "private")!;
    await expectError(
      holdTickets(database.db, {
        eventId: e.id,
        userId: buyerId,
        lines: [{ ticketTypeId: privateType.id, quantity: 1 }],
        now,
      }),
      "conflict",
      "basket_changed",
    );
    await database.db
      .insert(discount)
      .values({ hostId, name: "Crew", code: "crew", kind: "fixed", value: 0, isPrivate: true });
    await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: privateType.id, quantity: 1 }],
      coupon: "crew",
      now,
    });
    await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: privateType.id, quantity: 1 }],
      unlockedTicketTypeIds: [privateType.id],
      now,
    });
    expect(await stock(privateType.id)).toEqual({ sold: 0, held: 2 });
  });

  it("takes a pay-what-you-wish amount from the minimum up to £10,000 more", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 500, capacity: 20, payWhatYouWish: true }]);
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 1, amountPence: 1250 }],
      now,
    });
    expect(held.breakdown).toMatchObject({ subtotalPence: 1250, totalPence: 1263 });
    await expectError(
      holdTickets(database.db, {
        eventId: e.id,
        userId: buyerId,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 1, amountPence: 499 }],
        now,
      }),
      "validation_failed",
    );
    await expectError(
      holdTickets(database.db, {
        eventId: e.id,
        userId: buyerId,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 1, amountPence: 500 + 1_000_001 }],
        now,
      }),
      "validation_failed",
    );
  });
});

describe("seats", () => {
  it("claims each seat once, and gives it to the ticket", async () => {
    const hall = await createVenue(database.db, hostId, { name: "Little Theatre", seatRows: 3, seatColumns: 4 });
    const { event: e, types } = await newEvent([{ pricePence: 1200, capacity: 12 }], { venueId: hall.id });
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId: buyerId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
      seats: [
        { row: 2, column: 3 },
        { row: 2, column: 4 },
      ],
      now,
    });
    await expectError(
      holdTickets(database.db, {
        eventId: e.id,
        userId: buyerId,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
        seats: [{ row: 2, column: 4 }],
        now,
      }),
      "conflict",
      "seat_taken",
    );
    // The failed attempt held nothing.
    expect(await stock(types[0]!.id)).toEqual({ sold: 0, held: 2 });
    await expectError(
      holdTickets(database.db, {
        eventId: e.id,
        userId: buyerId,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
        seats: [{ row: 9, column: 1 }],
        now,
      }),
      "validation_failed",
    );
    await expectError(
      holdTickets(database.db, {
        eventId: e.id,
        userId: buyerId,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 2 }],
        seats: [{ row: 1, column: 1 }],
        now,
      }),
      "validation_failed",
    );

    const done = await completeOrder(database.db, {
      holdId: held.holdId,
      buyer: buyer(),
      payment: { provider: "test", providerPaymentId: "pi_seats", amountPence: held.breakdown.totalPence },
      now,
      sign: codes.sign,
    });
    const seated = await database.db
      .select({ row: ticket.seatRow, column: ticket.seatColumn })
      .from(ticket)
      .where(eq(ticket.orderId, done.orderId));
    expect(seated.sort((a, b) => a.column! - b.column!)).toEqual([
      { row: 2, column: 3 },
      { row: 2, column: 4 },
    ]);
    const claims = await database.db.select().from(seatClaim).where(eq(seatClaim.eventId, e.id));
    expect(claims.every((c) => c.ticketId !== null && c.holdId === null)).toBe(true);
  });
});

describe("stock invariants", () => {
  it("never leaves sold + held above capacity anywhere", async () => {
    const { rows } = await database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ticket_type where sold + held > capacity or held < 0`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
    expect(await database.db.select().from(user).where(eq(user.id, buyerId))).toHaveLength(1);
  });
});
