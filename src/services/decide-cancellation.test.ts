import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { cancellationRequest, order, testRefund, ticket, ticketType } from "~/db/schema";
import { CANCEL_FAILED, REASON_REQUIRED } from "~/domain/cancellation";
import { isAppError } from "~/lib/app-error";
import { createTestProvider } from "~/server/payments/test-provider.server";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { cancelFreeOrder, requestCancellation } from "./cancel-order";
import { approveCancellation, declineCancellation, resumeStuckRefunds } from "./decide-cancellation";
import { RefundRefusedError, type PaymentProvider } from "./payment-provider";

const now = new Date("2026-11-24T12:00:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;
let provider: PaymentProvider;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
  provider = createTestProvider(database.db, "http://localhost:3000");
});
afterAll(() => database.close());

async function paidOrder(quantity = 2, capacity = 2, pricePence = 1000) {
  const db = database.db;
  const e = await createEvent(db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z") }, [{ pricePence, capacity }]);
  const bea = await createBuyer(db);
  const bought = await buyTickets(db, { eventId: e.id, buyer: bea, quantity, now, sign: codes.sign });
  const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  return { e, bea, bought, type: type! };
}

async function errorOf(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), String(error)).toBe(true);
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

const stockOf = async (id: string) =>
  (
    await database.db
      .select({ sold: ticketType.sold, held: ticketType.held })
      .from(ticketType)
      .where(eq(ticketType.id, id))
  )[0]!;
const orderOf = async (id: string) => (await database.db.select().from(order).where(eq(order.id, id)))[0]!;

describe("cancellation requests", () => {
  it("need a reason, in the spec's words", async () => {
    const { bea, bought } = await paidOrder();
    const error = await errorOf(
      requestCancellation(database.db, { reference: bought.reference, userId: bea.id, reason: "   ", now }),
    );
    expect(error).toMatchObject({ code: "validation_failed", message: REASON_REQUIRED });
    expect(
      await database.db.select().from(cancellationRequest).where(eq(cancellationRequest.orderId, bought.orderId)),
    ).toHaveLength(0);
  });

  it("are one per order while open, and only the buyer's own", async () => {
    const { bea, bought } = await paidOrder();
    const first = await requestCancellation(database.db, {
      reference: bought.reference,
      userId: bea.id,
      reason: "Can't make it",
      now,
    });
    expect(first.created).toBe(true);
    expect(
      await requestCancellation(database.db, {
        reference: bought.reference,
        userId: bea.id,
        reason: "Really can't",
        now,
      }),
    ).toMatchObject({ requestId: first.requestId, created: false });
    const stranger = await createBuyer(database.db, "Nosy Parker");
    expect(
      (
        await errorOf(
          requestCancellation(database.db, {
            reference: bought.reference,
            userId: stranger.id,
            reason: "Mine now",
            now,
          }),
        )
      ).code,
    ).toBe("not_found");
  });
});

describe("the host's decision", () => {
  it("refunds once, even when approved twice at the same moment", async () => {
    const { bea, bought, type } = await paidOrder(2, 2);
    expect(await stockOf(type.id)).toEqual({ sold: 2, held: 0 });
    const { requestId } = await requestCancellation(database.db, {
      reference: bought.reference,
      userId: bea.id,
      reason: "Ill",
      now,
    });

    const results = await Promise.all(
      [0, 1].map(() => approveCancellation(database.db, provider, { requestId, hostId, refund: "", now })),
    );
    expect(results.filter((r) => r.outcome === "approved" && r.created)).toHaveLength(1);

    const o = await orderOf(bought.orderId);
    expect(o).toMatchObject({ status: "refunded", refundedPence: bought.totalPence, cancelledAt: now });
    const paymentId = o.providerPaymentId!;
    expect(await database.db.select().from(testRefund).where(eq(testRefund.paymentIntentId, paymentId))).toHaveLength(
      1,
    );
    expect(
      (await database.db.select({ status: ticket.status }).from(ticket).where(eq(ticket.orderId, bought.orderId))).map(
        (t) => t.status,
      ),
    ).toEqual(["void", "void"]);
    // Both places back on sale, once.
    expect(await stockOf(type.id)).toEqual({ sold: 0, held: 0 });

    // Pressed again later: nothing more happens.
    expect(await approveCancellation(database.db, provider, { requestId, hostId, refund: "", now })).toMatchObject({
      outcome: "approved",
      created: false,
    });
    expect(await stockOf(type.id)).toEqual({ sold: 0, held: 0 });
    expect((await orderOf(bought.orderId)).refundedPence).toBe(bought.totalPence);
  });

  it("refunds part of an order when the host says so", async () => {
    const { bea, bought } = await paidOrder(2, 4);
    const { requestId } = await requestCancellation(database.db, {
      reference: bought.reference,
      userId: bea.id,
      reason: "Plans changed",
      now,
    });
    expect(
      (await errorOf(approveCancellation(database.db, provider, { requestId, hostId, refund: "999", now }))).details
        ?.field,
    ).toBe("refund");
    expect(await approveCancellation(database.db, provider, { requestId, hostId, refund: "10.00", now })).toMatchObject(
      { outcome: "approved", refundPence: 1000, currency: "GBP" },
    );
    expect(await orderOf(bought.orderId)).toMatchObject({ status: "refunded", refundedPence: 1000 });
  });

  it("changes nothing when the provider refuses the refund, and says so", async () => {
    const { bea, bought, type } = await paidOrder(1, 1);
    const { requestId } = await requestCancellation(database.db, {
      reference: bought.reference,
      userId: bea.id,
      reason: "Double booked",
      now,
    });
    const refusing: PaymentProvider = {
      ...provider,
      refund: () => Promise.reject(new RefundRefusedError("This payment can't be refunded")),
    };
    expect(
      await errorOf(approveCancellation(database.db, refusing, { requestId, hostId, refund: "", now })),
    ).toMatchObject({ code: "payment_failed", message: CANCEL_FAILED });
    expect(
      (await database.db.select().from(cancellationRequest).where(eq(cancellationRequest.id, requestId)))[0],
    ).toMatchObject({ status: "pending", refundPence: null });
    expect(await orderOf(bought.orderId)).toMatchObject({ status: "paid", refundedPence: 0 });
    expect(await stockOf(type.id)).toEqual({ sold: 1, held: 0 });
    // A second try that works goes through.
    expect(await approveCancellation(database.db, provider, { requestId, hostId, refund: "", now })).toMatchObject({
      outcome: "approved",
      created: true,
    });
  });

  it("leaves a refund whose outcome is unknown (a timeout) to be finished later, never refunding twice", async () => {
    const { bea, bought, type } = await paidOrder(1, 1);
    const { requestId } = await requestCancellation(database.db, {
      reference: bought.reference,
      userId: bea.id,
      reason: "Flight changed",
      now,
    });
    // The provider refunds, but its answer never arrives.
    const timingOut: PaymentProvider = {
      ...provider,
      refund: async (r) => (await provider.refund(r), Promise.reject(new Error("socket hang up"))),
    };
    expect(
      await errorOf(approveCancellation(database.db, timingOut, { requestId, hostId, refund: "", now })),
    ).toMatchObject({ code: "payment_failed", message: CANCEL_FAILED });
    // Not back to pending (it can't be declined now): still being refunded, order untouched.
    expect(
      (await database.db.select().from(cancellationRequest).where(eq(cancellationRequest.id, requestId)))[0],
    ).toMatchObject({ status: "refunding" });
    expect(
      (await errorOf(declineCancellation(database.db, { requestId, hostId, message: "", now }))).details?.reason,
    ).toBe("decided");
    expect(await stockOf(type.id)).toEqual({ sold: 1, held: 0 });
    expect(await approveCancellation(database.db, provider, { requestId, hostId, refund: "", now })).toMatchObject({
      outcome: "in_progress",
    });

    const [finished] = await resumeStuckRefunds(database.db, provider, new Date(now.getTime() + 11 * 60_000));
    expect(finished).toMatchObject({ outcome: "approved", created: true });
    const o = await orderOf(bought.orderId);
    expect(
      await database.db.select().from(testRefund).where(eq(testRefund.paymentIntentId, o.providerPaymentId!)),
    ).toHaveLength(1);
    expect(o).toMatchObject({ status: "refunded", refundedPence: bought.totalPence });
    expect(await stockOf(type.id)).toEqual({ sold: 0, held: 0 });
  });

  it("declines with a note, leaving the order as it was; another host can do neither", async () => {
    const { bea, bought, type } = await paidOrder(1, 1);
    const { requestId } = await requestCancellation(database.db, {
      reference: bought.reference,
      userId: bea.id,
      reason: "Changed my mind",
      now,
    });
    const otherHost = await createHost(database.db, { email: "other-host@example.com" });
    expect(
      (await errorOf(approveCancellation(database.db, provider, { requestId, hostId: otherHost.id, refund: "", now })))
        .code,
    ).toBe("not_found");
    expect(
      (await errorOf(approveCancellation(database.db, provider, { requestId: "not-a-uuid", hostId, refund: "", now })))
        .code,
    ).toBe("not_found");
    expect(
      (await errorOf(declineCancellation(database.db, { requestId, hostId: otherHost.id, message: "", now }))).code,
    ).toBe("not_found");
    await declineCancellation(database.db, { requestId, hostId, message: "Sorry, no refunds within 48 hours.", now });
    expect(
      (await database.db.select().from(cancellationRequest).where(eq(cancellationRequest.id, requestId)))[0],
    ).toMatchObject({ status: "declined", hostMessage: "Sorry, no refunds within 48 hours." });
    expect(await orderOf(bought.orderId)).toMatchObject({ status: "paid" });
    expect(await stockOf(type.id)).toEqual({ sold: 1, held: 0 });
    expect(
      (await errorOf(approveCancellation(database.db, provider, { requestId, hostId, refund: "", now }))).details
        ?.reason,
    ).toBe("declined");
    // Declined, the buyer may ask again.
    expect(
      (
        await requestCancellation(database.db, {
          reference: bought.reference,
          userId: bea.id,
          reason: "Please reconsider",
          now,
        })
      ).created,
    ).toBe(true);
  });

  it("finishes an approval left half-way by a stopped instance, without refunding twice", async () => {
    const { bea, bought } = await paidOrder(1, 1);
    const { requestId } = await requestCancellation(database.db, {
      reference: bought.reference,
      userId: bea.id,
      reason: "Moving away",
      now,
    });
    // As if an instance claimed the decision and refunded, then stopped before recording it.
    await database.db
      .update(cancellationRequest)
      .set({ status: "refunding", refundPence: bought.totalPence, decidedBy: hostId, decidedAt: now })
      .where(eq(cancellationRequest.id, requestId));
    const o = await orderOf(bought.orderId);
    await provider.refund({
      providerPaymentId: o.providerPaymentId!,
      amountPence: bought.totalPence,
      idempotencyKey: `cancel-${requestId}-${bought.totalPence}`,
    });

    expect(await resumeStuckRefunds(database.db, provider, new Date(now.getTime() + 5 * 60_000))).toHaveLength(0);
    const resumed = await resumeStuckRefunds(database.db, provider, new Date(now.getTime() + 11 * 60_000));
    expect(resumed).toEqual([expect.objectContaining({ outcome: "approved", created: true })]);
    expect(
      await database.db
        .select()
        .from(testRefund)
        .where(and(eq(testRefund.paymentIntentId, o.providerPaymentId!))),
    ).toHaveLength(1);
    expect(await orderOf(bought.orderId)).toMatchObject({ status: "refunded", refundedPence: bought.totalPence });
  });
});

describe("free orders", () => {
  it("are cancelled by the buyer at once, and their places go back on sale", async () => {
    const { bea, bought, type } = await paidOrder(2, 2, 0);
    expect(await stockOf(type.id)).toEqual({ sold: 2, held: 0 });
    expect(
      (
        await errorOf(
          requestCancellation(database.db, { reference: bought.reference, userId: bea.id, reason: "x", now }),
        )
      ).details?.reason,
    ).toBe("free");
    await cancelFreeOrder(database.db, { reference: bought.reference, userId: bea.id, now });
    expect(await orderOf(bought.orderId)).toMatchObject({ status: "cancelled", cancelledAt: now });
    expect(await stockOf(type.id)).toEqual({ sold: 0, held: 0 });
    expect(
      (await errorOf(cancelFreeOrder(database.db, { reference: bought.reference, userId: bea.id, now }))).code,
    ).toBe("conflict");
  });
});
