import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { discount, event, hold, holdLine, ticketType, waitlistEntry } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { createTestDatabase } from "../../tests/setup/test-db";
import type { HoldRateLimits } from "./claim-stock";
import { completeOrder } from "./complete-order";
import { holdTickets } from "./hold-tickets";
import { joinWaitlist } from "./join-waitlist";
import { releaseHoldsAndOffer } from "./waitlist-offers";

/**
 * The limits money depends on, claimed as stock is (DESIGN §3): a discount's uses, one person's
 * share of an event, and how often a person or an address may hold. Presses are sent at once; on
 * PostgreSQL they race on separate connections (one-line baskets of different ticket types go in
 * separate calls, baskets of two lines each in a transaction of their own).
 */
const now = new Date("2026-11-24T12:00:00Z");
const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
});

afterAll(async () => {
  await database.close();
});

const newBuyer = async () => (await createHost(database.db, { userType: "buyer", hostTitle: null })).id;

async function newEvent(tickets: Parameters<typeof createEvent>[2]) {
  const e = await createEvent(database.db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z") }, tickets);
  const types = await database.db
    .select()
    .from(ticketType)
    .where(eq(ticketType.eventId, e.id))
    .orderBy(ticketType.sortOrder);
  return { event: e, types };
}

/** The i-th of many presses: one line of one of the types in turn, or every second press a basket of two lines. */
function linesFor(i: number, typeIds: string[], quantity: number) {
  if (i % 2 === 1 && quantity % 2 === 0)
    return [
      { ticketTypeId: typeIds[i % typeIds.length]!, quantity: quantity / 2 },
      { ticketTypeId: typeIds[(i + 1) % typeIds.length]!, quantity: quantity / 2 },
    ];
  return [{ ticketTypeId: typeIds[i % typeIds.length]!, quantity }];
}

async function errorOf(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), String(error)).toBe(true);
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

const liveHeldBy = async (eventId: string, userId: string) =>
  Number(
    (
      await database.db.execute<{ n: number }>(
        sql`select coalesce(sum(l.quantity), 0)::int as n from hold h join hold_line l on l.hold_id = h.id
          where h.event_id = ${eventId}::uuid and h.user_id = ${userId} and h.status = 'active'`,
      )
    ).rows[0]!.n,
  );

describe("a discount's uses", () => {
  it("gives a code with one use left to exactly one of 30 buyers pressing at once", async () => {
    const { event: e, types } = await newEvent([
      { pricePence: 1000, capacity: 50 },
      { pricePence: 1000, capacity: 50 },
      { pricePence: 1000, capacity: 50 },
    ]);
    const [d] = await database.db
      .insert(discount)
      .values({
        hostId,
        name: "Last one",
        code: `last-${e.id.slice(0, 8)}`,
        kind: "percent",
        value: 5000,
        maxUses: 2,
        uses: 1,
      })
      .returning();
    const buyers = await Promise.all(Array.from({ length: 30 }, newBuyer));
    const typeIds = types.map((t) => t.id);
    const presses = await Promise.allSettled(
      buyers.map((userId, i) =>
        holdTickets(database.db, { eventId: e.id, userId, lines: linesFor(i, typeIds, 2), coupon: d!.code, now }),
      ),
    );
    const won = presses.filter((p) => p.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const p of presses) {
      if (p.status === "rejected")
        expect(isAppError(p.reason) && p.reason.message, String(p.reason)).toBe(
          "That code has been used as many times as it allows.",
        );
    }
    // Nothing is held for the buyers refused; the one hold pays, and the code is used up.
    expect((await database.db.select().from(hold).where(eq(hold.eventId, e.id))).length).toBe(1);
    const held = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof holdTickets>>>).value;
    await completeOrder(database.db, {
      holdId: held.holdId,
      buyer: { userId: held.buyerId, email: "winner@example.com", name: "Win Ner" },
      payment: { provider: "test", providerPaymentId: `pi_${held.holdId}`, amountPence: held.breakdown.totalPence },
      now,
      sign: codes.sign,
    });
    expect(
      (await database.db.select({ uses: discount.uses }).from(discount).where(eq(discount.id, d!.id)))[0]!.uses,
    ).toBe(2);
    expect(
      await errorOf(
        holdTickets(database.db, {
          eventId: e.id,
          userId: buyers[0]!,
          lines: linesFor(0, typeIds, 2),
          coupon: d!.code,
          now,
        }),
      ),
    ).toMatchObject({ code: "validation_failed", details: { field: "coupon" } });
  });

  it("gives a use back when a hold with it lapses, and not when it becomes an order", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 50 }]);
    const [d] = await database.db
      .insert(discount)
      .values({ hostId, name: "One", code: `one-${e.id.slice(0, 8)}`, kind: "fixed", value: 100, maxUses: 1 })
      .returning();
    const press = (userId: string, at: Date) =>
      holdTickets(database.db, {
        eventId: e.id,
        userId,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
        coupon: d!.code,
        now: at,
      });
    await press(await newBuyer(), now);
    expect((await errorOf(press(await newBuyer(), later(5)))).details).toMatchObject({ field: "coupon" });
    // Eleven minutes on, the first hold has lapsed: its use is free again.
    const second = await press(await newBuyer(), later(11));
    await completeOrder(database.db, {
      holdId: second.holdId,
      buyer: { userId: second.buyerId, email: "second@example.com", name: "Sec Ond" },
      payment: { provider: "test", providerPaymentId: `pi_${second.holdId}`, amountPence: second.breakdown.totalPence },
      now: later(12),
      sign: codes.sign,
    });
    expect((await errorOf(press(await newBuyer(), later(30)))).details).toMatchObject({ field: "coupon" });
  });
});

describe("one person's share of an event", () => {
  it("lets one person pressing twelve times at once hold no more than the per-order maximum", async () => {
    const { event: e, types } = await newEvent([
      { pricePence: 1000, capacity: 200 },
      { pricePence: 1000, capacity: 200 },
    ]);
    const userId = await newBuyer();
    const typeIds = types.map((t) => t.id);
    const presses = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        holdTickets(database.db, { eventId: e.id, userId, lines: linesFor(i, typeIds, 10), now }),
      ),
    );
    expect(presses.filter((p) => p.status === "fulfilled")).toHaveLength(1);
    for (const p of presses) {
      if (p.status === "rejected")
        expect(isAppError(p.reason) && p.reason.details, String(p.reason)).toMatchObject({
          reason: "over_share",
          cap: 10,
        });
    }
    expect(await liveHeldBy(e.id, userId)).toBe(10);
    // Another person is not affected.
    await holdTickets(database.db, {
      eventId: e.id,
      userId: await newBuyer(),
      lines: [{ ticketTypeId: typeIds[0]!, quantity: 10 }],
      now,
    });
  });

  it("counts free orders too, so a few free checkouts can't empty an event, unless the host raises it", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 0, capacity: 40 }]);
    const userId = await newBuyer();
    const take = (quantity: number, at = now) =>
      holdTickets(database.db, { eventId: e.id, userId, lines: [{ ticketTypeId: types[0]!.id, quantity }], now: at });
    const first = await take(6);
    await completeOrder(database.db, {
      holdId: first.holdId,
      buyer: { userId, email: "free@example.com", name: "Free Loader" },
      payment: null,
      now,
      sign: codes.sign,
    });
    await take(4);
    const refused = await errorOf(take(1));
    expect(refused).toMatchObject({ code: "validation_failed", details: { reason: "over_share", cap: 10, has: 10 } });
    expect(refused.message).toBe(
      "You can have at most 10 tickets for this event, and you already have 10 in checkouts or free orders. Choose " +
        "none more, or finish the checkout you started.",
    );
    // A lapsed hold is no longer theirs: its four places may be held again, but no more.
    expect((await errorOf(take(5, later(11)))).details).toMatchObject({ reason: "over_share", has: 6 });
    await take(4, later(11));
    // The host expects groups: twenty each.
    await database.db.update(event).set({ maxTicketsPerPerson: 20 }).where(eq(event.id, e.id));
    await take(10, later(12));
    expect(
      (
        await database.db
          .select({ held: ticketType.held, sold: ticketType.sold })
          .from(ticketType)
          .where(eq(ticketType.id, types[0]!.id))
      )[0],
    ).toEqual({ sold: 6, held: 18 });
  });

  it("does not count paid orders: a buyer may buy again", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 40 }]);
    const userId = await newBuyer();
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 10 }],
      now,
    });
    await completeOrder(database.db, {
      holdId: held.holdId,
      buyer: { userId, email: "paid@example.com", name: "Pay Ing" },
      payment: { provider: "test", providerPaymentId: `pi_${held.holdId}`, amountPence: held.breakdown.totalPence },
      now,
      sign: codes.sign,
    });
    await holdTickets(database.db, {
      eventId: e.id,
      userId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 10 }],
      now,
    });
  });

  it("offers a person on the waitlist no more than their share, and passes over one who has it all", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 0, capacity: 30 }]);
    const [hoarder, friend, third] = [await newBuyer(), await newBuyer(), await newBuyer()];
    const take = (userId: string, quantity: number) =>
      holdTickets(database.db, { eventId: e.id, userId, lines: [{ ticketTypeId: types[0]!.id, quantity }], now });
    const hoard = await take(hoarder, 10);
    await take(friend, 8);
    await take(third, 10);
    await take(await newBuyer(), 2);
    // Sold out: the friend (holding 8) and then the third (holding 10) wait for ten more each.
    await joinWaitlist(database.db, { eventId: e.id, userId: friend, quantity: 10, now });
    await joinWaitlist(database.db, { eventId: e.id, userId: third, quantity: 10, now: later(1) });
    const fourth = await newBuyer();
    await joinWaitlist(database.db, { eventId: e.id, userId: fourth, quantity: 10, now: later(2) });
    // The hoard is let go: the friend is offered two places (their share), the third is passed
    // over (they hold ten), and the fourth is offered the other eight.
    await database.db.transaction((tx) =>
      releaseHoldsAndOffer(tx, { now: later(3), holdIds: [hoard.holdId], as: "released" }),
    );
    const offerOf = async (userId: string) => {
      const [entry] = await database.db
        .select()
        .from(waitlistEntry)
        .where(and(eq(waitlistEntry.eventId, e.id), eq(waitlistEntry.userId, userId)));
      if (!entry?.holdId) return { status: entry?.status, places: 0 };
      const lines = await database.db.select().from(holdLine).where(eq(holdLine.holdId, entry.holdId));
      return { status: entry.status, places: lines.reduce((n, l) => n + l.quantity, 0) };
    };
    expect(await offerOf(friend)).toEqual({ status: "offered", places: 2 });
    expect(await offerOf(third)).toEqual({ status: "waiting", places: 0 });
    expect(await offerOf(fourth)).toEqual({ status: "offered", places: 8 });
    expect(await liveHeldBy(e.id, friend)).toBe(10);
  });
});

describe("how often a person or an address may hold", () => {
  const limits = (personHolds: number, ipHolds: number): HoldRateLimits => ({
    unboughtHoldsPerPerson: { limit: personHolds, windowMs: 60 * 60_000 },
    holdsPerIp: { limit: ipHolds, windowMs: 10 * 60_000 },
  });

  it("refuses, in the spec's words, someone with too many recent unbought holds; bought ones don't count", async () => {
    const userId = await newBuyer();
    const events = await Promise.all(Array.from({ length: 5 }, () => newEvent([{ pricePence: 1000, capacity: 10 }])));
    const press = (i: number, at = now, key?: string) =>
      holdTickets(database.db, {
        eventId: events[i]!.event.id,
        userId,
        lines: [{ ticketTypeId: events[i]!.types[0]!.id, quantity: 1 }],
        now: at,
        idempotencyKey: key,
        limits: limits(3, 100),
      });
    const bought = await press(0);
    await completeOrder(database.db, {
      holdId: bought.holdId,
      buyer: { userId, email: "rate@example.com", name: "Rate Limited" },
      payment: { provider: "test", providerPaymentId: `pi_${bought.holdId}`, amountPence: bought.breakdown.totalPence },
      now,
      sign: codes.sign,
    });
    const kept = await press(1, now, "the same press");
    await press(2);
    await press(3);
    const refused = await errorOf(press(4));
    expect(refused).toMatchObject({ code: "rate_limited", message: "Please try again in a few minutes!" });
    expect(await database.db.select().from(hold).where(eq(hold.eventId, events[4]!.event.id))).toEqual([]);
    // A retried press is still answered with the hold it made.
    expect((await press(1, now, "the same press")).holdId).toBe(kept.holdId);
    // An hour on, they may hold again.
    await press(4, later(61));
  });

  it("counts an address's holds, whoever makes them, and refuses past its limit", async () => {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 50 }]);
    const press = async (ip: string) =>
      holdTickets(database.db, {
        eventId: e.id,
        userId: await newBuyer(),
        lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
        now,
        ip,
        limits: limits(30, 3),
      });
    const ip = "198.51.100.20";
    await Promise.all([press(ip), press(ip), press(ip)]);
    expect(await errorOf(press(ip))).toMatchObject({
      code: "rate_limited",
      message: "Please try again in a few minutes!",
    });
    await press("203.0.113.7");
    expect((await database.db.select().from(hold).where(eq(hold.eventId, e.id))).length).toBe(4);
  });
});

describe("a late payment for a hold with a code", () => {
  /** A buyer holding one place with a code that allows one use, and paying when `paidAt`. */
  async function lateBuyer() {
    const { event: e, types } = await newEvent([{ pricePence: 1000, capacity: 50 }]);
    const [d] = await database.db
      .insert(discount)
      .values({ hostId, name: "Once", code: `once-${e.id.slice(0, 8)}`, kind: "fixed", value: 100, maxUses: 1 })
      .returning();
    const userId = await newBuyer();
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId,
      lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
      coupon: d!.code,
      now,
    });
    const pay = (at: Date) =>
      completeOrder(database.db, {
        holdId: held.holdId,
        buyer: { userId, email: "late@example.com", name: "Late Payer" },
        payment: { provider: "test", providerPaymentId: `pi_${held.holdId}`, amountPence: held.breakdown.totalPence },
        now: at,
        sign: codes.sign,
      });
    const stock = async () =>
      (
        await database.db
          .select({ sold: ticketType.sold, held: ticketType.held })
          .from(ticketType)
          .where(eq(ticketType.id, types[0]!.id))
      )[0]!;
    const uses = async () =>
      (await database.db.select({ uses: discount.uses }).from(discount).where(eq(discount.id, d!.id)))[0]!.uses;
    const someoneElse = () =>
      holdTickets(database.db, {
        eventId: e.id,
        userId: newBuyerId,
        lines: [{ ticketTypeId: types[0]!.id, quantity: 1 }],
        coupon: d!.code,
        now: later(12),
      });
    const newBuyerId = await newBuyer();
    return { e, held, pay, stock, uses, someoneElse };
  }

  it("is refunded, not honoured past the code's limit, when another buyer took its use after it lapsed", async () => {
    const late = await lateBuyer();
    // The hold lapses without being swept; another buyer takes the code's one use.
    await late.someoneElse();
    expect(await late.pay(later(13))).toMatchObject({ outcome: "refund" });
    expect(await late.uses()).toBe(0);
    // Its place went back; only the other buyer's stays held.
    expect(await late.stock()).toEqual({ sold: 0, held: 1 });
  });

  it("is honoured when the code's use is still there", async () => {
    const late = await lateBuyer();
    expect(await late.pay(later(13))).toMatchObject({ outcome: "fulfilled" });
    expect(await late.uses()).toBe(1);
    expect(await late.stock()).toEqual({ sold: 1, held: 0 });
  });
});
