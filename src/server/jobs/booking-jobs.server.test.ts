import { and, eq, inArray } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { discount, hold, payment, testPaymentSession, ticketType } from "~/db/schema";
import { holdTickets } from "~/services/hold-tickets";
import { startPayment } from "~/services/settle-payment";
import { createEvent, createHost } from "../../../tests/factories/events";
import { recordedWork } from "../../../tests/factories/after-commit";
import { createBuyer } from "../../../tests/factories/orders";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { createTestProvider } from "../payments/test-provider.server";
import { createTicketCodes } from "../ticket-codes.server";
import { type JobQueue, startJobs, stopJobs } from "./boss.server";
import { reconcilePayments } from "./booking-jobs.server";

const publicUrl = "https://tickets.example";
const logger = pino({ level: "silent" });
let database: Database;
let boss: JobQueue;
let deps: Parameters<typeof reconcilePayments>[0];
let provider: ReturnType<typeof createTestProvider>;
let hostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  boss = await startJobs(database, { logger, maintenance: false });
  provider = createTestProvider(database.db, publicUrl);
  deps = {
    db: database.db,
    provider,
    sign: createTicketCodes("a test ticket secret that is long enough").sign,
    logger,
  };
  hostId = (await createHost(database.db)).id;
});
afterAll(async () => {
  await stopJobs(boss);
  await database.close();
});

async function opened() {
  const db = database.db;
  const now = new Date();
  const buyer = await createBuyer(db);
  const e = await createEvent(db, { hostId, startsAt: new Date(now.getTime() + 14 * 86_400_000) });
  const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  const held = await holdTickets(db, {
    eventId: e.id,
    userId: buyer.id,
    lines: [{ ticketTypeId: type!.id, quantity: 1 }],
    now,
  });
  const started = await startPayment(db, provider, {
    holdId: held.holdId,
    userId: buyer.id,
    email: buyer.email,
    publicUrl,
    now,
  });
  return {
    buyer,
    holdId: held.holdId,
    paymentId: started.paymentId,
    sessionId: started.redirectUrl.split("/pay/test/")[1]!,
  };
}

/** A second session for the same hold, as recorded before one-session-per-hold (kept as closing by the migration). */
async function olderDuplicate(holdId: string, email: string) {
  const paymentId = crypto.randomUUID();
  const s = await provider.createCheckout({
    paymentId,
    amountPence: 1010,
    currency: "GBP",
    description: "1 ticket",
    customerEmail: email,
    successUrl: `${publicUrl}/s`,
    cancelUrl: `${publicUrl}/c`,
    expiresAt: new Date(Date.now() + 10 * 60_000),
  });
  await database.db.insert(payment).values({
    id: paymentId,
    holdId,
    provider: "test",
    providerSessionId: s.sessionId,
    amountPence: 1010,
    status: "closing",
  });
  return s.sessionId;
}

describe("payment reconciliation", () => {
  it("ends every unfinished payment in a final state in one run, and has nothing to do the next", async () => {
    const db = database.db;
    // Paid twice: both sessions of one hold paid.
    const twice = await opened();
    const duplicate = await olderDuplicate(twice.holdId, twice.buyer.email);
    await provider.pay(twice.sessionId, "success", new Date());
    await provider.pay(duplicate, "success", new Date());
    // Paid, but the total changed meanwhile.
    const changed = await opened();
    await provider.pay(changed.sessionId, "success", new Date());
    const [d] = await db
      .insert(discount)
      .values({ hostId, name: "Half", code: `half${crypto.randomUUID().slice(0, 6)}`, kind: "percent", value: 5000 })
      .returning();
    await db.update(hold).set({ discountId: d!.id }).where(eq(hold.id, changed.holdId));
    // Never paid: the provider's session ran out.
    const lapsed = await opened();
    await db
      .update(testPaymentSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(testPaymentSession.id, lapsed.sessionId));
    // A session the provider has never heard of.
    const unknown = await opened();
    await db.update(payment).set({ providerSessionId: "cs_test_never_made" }).where(eq(payment.id, unknown.paymentId));
    // A session opened with another provider (Stripe, before a switch): not asked about here.
    const elsewhere = await opened();
    await db
      .update(payment)
      .set({ provider: "stripe", providerSessionId: "cs_live_elsewhere" })
      .where(eq(payment.id, elsewhere.paymentId));

    const later = new Date(Date.now() + 20 * 60_000);
    expect(await reconcilePayments(deps, later)).toEqual({
      [twice.sessionId]: "paid",
      [duplicate]: "refunded",
      [changed.sessionId]: "refunded",
      [lapsed.sessionId]: "expired",
      cs_test_never_made: "expired",
    });
    expect(await reconcilePayments(deps, later)).toEqual({});

    const statuses = await db
      .select({ id: payment.providerSessionId, status: payment.status, reason: payment.refundReason })
      .from(payment)
      .where(inArray(payment.holdId, [twice.holdId, changed.holdId, lapsed.holdId, unknown.holdId]));
    expect(Object.fromEntries(statuses.map((s) => [s.id, [s.status, s.reason]]))).toEqual({
      [twice.sessionId]: ["paid", null],
      [duplicate]: ["refunded", "already_paid"],
      [changed.sessionId]: ["refunded", "amount_changed"],
      [lapsed.sessionId]: ["expired", null],
      cs_test_never_made: ["expired", null],
    });
    // Each refund's email is recorded once, by the settle that recorded the refund, for after its commit.
    const refunded = await db
      .select({ id: payment.id })
      .from(payment)
      .where(and(inArray(payment.holdId, [twice.holdId, changed.holdId]), eq(payment.status, "refunded")));
    expect(refunded).toHaveLength(2);
    for (const p of refunded) expect(await recordedWork(db, "payment-refunded", { paymentId: p.id })).toHaveLength(1);
  });
});
