import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import type { PaymentProvider } from "~/services/payment-provider";
import { resumeStuckRefunds } from "~/services/decide-cancellation";
import { payOutDueEvents } from "~/services/host-payouts";
import type { TicketSigner } from "~/services/complete-order";
import { sendEventReminders, sendWaitlistOffers, type UnsubscribeLinks } from "~/services/emails/after-sale";
import { sendEventSummaries, sendMonthlySummaries } from "~/services/emails/host-summaries";
import type { Mailer } from "~/services/mailer";
import { settlePayment, unsettledPayments, type SettleResult } from "~/services/settle-payment";
import { sweepLapsedHolds } from "~/services/waitlist-offers";
import type { TicketCodes } from "../ticket-codes.server";
import { type JobQueue, registerWorker } from "./boss.server";

export const HOLD_SWEEP_QUEUE = "holds.sweep";
export const RECONCILE_QUEUE = "payments.reconcile";
export const REMINDERS_QUEUE = "events.remind";
export const SUMMARIES_QUEUE = "reports.summaries";
export const PAYOUTS_QUEUE = "payouts.run";

/**
 * Background work for bookings, on every instance (pg-boss hands each run to one of them):
 * - every minute, holds that ran out give their stock back (claims also do this for their event),
 *   and freed places go to the waitlist (whose emails are after-commit work, see after-commit.server.ts);
 * - every five minutes, payments not yet final after fifteen are asked about at the provider and
 *   settled, so a buyer who closed the tab after paying still gets their tickets (or a refund),
 *   replaced sessions are closed, refunds left without an answer are asked again with their key,
 *   and approved cancellations stopped between the refund and its record are finished. Each run
 *   ends a payment in a final state (paid, refunded, expired) unless the provider cannot be
 *   reached, and a session the provider does not know is final too;
 * - every hour, the day-before reminders that are due, and payouts of what we collected for events
 *   now due (decision 0041);
 * - every hour, hosts' summaries that are due (last month's on the first, an event's once it is over),
 *   each once, to hosts who asked for them.
 */
/**
 * One run of payment reconciliation: every payment of this provider not yet final fifteen minutes
 * after it began is settled (see settlePayment), and each ends paid, refunded or expired unless
 * the provider cannot be reached, when the next run asks again. Answers what became of each.
 */
export async function reconcilePayments(
  deps: { db: Database["db"]; provider: PaymentProvider; sign: TicketSigner; logger: Logger },
  now: Date,
): Promise<Record<string, SettleResult["state"] | "failed">> {
  const { logger } = deps;
  const outcomes: Record<string, SettleResult["state"] | "failed"> = {};
  for (const sessionId of await unsettledPayments(deps.db, {
    olderThan: new Date(now.getTime() - 15 * 60_000),
    provider: deps.provider.name,
  })) {
    try {
      const result = await settlePayment(deps.db, deps.provider, { sessionId, now, sign: deps.sign });
      outcomes[sessionId] = result.state;
      if (result.state === "refund_refused")
        logger.error(
          { sessionId, paymentId: result.paymentId },
          "the payment provider refused a refund: a person must return this money",
        );
      else if (result.state === "refunded" && result.created)
        logger.info({ sessionId, reason: result.reason }, "refunded a payment that could not become an order");
    } catch (error) {
      // The provider could not be asked, or a refund's answer did not come: the next run asks
      // again (with the same refund key). Nothing that cannot pass with time is thrown here.
      outcomes[sessionId] = "failed";
      logger.warn({ err: error, sessionId }, "could not settle a payment");
    }
  }
  return outcomes;
}

export async function startBookingJobs(opts: {
  boss: JobQueue;
  database: Database;
  payments: PaymentProvider;
  ticketCodes: TicketCodes;
  mailer: Mailer;
  publicUrl: string;
  unsubscribe: UnsubscribeLinks;
  logger: Logger;
  /** Woken after a run that may have recorded after-commit work (offers, refunds, cancellations). */
  afterCommit: { wake(): void };
}) {
  const { boss, database, logger } = opts;
  const db = database.db;
  await registerWorker(
    { boss, database },
    HOLD_SWEEP_QUEUE,
    { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false },
    async () => {
      const now = new Date();
      const { released, offered } = await sweepLapsedHolds(db, now);
      if (released.length > 0)
        logger.info({ holds: released.length, offered: offered.length }, "released expired holds");
      opts.afterCommit.wake();
      // Offers never told (made before after-commit work existed, or by work that gave up): told now.
      const sent = await sendWaitlistOffers({ db, mailer: opts.mailer, publicUrl: opts.publicUrl }, now);
      if (sent > 0) logger.info({ offers: sent }, "sent waitlist offers");
    },
  );
  await registerWorker(
    { boss, database },
    RECONCILE_QUEUE,
    { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false },
    async () => {
      await reconcilePayments({ db, provider: opts.payments, sign: opts.ticketCodes.sign, logger }, new Date());
      for (const done of await resumeStuckRefunds(db, opts.payments, new Date()).catch(
        (error: unknown) => (logger.warn({ err: error }, "could not finish stuck refunds"), []),
      )) {
        if (done.outcome === "approved" && done.created)
          logger.info({ requestId: done.requestId }, "finished a refund stopped half-way");
      }
      opts.afterCommit.wake();
    },
  );
  await registerWorker(
    { boss, database },
    REMINDERS_QUEUE,
    { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false },
    async () => {
      const sent = await sendEventReminders(
        { db, mailer: opts.mailer, publicUrl: opts.publicUrl, unsubscribe: opts.unsubscribe },
        new Date(),
      );
      if (sent > 0) logger.info({ reminders: sent }, "sent event reminders");
    },
  );
  await registerWorker(
    { boss, database },
    SUMMARIES_QUEUE,
    { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false },
    async () => {
      const deps = { db, mailer: opts.mailer, publicUrl: opts.publicUrl };
      const now = new Date();
      const months = await sendMonthlySummaries(deps, now);
      const events = await sendEventSummaries(deps, now);
      if (months + events > 0) logger.info({ months, events }, "sent hosts' summaries");
    },
  );
  await registerWorker(
    { boss, database },
    PAYOUTS_QUEUE,
    { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false },
    async () => {
      const paid = await payOutDueEvents(db, opts.payments, new Date());
      if (paid.length > 0) logger.info({ payouts: paid.length }, "paid hosts what was due");
    },
  );
  await boss.schedule(HOLD_SWEEP_QUEUE, "* * * * *");
  await boss.schedule(PAYOUTS_QUEUE, "25 * * * *");
  await boss.schedule(RECONCILE_QUEUE, "*/5 * * * *");
  await boss.schedule(REMINDERS_QUEUE, "5 * * * *");
  await boss.schedule(SUMMARIES_QUEUE, "20 * * * *");
}
