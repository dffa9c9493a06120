import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cancellationRequest, order, waitlistEntry } from "~/db/schema";
import { mayDo } from "~/domain/event-life-cycle";
import { AppError } from "~/lib/app-error";
import { studioMessages } from "~/texts/studio-messages";
import { afterCommit } from "./after-commit";
import { returnOrderStock } from "./cancel-order";
import { moveStatus, releaseEventHolds } from "./change-event-status";
import { refundAndFinish } from "./decide-cancellation";
import { ownEvent } from "./event-sales";
import { eventPaidOut, lockEventPayout } from "./host-payouts";
import type { PaymentProvider } from "./payment-provider";
import { syncWaitlistFlags } from "./waitlist-offers";

/** What the cancelled event's buyers were told, by the person who cancelled it. */
export const EVENT_CANCELLED_REASON = "The host cancelled the event.";

/** Refunds made in the request that cancels an event; the reconciliation job makes the rest. */
export const REFUNDS_IN_REQUEST = 25;

export interface EventRefunds {
  /** Orders refunded by this call. */
  refunded: number;
  /** Refunds still to make (the provider did not answer, or more than one request makes). */
  waiting: number;
}

/**
 * The host cancels one of their events. In one transaction: the event is marked cancelled by one
 * conditional update (from the state its sales were judged in), places held at checkout go back,
 * free orders are cancelled with their places, each paid order still standing gets its refund
 * queued as a cancellation request claimed straight into `refunding` for everything it has left
 * to give back (decision 0013's state machine; an open request of the buyer's is taken over),
 * everyone still on its waitlist is taken off it, and everyone holding a ticket or waiting is
 * emailed once it has committed. Then the refunds are made, each once:
 * a refund is keyed by its request at the provider, and a request moves to `approved` by one
 * conditional update, so an instance that stops between orders leaves the rest `refunding` for the
 * next call or the reconciliation job, and nobody is refunded twice. Only the host's own event.
 */
export async function cancelEvent(
  db: Db,
  provider: PaymentProvider,
  input: { eventId: string; hostId: string; actedBy: string; now: Date },
): Promise<{ eventId: string; freeCancelled: number; refunds: EventRefunds }> {
  const { eventId, freeCancelled } = await db.transaction(async (tx) => {
    const e = await ownEvent(tx, input);
    const verdict = mayDo("cancel", e.lifeCycle, e.sales);
    if (!verdict.ok) throw new AppError("conflict", verdict.message, { reason: "cancel" });
    // Cancelling refunds every buyer: never out of takings already paid to the host (the payout job
    // takes the same lock, so the two take turns).
    await lockEventPayout(tx, e.id);
    if (await eventPaidOut(tx, e.id))
      throw new AppError("conflict", studioMessages.paidOutRefunds, { reason: "paid_out" });
    await moveStatus(tx, e, { isCancelled: true, updatedAt: input.now });
    await releaseEventHolds(tx, e.id, input.now);

    const free = await tx
      .update(order)
      .set({ status: "cancelled", cancelledAt: input.now })
      .where(and(eq(order.eventId, e.id), eq(order.status, "free")))
      .returning({ id: order.id });
    for (const o of free) {
      await returnOrderStock(tx, o.id, input.now);
      await afterCommit(tx, { kind: "event-cancelled", orderId: o.id, refundPence: 0 });
    }

    // A buyer's own request still waiting for the host becomes this refund, for everything left.
    await tx.execute(sql`
      update ${cancellationRequest} r
      set status = 'refunding', origin = 'event_cancelled', refund_pence = o.total_pence - o.refunded_pence,
          decided_by = ${input.actedBy}, decided_at = ${input.now}
      from ${order} o
      where o.id = r.order_id and o.event_id = ${e.id} and o.status = 'paid' and r.status = 'pending'`);
    // Every other paid order: a request of its own, already refunding. One already refunding (a
    // host's approval under way) or approved is left to finish as it is.
    await tx.execute(sql`
      insert into ${cancellationRequest}
        (order_id, requested_by, reason, status, origin, refund_pence, decided_by, created_at, decided_at)
      select o.id, ${input.actedBy}, ${EVENT_CANCELLED_REASON}, 'refunding', 'event_cancelled',
             o.total_pence - o.refunded_pence, ${input.actedBy}, ${input.now}, ${input.now}
      from ${order} o
      where o.event_id = ${e.id} and o.status = 'paid'
        and not exists (select 1 from ${cancellationRequest} r
                        where r.order_id = o.id and r.status in ('pending', 'refunding', 'approved'))`);
    // Every paid order now has its refund under way: theirs, or a host's approval already in flight.
    const paid = await tx
      .select({ id: order.id, refundPence: cancellationRequest.refundPence })
      .from(order)
      .innerJoin(cancellationRequest, eq(cancellationRequest.orderId, order.id))
      .where(and(eq(order.eventId, e.id), eq(order.status, "paid"), eq(cancellationRequest.status, "refunding")));
    for (const o of paid)
      await afterCommit(tx, { kind: "event-cancelled", orderId: o.id, refundPence: o.refundPence ?? 0 });

    // Nobody is left waiting for places that will never come: each is told, and their wait ends.
    const waiting = await tx
      .update(waitlistEntry)
      .set({ status: "lapsed", updatedAt: input.now })
      .where(and(eq(waitlistEntry.eventId, e.id), inArray(waitlistEntry.status, ["waiting", "offered"])))
      .returning({ id: waitlistEntry.id, userId: waitlistEntry.userId });
    for (const w of waiting) await afterCommit(tx, { kind: "waitlist-event-cancelled", entryId: w.id });
    await syncWaitlistFlags(
      tx,
      waiting.map((w) => w.userId),
    );
    return { eventId: e.id, freeCancelled: free.length };
  });
  const refunds = await finishEventRefunds(db, provider, { eventId, hostId: input.hostId, now: input.now });
  return { eventId, freeCancelled, refunds };
}

/**
 * Makes the refunds a cancelled event still owes (requests left `refunding`), up to `limit` of
 * them, each at most once (see cancelEvent). A refund the provider cannot answer for now waits for
 * the next call or the reconciliation job; one it refuses goes back to the host's requests.
 */
export async function finishEventRefunds(
  db: Db,
  provider: PaymentProvider,
  input: { eventId: string; hostId: string; now: Date; limit?: number },
): Promise<EventRefunds> {
  const owed = and(
    eq(order.eventId, input.eventId),
    eq(order.hostId, input.hostId),
    eq(cancellationRequest.origin, "event_cancelled"),
    eq(cancellationRequest.status, "refunding"),
  );
  const due = await db
    .select({ request: cancellationRequest, order })
    .from(cancellationRequest)
    .innerJoin(order, eq(order.id, cancellationRequest.orderId))
    .where(owed)
    .orderBy(asc(order.createdAt), asc(order.id))
    .limit(input.limit ?? REFUNDS_IN_REQUEST);
  let refunded = 0;
  for (const { request, order: o } of due) {
    // One that can't be finished now (no answer from the provider) waits; the rest go ahead.
    const done = await refundAndFinish(db, provider, request, o, input.now).catch(() => null);
    if (done?.outcome === "approved" && done.created) refunded++;
  }
  const [left] = await db
    .select({ waiting: sql<number>`count(*)::int` })
    .from(cancellationRequest)
    .innerJoin(order, eq(order.id, cancellationRequest.orderId))
    .where(owed);
  return { refunded, waiting: Number(left?.waiting ?? 0) };
}
