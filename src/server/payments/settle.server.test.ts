import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { discount, emailMessage, hold, order, payment, ticketType } from "~/db/schema";
import { holdTickets } from "~/services/hold-tickets";
import { startPayment } from "~/services/settle-payment";
import { createEvent, createHost } from "../../../tests/factories/events";
import { createBuyer } from "../../../tests/factories/orders";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { createMailer } from "../email/mailer.server";
import { type JobQueue, startJobs, stopJobs } from "../jobs/boss.server";
import { createTicketCodes } from "../ticket-codes.server";
import { settleAndNotify, type SettleDeps } from "./settle.server";
import { createTestProvider } from "./test-provider.server";

const publicUrl = "https://tickets.example";
let database: Database;
let boss: JobQueue;
let deps: SettleDeps;
let provider: ReturnType<typeof createTestProvider>;
let hostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  boss = await startJobs(database, { logger: pino({ level: "silent" }), maintenance: false });
  provider = createTestProvider(database.db, publicUrl);
  const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
  deps = { db: database.db, provider, sign: createTicketCodes("a test ticket secret that is long enough").sign, mailer, publicUrl };
  hostId = (await createHost(database.db)).id;
});
afterAll(async () => {
  await stopJobs(boss);
  await database.close();
});

async function paidSession(name: string) {
  const db = database.db;
  const now = new Date();
  const buyer = await createBuyer(db);
  const e = await createEvent(db, { hostId, name, startsAt: new Date(now.getTime() + 14 * 86_400_000) });
  const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  const held = await holdTickets(db, { eventId: e.id, userId: buyer.id, lines: [{ ticketTypeId: type!.id, quantity: 2 }], now });
  const started = await startPayment(db, provider, { holdId: held.holdId, userId: buyer.id, email: buyer.email, publicUrl, now });
  const sessionId = started.redirectUrl.split("/pay/test/")[1]!;
  await provider.pay(sessionId, "success", now);
  return { buyer, event: e, holdId: held.holdId, sessionId };
}

const refundEmailsTo = (to: string) =>
  database.db
    .select()
    .from(emailMessage)
    .where(and(eq(emailMessage.toAddress, to), eq(emailMessage.template, "order-refunded")));

describe("telling the buyer about a refund", () => {
  it("emails once, saying the total changed, when the amount paid no longer matches", async () => {
    const s = await paidSession("Quiz Night");
    const [d] = await database.db.insert(discount).values({ hostId, name: "Half price", code: `half${crypto.randomUUID().slice(0, 6)}`, kind: "percent", value: 5000 }).returning();
    await database.db.update(hold).set({ discountId: d!.id }).where(eq(hold.id, s.holdId));

    await Promise.all([settleAndNotify(deps, s.sessionId, new Date()), settleAndNotify(deps, s.sessionId, new Date())]);
    const emails = await refundEmailsTo(s.buyer.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("We couldn't book your tickets for Quiz Night: you've been refunded");
    expect(emails[0]!.text).toContain("changed while you were paying");
    expect(emails[0]!.text).toContain("We've refunded the full £20.20.");
  });

  it("emails once, pointing to the tickets, when a second payment for the same hold was refunded", async () => {
    const s = await paidSession("Folk Club");
    // The hold was paid for through another session a moment earlier (recorded as its order).
    await settleAndNotify(deps, s.sessionId, new Date());
    const [first] = await database.db.select().from(order).where(eq(order.holdId, s.holdId));
    const secondId = crypto.randomUUID();
    const second = await provider.createCheckout({
      paymentId: secondId,
      amountPence: 2020,
      currency: "GBP",
      description: "2 tickets: Folk Club",
      customerEmail: s.buyer.email,
      successUrl: `${publicUrl}/x`,
      cancelUrl: `${publicUrl}/y`,
      expiresAt: new Date(Date.now() + 10 * 60_000),
    });
    await database.db.insert(payment).values({ id: secondId, holdId: s.holdId, provider: "test", providerSessionId: second.sessionId, amountPence: 2020, status: "closing" });
    await provider.pay(second.sessionId, "success", new Date());

    expect(await settleAndNotify(deps, second.sessionId, new Date())).toMatchObject({ state: "refunded", reason: "already_paid", orderReference: first!.reference, created: true });
    await settleAndNotify(deps, second.sessionId, new Date());
    const emails = await refundEmailsTo(s.buyer.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("You paid twice for Folk Club: we've refunded the second payment");
    expect(emails[0]!.text).toContain(`Your tickets stand (order ${first!.reference})`);
    expect(emails[0]!.html).toContain(`${publicUrl}/orders/${first!.reference}`);
  });
});
