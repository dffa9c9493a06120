import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { discount, event, hold, order, payment, testPaymentSession, testRefund, ticket, ticketType } from "~/db/schema";
import { createTestProvider } from "~/server/payments/test-provider.server";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { createBuyer } from "../../tests/factories/orders";
import { recordedWork } from "../../tests/factories/after-commit";
import { createTestDatabase } from "../../tests/setup/test-db";
import { getOrder } from "./get-order";
import { holdTickets } from "./hold-tickets";
import { RefundRefusedError, type PaymentProvider } from "./payment-provider";
import { settlePayment, startPayment, unsettledPayments } from "./settle-payment";

const codes = createTicketCodes("a test ticket secret that is long enough");
const publicUrl = "https://tickets.example";
let database: Database;
let provider: ReturnType<typeof createTestProvider>;
let hostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = createTestProvider(database.db, publicUrl);
  hostId = (await createHost(database.db)).id;
});
afterAll(async () => {
  await database.close();
});

/** A buyer holding `quantity` £10 tickets for a new event, as checkout does. */
async function holding(quantity = 1, capacity = 10) {
  const db = database.db;
  const now = new Date();
  const buyer = await createBuyer(db);
  const e = await createEvent(db, { hostId, startsAt: new Date(now.getTime() + 14 * 86_400_000) }, [
    { pricePence: 1000, capacity },
  ]);
  const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  const held = await holdTickets(db, {
    eventId: e.id,
    userId: buyer.id,
    lines: [{ ticketTypeId: type!.id, quantity }],
    now,
  });
  const pay = (at = new Date()) =>
    startPayment(db, provider, { holdId: held.holdId, userId: buyer.id, email: buyer.email, publicUrl, now: at });
  return { buyer, event: e, ticketTypeId: type!.id, holdId: held.holdId, totalPence: held.breakdown.totalPence, pay };
}

const paymentsOf = (holdId: string) => database.db.select().from(payment).where(eq(payment.holdId, holdId));
const sessionIdOf = (redirectUrl: string) => redirectUrl.split("/pay/test/")[1]!;
const settle = (sessionId: string, using: PaymentProvider = provider) =>
  settlePayment(database.db, using, { sessionId, now: new Date(), sign: codes.sign });
/** The buyer's refund email, recorded as after-commit work by the settle that recorded the refund. */
const refundNotices = (paymentId: string) => recordedWork(database.db, "payment-refunded", { paymentId });
const refundsFor = (paymentIntentId: string) =>
  database.db.select().from(testRefund).where(eq(testRefund.paymentIntentId, paymentIntentId));

/** The hold's total changes while the buyer pays: the host's half-price code now applies to it. */
async function halvePrice(holdId: string) {
  const [d] = await database.db
    .insert(discount)
    .values({
      hostId,
      name: "Half price",
      code: `half${crypto.randomUUID().slice(0, 6)}`,
      kind: "percent",
      value: 5000,
    })
    .returning();
  await database.db.update(hold).set({ discountId: d!.id }).where(eq(hold.id, holdId));
}

/**
 * Two sessions for one hold, both open, as payments recorded before one-session-per-hold could
 * leave them (the migration keeps the newest pending and marks the others closing).
 */
async function twoOpenSessions(h: Awaited<ReturnType<typeof holding>>) {
  const first = await h.pay();
  const [p] = await paymentsOf(h.holdId);
  const paymentId = crypto.randomUUID();
  const second = await provider.createCheckout({
    paymentId,
    amountPence: p!.amountPence,
    currency: "GBP",
    description: "1 ticket",
    customerEmail: h.buyer.email,
    successUrl: `${publicUrl}/checkout/${h.holdId}/return?payment=${paymentId}`,
    cancelUrl: `${publicUrl}/checkout/${h.holdId}?cancelled=1`,
    expiresAt: new Date(Date.now() + 10 * 60_000),
  });
  await database.db.insert(payment).values({
    id: paymentId,
    holdId: h.holdId,
    provider: "test",
    providerSessionId: second.sessionId,
    amountPence: p!.amountPence,
    status: "closing",
  });
  return { first: sessionIdOf(first.redirectUrl), second: second.sessionId };
}

describe("one open provider session per hold", () => {
  it("sends a second press of Pay to the session the first opened", async () => {
    const h = await holding();
    const first = await h.pay();
    const second = await h.pay();
    expect(second).toEqual(first);
    expect(await paymentsOf(h.holdId)).toEqual([
      expect.objectContaining({ id: first.paymentId, status: "pending", amountPence: h.totalPence }),
    ]);
  });

  it("ends with one open session when Pay is pressed five times at the same moment", async () => {
    const h = await holding();
    const answers = await Promise.all(Array.from({ length: 5 }, () => h.pay()));
    expect(new Set(answers.map((a) => a.redirectUrl)).size).toBe(1);
    const rows = await paymentsOf(h.holdId);
    expect(rows.filter((p) => p.status === "pending")).toEqual([
      expect.objectContaining({ id: answers[0]!.paymentId }),
    ]);
    // Any session opened by a press that lost the race was closed at the provider, never shown.
    expect(rows.every((p) => p.status === "pending" || p.status === "expired")).toBe(true);
    for (const p of rows) {
      const [s] = await database.db
        .select()
        .from(testPaymentSession)
        .where(eq(testPaymentSession.id, p.providerSessionId));
      expect(s!.status).toBe(p.status === "pending" ? "open" : "expired");
    }
  });

  it("expires the earlier session when the total changed, so it can no longer be paid", async () => {
    const h = await holding(2);
    const first = await h.pay();
    await halvePrice(h.holdId);
    const second = await h.pay();
    expect(second.paymentId).not.toBe(first.paymentId);
    const rows = await paymentsOf(h.holdId);
    expect(rows.find((p) => p.id === first.paymentId)).toMatchObject({ status: "expired" });
    expect(rows.find((p) => p.id === second.paymentId)).toMatchObject({ status: "pending", amountPence: 1010 });
    // The buyer still had the first page open in another tab: paying there takes nothing.
    expect(await provider.pay(sessionIdOf(first.redirectUrl), "success", new Date())).toMatchObject({
      outcome: "expired",
    });
    expect(await provider.pay(sessionIdOf(second.redirectUrl), "success", new Date())).toMatchObject({
      outcome: "paid",
    });
    expect(await settle(sessionIdOf(second.redirectUrl))).toMatchObject({ state: "paid" });
  });

  it("sends the buyer to be settled, not to a new session, when the open one was paid meanwhile", async () => {
    const h = await holding();
    const first = await h.pay();
    await provider.pay(sessionIdOf(first.redirectUrl), "success", new Date());
    expect(await h.pay()).toEqual({
      paymentId: first.paymentId,
      redirectUrl: `${publicUrl}/checkout/${h.holdId}/return?payment=${first.paymentId}`,
    });
    expect(await paymentsOf(h.holdId)).toHaveLength(1);
  });
});

describe("a captured payment that cannot become an order", () => {
  it(
    "is refunded once, recorded and told, when a second session for an already-paid hold is paid, even settled five " +
      "times at once",
    async () => {
      const h = await holding();
      const sessions = await twoOpenSessions(h);
      await provider.pay(sessions.first, "success", new Date());
      await provider.pay(sessions.second, "success", new Date());
      expect(await settle(sessions.first)).toMatchObject({ state: "paid" });
      const results = await Promise.all(Array.from({ length: 5 }, () => settle(sessions.second)));
      const [second] = await database.db.select().from(payment).where(eq(payment.providerSessionId, sessions.second));
      expect(second).toMatchObject({ status: "refunded", refundReason: "already_paid", orderId: null });
      expect(second!.refundId).toMatch(/^re_test_/);
      expect(await refundsFor(second!.providerPaymentId!)).toEqual([
        expect.objectContaining({
          id: second!.refundId,
          amountPence: h.totalPence,
          idempotencyKey: `payment-refund-${second!.id}`,
        }),
      ]);
      expect(await refundNotices(second!.id)).toHaveLength(1);
      const [o] = await database.db.select().from(order).where(eq(order.holdId, h.holdId));
      for (const r of results) expect(["refunded", "refunding"]).toContain(r.state);
      expect(results.filter((r) => r.state === "refunded" && r.created)).toEqual([
        {
          state: "refunded",
          paymentId: second!.id,
          reason: "already_paid",
          orderReference: o!.reference,
          created: true,
        },
      ]);
      // One order, one ticket, and asked again later: nothing more.
      expect(await database.db.select().from(ticket).where(eq(ticket.orderId, o!.id))).toHaveLength(1);
      expect(await settle(sessions.second)).toMatchObject({ state: "refunded", created: false });
      expect(await refundsFor(second!.providerPaymentId!)).toHaveLength(1);
    },
  );

  it("is refunded when the amount paid no longer matches the hold, and the buyer can pay the new total", async () => {
    const h = await holding(2);
    const first = await h.pay();
    // The buyer pays on the provider's page at the moment the total changes.
    await provider.pay(sessionIdOf(first.redirectUrl), "success", new Date());
    await halvePrice(h.holdId);
    expect(await settle(sessionIdOf(first.redirectUrl))).toEqual({
      state: "refunded",
      paymentId: first.paymentId,
      reason: "amount_changed",
      orderReference: null,
      created: true,
    });
    const [p] = await paymentsOf(h.holdId);
    expect(p).toMatchObject({ status: "refunded", refundReason: "amount_changed", amountPence: 2020 });
    expect(await refundsFor(p!.providerPaymentId!)).toEqual([expect.objectContaining({ amountPence: 2020 })]);
    expect(await refundNotices(first.paymentId)).toHaveLength(1);
    expect(await database.db.select().from(order).where(eq(order.holdId, h.holdId))).toHaveLength(0);

    const again = await h.pay();
    await provider.pay(sessionIdOf(again.redirectUrl), "success", new Date());
    expect(await settle(sessionIdOf(again.redirectUrl))).toMatchObject({ state: "paid", order: { created: true } });
  });
});

describe("a payment that arrives after the event went off sale", () => {
  it("is refunded as event_closed, and the buyer's order says so", async () => {
    const h = await holding();
    const started = await h.pay();
    await provider.pay(sessionIdOf(started.redirectUrl), "success", new Date());
    // The host cancels the event while the buyer is on the provider's page.
    await database.db.update(event).set({ isCancelled: true }).where(eq(event.id, h.event.id));
    const settled = await settle(sessionIdOf(started.redirectUrl));
    expect(settled).toMatchObject({ state: "refunded", reason: "event_closed", created: true });
    const [o] = await database.db.select().from(order).where(eq(order.holdId, h.holdId));
    const seen = await getOrder(database.db, { orderId: o!.id });
    expect(seen).toMatchObject({ status: "refunded", lateRefundReason: "event_closed", tickets: [] });
    expect(seen!.event.isCancelled).toBe(true);
  });
});

describe("the reconciliation job's view", () => {
  const later = () => new Date(Date.now() + 60_000);
  const listed = async (sessionId: string) =>
    (await unsettledPayments(database.db, { olderThan: later(), provider: "test" })).includes(sessionId);

  it("ends every payment it is given in a final state, and never lists it again", async () => {
    const paidTwice = await holding();
    const sessions = await twoOpenSessions(paidTwice);
    await provider.pay(sessions.first, "success", new Date());
    await provider.pay(sessions.second, "success", new Date());
    const lapsed = await holding();
    const lapsedSession = sessionIdOf((await lapsed.pay()).redirectUrl);
    // The provider's session runs out with nobody paying.
    await database.db
      .update(testPaymentSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(testPaymentSession.id, lapsedSession));

    for (const s of [sessions.first, sessions.second, lapsedSession]) expect(await listed(s)).toBe(true);
    for (const s of await unsettledPayments(database.db, { olderThan: later(), provider: "test" })) await settle(s);
    const statuses = async (holdId: string) => (await paymentsOf(holdId)).map((p) => p.status).sort();
    expect(await statuses(paidTwice.holdId)).toEqual(["paid", "refunded"]);
    expect(await statuses(lapsed.holdId)).toEqual(["expired"]);
    for (const s of [sessions.first, sessions.second, lapsedSession]) expect(await listed(s)).toBe(false);
  });

  it("asks for a refund again, with the same key, when the provider's first answer never came", async () => {
    const h = await holding();
    const sessions = await twoOpenSessions(h);
    await provider.pay(sessions.first, "success", new Date());
    await provider.pay(sessions.second, "success", new Date());
    await settle(sessions.first);
    // The provider takes the refund but the answer is lost (a timeout).
    const lostAnswer: PaymentProvider = {
      ...provider,
      refund: async (input) => {
        await provider.refund(input);
        throw new Error("socket hang up");
      },
    };
    await expect(settle(sessions.second, lostAnswer)).rejects.toThrow("socket hang up");
    const [stuck] = await database.db.select().from(payment).where(eq(payment.providerSessionId, sessions.second));
    expect(stuck).toMatchObject({ status: "refunding", refundReason: "already_paid" });
    expect(await listed(sessions.second)).toBe(true);
    expect(await settle(sessions.second)).toMatchObject({ state: "refunded", created: true });
    expect(await refundsFor(stuck!.providerPaymentId!)).toHaveLength(1);
    expect(await refundNotices(stuck!.id)).toHaveLength(1);
    expect(await listed(sessions.second)).toBe(false);
  });

  it("stops at refund_refused, for a person to act on, when the provider refuses the refund", async () => {
    const h = await holding();
    const sessions = await twoOpenSessions(h);
    await provider.pay(sessions.first, "success", new Date());
    await provider.pay(sessions.second, "success", new Date());
    await settle(sessions.first);
    const refuses: PaymentProvider = {
      ...provider,
      refund: () => Promise.reject(new RefundRefusedError("Charge has been disputed")),
    };
    expect(await settle(sessions.second, refuses)).toMatchObject({ state: "refund_refused" });
    expect(
      (
        await database.db
          .select()
          .from(payment)
          .where(and(eq(payment.holdId, h.holdId), eq(payment.providerSessionId, sessions.second)))
      )[0],
    ).toMatchObject({ status: "refund_refused" });
    expect(await listed(sessions.second)).toBe(false);
  });
});
