import type { Logger } from "pino";
import type { Database } from "~/db/client.server";
import type { PaymentProvider } from "~/services/payment-provider";
import { releaseHolds } from "~/services/release-holds";
import { pendingPayments } from "~/services/settle-payment";
import type { Mailer } from "../email/mailer";
import { settleAndNotify } from "../payments/settle.server";
import type { TicketCodes } from "../ticket-codes.server";
import { type JobQueue, registerWorker } from "./boss.server";

export const HOLD_SWEEP_QUEUE = "holds.sweep";
export const RECONCILE_QUEUE = "payments.reconcile";

/**
 * Background work for bookings, on every instance (pg-boss hands each run to one of them):
 * - every minute, holds that ran out give their stock back (claims also do this for their event);
 * - every five minutes, payments still pending after fifteen are asked about at the provider and
 *   settled, so a buyer who closed the tab after paying still gets their tickets (or a refund).
 */
export async function startBookingJobs(opts: { boss: JobQueue; database: Database; payments: PaymentProvider; ticketCodes: TicketCodes; mailer: Mailer; publicUrl: string; logger: Logger }) {
  const { boss, database, logger } = opts;
  const db = database.db;
  await registerWorker({ boss, database }, HOLD_SWEEP_QUEUE, { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false }, async () => {
    const released = await releaseHolds(db, { now: new Date() });
    if (released.length > 0) logger.info({ holds: released.length }, "released expired holds");
  });
  await registerWorker({ boss, database }, RECONCILE_QUEUE, { retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false }, async () => {
    for (const sessionId of await pendingPayments(db, new Date(Date.now() - 15 * 60_000))) {
      try {
        await settleAndNotify({ db, provider: opts.payments, sign: opts.ticketCodes.sign, mailer: opts.mailer, publicUrl: opts.publicUrl }, sessionId, new Date());
      } catch (error) {
        logger.warn({ err: error, sessionId }, "could not settle a pending payment");
      }
    }
  });
  await boss.schedule(HOLD_SWEEP_QUEUE, "* * * * *");
  await boss.schedule(RECONCILE_QUEUE, "*/5 * * * *");
}
