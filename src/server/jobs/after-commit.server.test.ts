import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "~/db/client.server";
import { afterCommitWork, discount, emailMessage, hold, order, payment, ticketType } from "~/db/schema";
import { afterCommit } from "~/services/after-commit";
import { holdTickets } from "~/services/hold-tickets";
import { settlePayment, startPayment } from "~/services/settle-payment";
import { createEvent, createHost } from "../../../tests/factories/events";
import { createBuyer } from "../../../tests/factories/orders";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { createMailer } from "../email/mailer.server";
import { createTestProvider } from "../payments/test-provider.server";
import { createTicketCodes } from "../ticket-codes.server";
import { AFTER_COMMIT_QUEUE, type AfterCommitWorker, jobsIn, startAfterCommitWork } from "./after-commit.server";
import { type JobQueue, startJobs, stopJobs } from "./boss.server";

const publicUrl = "https://tickets.example";
let database: Database;
const logger = pino({ level: "silent" });
const sign = createTicketCodes("a test ticket secret that is long enough").sign;
let boss: JobQueue | null = null;
let worker: AfterCommitWorker;
let provider: ReturnType<typeof createTestProvider>;
let hostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = createTestProvider(database.db, publicUrl);
  hostId = (await createHost(database.db)).id;
});
afterAll(async () => {
  if (boss) await stopJobs(boss);
  await database.close();
});

/**
 * The job queue, the mailer and the after-commit worker, started the first time a test asks: so
 * the first test's use case commits while nothing else runs, as if the process stopped right after.
 */
async function jobs(): Promise<{ boss: JobQueue; worker: AfterCommitWorker }> {
  if (!boss) {
    boss = await startJobs(database, { logger, pollingIntervalSeconds: 0.5, maintenance: false });
    const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger, pollingIntervalSeconds: 0.5 });
    worker = await startAfterCommitWork({ boss, database, mailer, publicUrl, logger, pollingIntervalSeconds: 0.5 });
  }
  return { boss, worker };
}

const settle = (sessionId: string) => settlePayment(database.db, provider, { sessionId, now: new Date(), sign });

/** Queues the work recorded so far and waits until none is left (each email stored and queued by then). */
async function doTheWork() {
  const { worker: w } = await jobs();
  await w.sweep();
  await vi.waitFor(async () => expect(await database.db.select().from(afterCommitWork)).toEqual([]), {
    timeout: 15_000,
    interval: 100,
  });
}

async function paidSession(name: string) {
  const db = database.db;
  const now = new Date();
  const buyer = await createBuyer(db);
  const e = await createEvent(db, { hostId, name, startsAt: new Date(now.getTime() + 14 * 86_400_000) });
  const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  const held = await holdTickets(db, {
    eventId: e.id,
    userId: buyer.id,
    lines: [{ ticketTypeId: type!.id, quantity: 2 }],
    now,
  });
  const started = await startPayment(db, provider, {
    holdId: held.holdId,
    userId: buyer.id,
    email: buyer.email,
    publicUrl,
    now,
  });
  const sessionId = started.redirectUrl.split("/pay/test/")[1]!;
  await provider.pay(sessionId, "success", now);
  return { buyer, event: e, holdId: held.holdId, sessionId };
}

const refundEmailsTo = (to: string) =>
  database.db
    .select()
    .from(emailMessage)
    .where(and(eq(emailMessage.toAddress, to), eq(emailMessage.template, "order-refunded")));

describe("work recorded for after the commit", () => {
  it(
    "is done by a worker that starts after the use case committed and nothing else ran (a stop right after the " +
      "commit)",
    async () => {
      const s = await paidSession("Jazz Brunch");
      expect(await settle(s.sessionId)).toMatchObject({ state: "paid", order: { created: true } });
      // Nothing has sent anything: only the record of what to do exists.
      expect(await database.db.select().from(emailMessage).where(eq(emailMessage.toAddress, s.buyer.email))).toEqual(
        [],
      );
      expect((await database.db.select().from(afterCommitWork)).map((r) => r.work)).toContainEqual(
        expect.objectContaining({ kind: "order-confirmation" }),
      );

      await doTheWork();
      const [confirmation] = await database.db
        .select()
        .from(emailMessage)
        .where(and(eq(emailMessage.toAddress, s.buyer.email), eq(emailMessage.template, "order-confirmation")));
      expect(confirmation!.subject).toContain("Your tickets for Jazz Brunch");
      await vi.waitFor(
        async () =>
          expect(
            (await database.db.select().from(emailMessage).where(eq(emailMessage.id, confirmation!.id)))[0]!.status,
          ).toBe("sent"),
        { timeout: 15_000, interval: 100 },
      );
    },
  );

  it("is not recorded, nor its job queued, when the transaction that made it rolls back", async () => {
    const { boss: b } = await jobs();
    let jobId: string | null = null;
    await expect(
      database.db.transaction(async (tx) => {
        await afterCommit(tx, { kind: "cancellation-requested", requestId: crypto.randomUUID() });
        jobId = await b.send(AFTER_COMMIT_QUEUE, { workId: crypto.randomUUID() }, { db: jobsIn(tx) });
        throw new Error("the use case failed after recording its work");
      }),
    ).rejects.toThrow("the use case failed");
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await b.getJobById(AFTER_COMMIT_QUEUE, jobId!)).toBeNull();
    expect(await database.db.select().from(afterCommitWork)).toEqual([]);
  });

  it("queues a job in the caller's transaction, which exists once that commits", async () => {
    const { boss: b } = await jobs();
    const workId = crypto.randomUUID();
    // A job for a row that does not exist: the worker finds nothing to do and completes it.
    const jobId = await database.db.transaction((tx) => b.send(AFTER_COMMIT_QUEUE, { workId }, { db: jobsIn(tx) }));
    const job = await b.getJobById(AFTER_COMMIT_QUEUE, jobId!);
    expect(job?.data).toEqual({ workId });
  });
});

describe("telling the buyer about a refund", () => {
  it("emails once, saying the total changed, when the amount paid no longer matches", async () => {
    const s = await paidSession("Quiz Night");
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
    await database.db.update(hold).set({ discountId: d!.id }).where(eq(hold.id, s.holdId));

    await Promise.all([settle(s.sessionId), settle(s.sessionId)]);
    await doTheWork();
    const emails = await refundEmailsTo(s.buyer.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("We couldn't book your tickets for Quiz Night: you've been refunded");
    expect(emails[0]!.text).toContain("changed while you were paying");
    expect(emails[0]!.text).toContain("We've refunded the full £20.20.");
  });

  it("emails once, pointing to the tickets, when a second payment for the same hold was refunded", async () => {
    const s = await paidSession("Folk Club");
    // The hold was paid for through another session a moment earlier (recorded as its order).
    await settle(s.sessionId);
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
    await database.db.insert(payment).values({
      id: secondId,
      holdId: s.holdId,
      provider: "test",
      providerSessionId: second.sessionId,
      amountPence: 2020,
      status: "closing",
    });
    await provider.pay(second.sessionId, "success", new Date());

    expect(await settle(second.sessionId)).toMatchObject({
      state: "refunded",
      reason: "already_paid",
      orderReference: first!.reference,
      created: true,
    });
    await settle(second.sessionId);
    await doTheWork();
    const emails = await refundEmailsTo(s.buyer.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe("You paid twice for Folk Club: we've refunded the second payment");
    expect(emails[0]!.text).toContain(`Your tickets stand (order ${first!.reference})`);
    expect(emails[0]!.html).toContain(`${publicUrl}/orders/${first!.reference}`);
  });
});
