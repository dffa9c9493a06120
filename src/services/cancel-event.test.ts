import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import {
  cancellationRequest,
  event,
  hold,
  order,
  testRefund,
  ticket,
  ticketType,
  user,
  waitlistEntry,
} from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { createTestProvider } from "~/server/payments/test-provider.server";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { studioMessages } from "~/texts/studio-messages";
import { recordedWork } from "../../tests/factories/after-commit";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { requestCancellation } from "./cancel-order";
import { cancelEvent, finishEventRefunds } from "./cancel-event";
import { resumeStuckRefunds } from "./decide-cancellation";
import { holdTickets } from "./hold-tickets";
import type { PaymentProvider } from "./payment-provider";

const now = new Date("2026-11-24T12:00:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;
let venueId: string;
let provider: PaymentProvider;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
  venueId = (await createVenue(database.db, hostId)).id;
  provider = createTestProvider(database.db, "http://localhost:3000");
});
afterAll(() => database.close());

async function errorOf(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), String(error)).toBe(true);
  return error as { code: string; message: string };
}

/** An event with a £10 and a free ticket type, and `paid` buyers of two £10 tickets each, and one free booking. */
async function soldEvent(paid = 2) {
  const db = database.db;
  const e = await createEvent(db, { hostId, venueId, startsAt: new Date("2026-12-12T19:30:00Z") }, [
    { pricePence: 1000, capacity: 50, name: "Standard" },
    { pricePence: 0, capacity: 50, name: "Free list" },
  ]);
  const types = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  const standard = types.find((t) => t.pricePence > 0)!;
  const freeType = types.find((t) => t.pricePence === 0)!;
  const orders = [];
  for (let i = 0; i < paid; i++) {
    const buyer = await createBuyer(db, `Paying Buyer${i}`);
    orders.push(
      await buyTickets(db, { eventId: e.id, buyer, quantity: 2, ticketTypeId: standard.id, now, sign: codes.sign }),
    );
  }
  const freeBuyer = await createBuyer(db, "Free Buyer");
  const free = await buyTickets(db, {
    eventId: e.id,
    buyer: freeBuyer,
    quantity: 1,
    ticketTypeId: freeType.id,
    now,
    sign: codes.sign,
  });
  return { e, standard, freeType, orders, free };
}

const refundsOf = async (paymentIds: string[]) =>
  database.db.select().from(testRefund).where(inArray(testRefund.paymentIntentId, paymentIds));
const ordersOf = async (ids: string[]) => database.db.select().from(order).where(inArray(order.id, ids));
const stockOf = async (eventId: string) =>
  (
    await database.db
      .select({ sold: ticketType.sold, held: ticketType.held })
      .from(ticketType)
      .where(eq(ticketType.eventId, eventId))
  ).reduce((a, t) => ({ sold: a.sold + t.sold, held: a.held + t.held }), { sold: 0, held: 0 });
const paymentIdsOf = async (ids: string[]) => (await ordersOf(ids)).map((o) => o.providerPaymentId!);

describe("cancelling an event", () => {
  it("marks it cancelled, refunds each paid order once, cancels free ones and tells everyone", async () => {
    const { e, orders, free } = await soldEvent(2);
    // A buyer on their way through checkout when the event is cancelled loses their hold.
    const late = await createBuyer(database.db, "Late Buyer");
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId: late.id,
      lines: [
        {
          ticketTypeId: (await database.db.select().from(ticketType).where(eq(ticketType.eventId, e.id)))[0]!.id,
          quantity: 1,
        },
      ],
      now,
    });
    expect(await stockOf(e.id)).toEqual({ sold: 5, held: 1 });

    const result = await cancelEvent(database.db, provider, { eventId: e.id, hostId, actedBy: hostId, now });
    expect(result).toMatchObject({ eventId: e.id, freeCancelled: 1, refunds: { refunded: 2, waiting: 0 } });

    expect((await database.db.select().from(event).where(eq(event.id, e.id)))[0]).toMatchObject({
      isCancelled: true,
      status: "published",
    });
    const paidIds = orders.map((o) => o.orderId);
    for (const o of await ordersOf(paidIds))
      expect(o).toMatchObject({ status: "refunded", refundedPence: o.totalPence, cancelledAt: now });
    expect((await ordersOf([free.orderId]))[0]).toMatchObject({ status: "cancelled" });
    const refunds = await refundsOf(await paymentIdsOf(paidIds));
    expect(refunds).toHaveLength(2);
    expect(refunds.map((r) => r.amountPence)).toEqual(orders.map((o) => o.totalPence));
    const tickets = await database.db.select().from(ticket).where(eq(ticket.eventId, e.id));
    expect(tickets.map((t) => t.status)).toEqual(tickets.map(() => "void"));
    expect(await stockOf(e.id)).toEqual({ sold: 0, held: 0 });
    expect((await database.db.select().from(hold).where(eq(hold.id, held.holdId)))[0]!.status).toBe("released");

    // Everyone is told once the change has committed: the cancellation for every order, then each refund.
    for (const o of [...orders, free])
      expect(await recordedWork(database.db, "event-cancelled", { orderId: o.orderId })).toHaveLength(1);
    expect(
      await recordedWork(database.db, "event-cancelled", {
        orderId: orders[0]!.orderId,
        refundPence: orders[0]!.totalPence,
      }),
    ).toHaveLength(1);
    for (const o of orders)
      expect(
        await recordedWork(database.db, "cancellation-outcome", { orderId: o.orderId, outcome: "event_cancelled" }),
      ).toEqual([expect.objectContaining({ refundPence: o.totalPence })]);

    // Pressed again: refused in words, and nobody is refunded twice.
    expect(
      await errorOf(cancelEvent(database.db, provider, { eventId: e.id, hostId, actedBy: hostId, now })),
    ).toMatchObject({ code: "conflict", message: studioMessages.alreadyCancelled });
    expect(await refundsOf(await paymentIdsOf(paidIds))).toHaveLength(2);
  });

  it("takes everyone off its waitlist and tells each of them once, leaving those who had left alone", async () => {
    const db = database.db;
    const { e } = await soldEvent(1);
    const [waiting, offered, left] = [await createBuyer(db), await createBuyer(db), await createBuyer(db)];
    const entries = await db
      .insert(waitlistEntry)
      .values([
        { eventId: e.id, userId: waiting.id, status: "waiting" as const },
        { eventId: e.id, userId: offered.id, status: "offered" as const, offeredAt: now },
        { eventId: e.id, userId: left.id, status: "left" as const },
      ])
      .returning();
    await db
      .update(user)
      .set({ waitlistRequest: true })
      .where(inArray(user.id, [waiting.id, offered.id]));

    await cancelEvent(db, provider, { eventId: e.id, hostId, actedBy: hostId, now });
    const after = await db.select().from(waitlistEntry).where(eq(waitlistEntry.eventId, e.id));
    const statusOf = (userId: string) => after.find((w) => w.userId === userId)!.status;
    expect([statusOf(waiting.id), statusOf(offered.id), statusOf(left.id)]).toEqual(["lapsed", "lapsed", "left"]);
    for (const entry of entries)
      expect(await recordedWork(db, "waitlist-event-cancelled", { entryId: entry.id })).toHaveLength(
        entry.status === "left" ? 0 : 1,
      );
    const flags = await db
      .select({ flag: user.waitlistRequest })
      .from(user)
      .where(inArray(user.id, [waiting.id, offered.id]));
    expect(flags.map((f) => f.flag)).toEqual([false, false]);
  });

  it("takes over a buyer's request still waiting for the host, refunding all that is left", async () => {
    const { e, orders } = await soldEvent(1);
    const o = orders[0]!;
    const [buyerId] = (await ordersOf([o.orderId])).map((x) => x.userId!);
    const { requestId } = await requestCancellation(database.db, {
      reference: o.reference,
      userId: buyerId!,
      reason: "Can't make it",
      now,
    });
    await cancelEvent(database.db, provider, { eventId: e.id, hostId, actedBy: hostId, now });
    const requests = await database.db
      .select()
      .from(cancellationRequest)
      .where(eq(cancellationRequest.orderId, o.orderId));
    expect(requests).toEqual([
      expect.objectContaining({
        id: requestId,
        status: "approved",
        origin: "event_cancelled",
        refundPence: o.totalPence,
      }),
    ]);
    expect((await ordersOf([o.orderId]))[0]).toMatchObject({ status: "refunded", refundedPence: o.totalPence });
  });

  it("resumes after the instance stops between two orders, and refunds nobody twice", async () => {
    const { e, orders } = await soldEvent(3);
    const paidIds = orders.map((o) => o.orderId);
    // The second refund is made at the provider, and then the instance stops: nothing after it runs.
    let calls = 0;
    let stopped!: () => void;
    const instanceStopped = new Promise<void>((resolve) => (stopped = resolve));
    const stopping: PaymentProvider = {
      ...provider,
      refund: async (r) => {
        calls++;
        const made = await provider.refund(r);
        if (calls < 2) return made;
        stopped();
        return new Promise<never>(() => {});
      },
    };
    void cancelEvent(database.db, stopping, { eventId: e.id, hostId, actedBy: hostId, now });
    await instanceStopped;

    // The cancellation committed; one order refunded and recorded, one refunded but not recorded, one not asked.
    expect((await database.db.select().from(event).where(eq(event.id, e.id)))[0]!.isCancelled).toBe(true);
    expect((await ordersOf(paidIds)).map((o) => o.status).sort()).toEqual(["paid", "paid", "refunded"]);
    expect(await refundsOf(await paymentIdsOf(paidIds))).toHaveLength(2);
    const waiting = await database.db
      .select({ status: cancellationRequest.status })
      .from(cancellationRequest)
      .where(inArray(cancellationRequest.orderId, paidIds));
    expect(waiting.map((w) => w.status).sort()).toEqual(["approved", "refunding", "refunding"]);

    // Another instance picks the rest up: two at once, as a retried press and the job might.
    const [a, b] = await Promise.all([
      finishEventRefunds(database.db, provider, { eventId: e.id, hostId, now }),
      finishEventRefunds(database.db, provider, { eventId: e.id, hostId, now }),
    ]);
    expect(a.refunded + b.refunded).toBe(2);
    expect(a.waiting + b.waiting).toBe(0);
    for (const o of await ordersOf(paidIds))
      expect(o).toMatchObject({ status: "refunded", refundedPence: o.totalPence });
    // Once per order at the provider, however often it was asked.
    const refunds = await refundsOf(await paymentIdsOf(paidIds));
    expect(refunds).toHaveLength(3);
    expect(new Set(refunds.map((r) => r.paymentIntentId)).size).toBe(3);
    expect(await stockOf(e.id)).toEqual({ sold: 0, held: 0 });
    // Asked again later (the reconciliation job): nothing left to do.
    expect(await finishEventRefunds(database.db, provider, { eventId: e.id, hostId, now })).toEqual({
      refunded: 0,
      waiting: 0,
    });
    expect(await refundsOf(await paymentIdsOf(paidIds))).toHaveLength(3);
  });

  it("leaves a refund the provider can't answer for the reconciliation job", async () => {
    const { e, orders } = await soldEvent(1);
    const silent: PaymentProvider = { ...provider, refund: () => Promise.reject(new Error("socket hang up")) };
    const result = await cancelEvent(database.db, silent, { eventId: e.id, hostId, actedBy: hostId, now });
    expect(result.refunds).toEqual({ refunded: 0, waiting: 1 });
    expect((await ordersOf([orders[0]!.orderId]))[0]!.status).toBe("paid");
    // The job waits ten minutes for a refund under way, then finishes it.
    expect(await resumeStuckRefunds(database.db, provider, new Date(now.getTime() + 5 * 60_000))).toEqual([]);
    const done = await resumeStuckRefunds(database.db, provider, new Date(now.getTime() + 11 * 60_000));
    expect(done).toEqual([
      expect.objectContaining({ orderId: orders[0]!.orderId, outcome: "approved", created: true }),
    ]);
    expect((await ordersOf([orders[0]!.orderId]))[0]).toMatchObject({ status: "refunded" });
    expect(await refundsOf(await paymentIdsOf([orders[0]!.orderId]))).toHaveLength(1);
  });

  it("is another host's to refuse: not found, and nothing changes", async () => {
    const { e, orders, free } = await soldEvent(1);
    const other = await createHost(database.db, { email: "cancel-other-host@example.com" });
    for (const eventId of [e.id, "not-an-id", "00000000-0000-0000-0000-000000000000"])
      expect(
        (await errorOf(cancelEvent(database.db, provider, { eventId, hostId: other.id, actedBy: other.id, now }))).code,
      ).toBe("not_found");
    // Nor may another host finish its refunds.
    expect(await finishEventRefunds(database.db, provider, { eventId: e.id, hostId: other.id, now })).toEqual({
      refunded: 0,
      waiting: 0,
    });
    expect((await database.db.select().from(event).where(eq(event.id, e.id)))[0]!.isCancelled).toBe(false);
    expect((await ordersOf([orders[0]!.orderId, free.orderId])).map((o) => o.status).sort()).toEqual(["free", "paid"]);
    expect(await refundsOf(await paymentIdsOf([orders[0]!.orderId]))).toHaveLength(0);
    expect(
      await database.db
        .select()
        .from(cancellationRequest)
        .where(and(eq(cancellationRequest.orderId, orders[0]!.orderId))),
    ).toHaveLength(0);
  });
});
