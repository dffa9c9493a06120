import { and, asc, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cancellationRequest, event, order, orderLine } from "~/db/schema";
import { CANCEL_FAILED, parseRefund } from "~/domain/cancellation";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { lineLabel } from "~/domain/companion-tickets";
import { studioMessages } from "~/texts/studio-messages";
import { lockEventPayout, paidToHostAccount, refundFollowsPayout } from "./host-payouts";
import { RefundRefusedError, type PaymentProvider } from "./payment-provider";
import { returnOrderStock } from "./cancel-order";
import { afterCommit } from "./after-commit";

export type DecisionResult =
  | {
      outcome: "approved";
      requestId: string;
      orderId: string;
      refundPence: number;
      currency: string;
      offered: string[];
      created: boolean;
    }
  | { outcome: "in_progress"; requestId: string; orderId: string };

/** A request for one of this host's orders (never another host's), with its order. */
async function hostsRequest(db: Db, input: { requestId: string; hostId: string }) {
  if (!isUuid(input.requestId)) throw new AppError("not_found", "No such cancellation request.");
  const [row] = await db
    .select({ request: cancellationRequest, order })
    .from(cancellationRequest)
    .innerJoin(order, eq(order.id, cancellationRequest.orderId))
    .where(and(eq(cancellationRequest.id, input.requestId), eq(order.hostId, input.hostId)))
    .limit(1);
  if (!row) throw new AppError("not_found", "No such cancellation request.");
  return row;
}

/**
 * The host approves a cancellation: refunds the buyer (in full, or the amount typed), voids the
 * tickets and puts their places back on sale. It runs once however often it is pressed: the
 * request moves pending → refunding by one conditional statement, so a second approval, at the
 * same moment or later, finds it taken and changes nothing. The refund carries a key made from
 * the request, so asking the provider again (after a crash) cannot refund twice. If the provider
 * refuses, the request goes back to pending and nothing has changed.
 */
export async function approveCancellation(
  db: Db,
  provider: PaymentProvider,
  input: { requestId: string; hostId: string; refund: string; now: Date; decidedBy?: string },
): Promise<DecisionResult> {
  const { request, order: o } = await hostsRequest(db, input);
  if (request.status === "declined")
    throw new AppError("conflict", "This request was declined.", { reason: "declined" });
  if (request.status !== "pending") return settled(request, o);
  const refund = parseRefund(input.refund, o);
  if (!refund.ok) throw new AppError("validation_failed", refund.error, { field: "refund" });

  const claimed = await db.transaction(async (tx) => {
    // Never a refund out of money already paid to the host: the payout job takes the same lock.
    await lockEventPayout(tx, o.eventId);
    if (await refundFollowsPayout(tx, o))
      throw new AppError("conflict", studioMessages.paidOutRefunds, { reason: "paid_out" });
    const [row] = await tx
      .update(cancellationRequest)
      .set({
        status: "refunding",
        refundPence: refund.pence,
        // Who decided: a team member acting for the host, or the host.
        decidedBy: input.decidedBy ?? input.hostId,
        decidedAt: input.now,
      })
      .where(and(eq(cancellationRequest.id, request.id), eq(cancellationRequest.status, "pending")))
      .returning();
    return row;
  });
  if (!claimed) {
    const [now] = await db.select().from(cancellationRequest).where(eq(cancellationRequest.id, request.id));
    if (now!.status === "declined")
      throw new AppError("conflict", "This request was declined.", { reason: "declined" });
    return settled(now!, o);
  }
  return refundAndFinish(db, provider, claimed, o, input.now);
}

function settled(
  request: typeof cancellationRequest.$inferSelect,
  o: Pick<typeof order.$inferSelect, "id" | "currency">,
): DecisionResult {
  return request.status === "approved"
    ? {
        outcome: "approved",
        requestId: request.id,
        orderId: o.id,
        refundPence: request.refundPence ?? 0,
        currency: o.currency,
        offered: [],
        created: false,
      }
    : { outcome: "in_progress", requestId: request.id, orderId: o.id };
}

/**
 * Refunds a request claimed as `refunding` and finishes it (see approveCancellation); the step that
 * approvals, a cancelled event's refunds and the reconciliation job share.
 */
export async function refundAndFinish(
  db: Db,
  provider: PaymentProvider,
  request: typeof cancellationRequest.$inferSelect,
  o: typeof order.$inferSelect,
  now: Date,
): Promise<DecisionResult> {
  const amount = request.refundPence ?? 0;
  let refundId: string | null = null;
  if (amount > 0) {
    try {
      if (!o.providerPaymentId) throw new RefundRefusedError("The order has no payment to refund");
      // The key names the request and the amount: asked again it is the same refund; a new amount
      // after a refusal is a new one.
      refundId = (
        await provider.refund({
          providerPaymentId: o.providerPaymentId,
          amountPence: amount,
          idempotencyKey: `cancel-${request.id}-${amount}`,
          reverseTransfer: await paidToHostAccount(db, o.providerPaymentId),
        })
      ).refundId;
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      if (!(error instanceof RefundRefusedError)) {
        // The refund may have been made (a timeout): the request stays `refunding`, and the
        // reconciliation job asks again with the same key until the provider answers.
        throw new AppError("payment_failed", CANCEL_FAILED, { cause, reason: "refund_unknown" });
      }
      // Refused: nothing has changed, and the request waits for the host again.
      await db
        .update(cancellationRequest)
        .set({ status: "pending", refundPence: null, decidedBy: null, decidedAt: null })
        .where(and(eq(cancellationRequest.id, request.id), eq(cancellationRequest.status, "refunding")));
      throw new AppError("payment_failed", CANCEL_FAILED, { cause, reason: "refund_refused" });
    }
  }
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(cancellationRequest)
      .set({ status: "approved", refundId })
      .where(and(eq(cancellationRequest.id, request.id), eq(cancellationRequest.status, "refunding")))
      .returning({ id: cancellationRequest.id });
    if (!done) return { outcome: "in_progress" as const, requestId: request.id, orderId: o.id };
    await tx
      .update(order)
      .set({
        status: amount > 0 ? "refunded" : "cancelled",
        refundedPence: sql`${order.refundedPence} + ${amount}`,
        cancelledAt: now,
      })
      .where(eq(order.id, o.id));
    const { offered } = await returnOrderStock(tx, o.id, now);
    await afterCommit(tx, {
      kind: "cancellation-outcome",
      orderId: o.id,
      outcome: request.origin === "event_cancelled" ? "event_cancelled" : "approved",
      refundPence: amount,
      hostMessage: null,
    });
    return {
      outcome: "approved" as const,
      requestId: request.id,
      orderId: o.id,
      refundPence: amount,
      currency: o.currency,
      offered,
      created: true,
    };
  });
}

/** The host declines, with an optional note for the buyer; the order stands. */
export async function declineCancellation(
  db: Db,
  input: { requestId: string; hostId: string; message: string; now: Date; decidedBy?: string },
): Promise<{ orderId: string }> {
  const { request, order: o } = await hostsRequest(db, input);
  const message = input.message.trim().slice(0, 1000) || null;
  return db.transaction(async (tx) => {
    const [declined] = await tx
      .update(cancellationRequest)
      .set({
        status: "declined",
        hostMessage: message,
        decidedBy: input.decidedBy ?? input.hostId,
        decidedAt: input.now,
      })
      .where(and(eq(cancellationRequest.id, request.id), eq(cancellationRequest.status, "pending")))
      .returning({ id: cancellationRequest.id });
    if (!declined) throw new AppError("conflict", "This request has already been decided.", { reason: "decided" });
    await afterCommit(tx, {
      kind: "cancellation-outcome",
      orderId: o.id,
      outcome: "declined",
      refundPence: 0,
      hostMessage: message,
    });
    return { orderId: o.id };
  });
}

/**
 * Approvals stopped between the refund and the record of it (an instance stopped mid-way): asked
 * again with the same refund key, which the provider answers without refunding twice, then finished.
 */
export async function resumeStuckRefunds(db: Db, provider: PaymentProvider, now: Date): Promise<DecisionResult[]> {
  const stuck = await db
    .select({ request: cancellationRequest, order })
    .from(cancellationRequest)
    .innerJoin(order, eq(order.id, cancellationRequest.orderId))
    .where(
      and(
        eq(cancellationRequest.status, "refunding"),
        lt(cancellationRequest.decidedAt, new Date(now.getTime() - 10 * 60_000)),
      ),
    )
    .limit(50);
  const results: DecisionResult[] = [];
  for (const s of stuck) {
    // One that still can't be finished waits for the next run; the rest go ahead.
    const done = await refundAndFinish(db, provider, s.request, s.order, now).catch(() => null);
    if (done) results.push(done);
  }
  return results;
}

/** The host's cancellation requests: pending ones first (oldest first), then the latest decided. */
export async function hostCancellationRequests(db: Db, input: { hostId: string; decidedLimit?: number }) {
  const select = {
    id: cancellationRequest.id,
    status: cancellationRequest.status,
    reason: cancellationRequest.reason,
    refundPence: cancellationRequest.refundPence,
    hostMessage: cancellationRequest.hostMessage,
    createdAt: cancellationRequest.createdAt,
    decidedAt: cancellationRequest.decidedAt,
    order: {
      id: order.id,
      reference: order.reference,
      buyerName: order.buyerName,
      buyerEmail: order.buyerEmail,
      totalPence: order.totalPence,
      refundedPence: order.refundedPence,
      currency: order.currency,
    },
    event: { name: event.name, slug: event.slug, startsAt: event.startsAt },
  };
  const base = () =>
    db
      .select(select)
      .from(cancellationRequest)
      .innerJoin(order, eq(order.id, cancellationRequest.orderId))
      .innerJoin(event, eq(event.id, order.eventId));
  const pending = await base()
    .where(and(eq(order.hostId, input.hostId), inArray(cancellationRequest.status, ["pending", "refunding"])))
    .orderBy(asc(cancellationRequest.createdAt))
    .limit(100);
  const decided = await base()
    .where(and(eq(order.hostId, input.hostId), inArray(cancellationRequest.status, ["approved", "declined"])))
    .orderBy(desc(cancellationRequest.decidedAt))
    .limit(input.decidedLimit ?? 20);
  const lines = await db
    .select({
      orderId: orderLine.orderId,
      name: orderLine.name,
      quantity: orderLine.quantity,
      companion: orderLine.companion,
    })
    .from(orderLine)
    .where(
      inArray(
        orderLine.orderId,
        [...pending, ...decided].map((r) => r.order.id).concat("00000000-0000-0000-0000-000000000000"),
      ),
    );
  const linesOf = (orderId: string) =>
    lines
      .filter((l) => l.orderId === orderId)
      .map((l) => lineLabel(l))
      .join(", ");
  return {
    pending: pending.map((r) => ({ ...r, tickets: linesOf(r.order.id) })),
    decided: decided.map((r) => ({ ...r, tickets: linesOf(r.order.id) })),
  };
}
