import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cancellationRequest, event, order, seatClaim, ticket, ticketTransfer, ticketType } from "~/db/schema";
import { cancellationOption, checkReason } from "~/domain/cancellation";
import { AppError } from "~/lib/app-error";
import { offerFreedPlaces } from "./waitlist-offers";
import { pendingTransferTo } from "./transfer-ticket";
import { afterCommit } from "./after-commit";

/**
 * Voids an order's tickets that are still valid and gives their places back: `sold` goes down by
 * what was voided (a conditional update per ticket type, in the same transaction), seats are freed,
 * transfers in flight are called off, and the places are offered to the event's waitlist first.
 */
export async function returnOrderStock(
  tx: Db,
  orderId: string,
  now: Date,
): Promise<{ voided: number; offered: string[] }> {
  const voided = await tx
    .update(ticket)
    .set({ status: "void" })
    .where(and(eq(ticket.orderId, orderId), eq(ticket.status, "valid")))
    .returning({ id: ticket.id, ticketTypeId: ticket.ticketTypeId, eventId: ticket.eventId });
  if (voided.length === 0) return { voided: 0, offered: [] };
  const perType = new Map<string, number>();
  for (const t of voided) perType.set(t.ticketTypeId, (perType.get(t.ticketTypeId) ?? 0) + 1);
  // In id order, as every other statement that locks several ticket types does (no deadlock).
  for (const [ticketTypeId, n] of [...perType].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    await tx
      .update(ticketType)
      .set({ sold: sql`${ticketType.sold} - ${n}` })
      .where(eq(ticketType.id, ticketTypeId));
  }
  const ids = voided.map((t) => t.id);
  await tx.delete(seatClaim).where(inArray(seatClaim.ticketId, ids));
  await tx
    .update(ticketTransfer)
    .set({ status: "cancelled", decidedAt: now })
    .where(and(inArray(ticketTransfer.ticketId, ids), eq(ticketTransfer.status, "pending")));
  const offered = await offerFreedPlaces(tx, voided[0]!.eventId, now);
  return { voided: voided.length, offered };
}

/** An order of the buyer's (by the reference they quote), locked for a change, with what the rules need. */
async function lockBuyersOrder(tx: Db, input: { reference: string; userId: string }) {
  const [o] = await tx
    .select()
    .from(order)
    .where(and(eq(order.reference, input.reference), eq(order.userId, input.userId)))
    .for("update");
  if (!o) throw new AppError("not_found", "That order isn't yours, or doesn't exist.");
  const [e] = await tx.select().from(event).where(eq(event.id, o.eventId));
  const tickets = await tx
    .select({
      status: ticket.status,
      holderUserId: ticket.holderUserId,
      pendingTransferTo: pendingTransferTo(),
    })
    .from(ticket)
    .where(eq(ticket.orderId, o.id));
  const [open] = await tx
    .select({ id: cancellationRequest.id, status: cancellationRequest.status })
    .from(cancellationRequest)
    .where(
      and(
        eq(cancellationRequest.orderId, o.id),
        inArray(cancellationRequest.status, ["pending", "refunding", "approved"]),
      ),
    )
    .limit(1);
  // Declined requests are left out above, so what is open is one of the other three.
  return {
    order: o,
    event: e!,
    tickets,
    open: open ? { id: open.id, status: open.status as "pending" | "refunding" | "approved" } : null,
  };
}

/**
 * A free order the buyer cancels themselves: its tickets are voided and its places go straight
 * back on sale (to the waitlist first). Returns the waitlist entries offered places.
 */
export async function cancelFreeOrder(
  db: Db,
  input: { reference: string; userId: string; now: Date },
): Promise<{ orderId: string; offered: string[] }> {
  return db.transaction(async (tx) => {
    const found = await lockBuyersOrder(tx, input);
    const option = cancellationOption(found.order, found.tickets, found.event, {
      buyerId: input.userId,
      now: input.now,
      openRequest: found.open?.status ?? null,
    });
    if (option.kind === "request")
      throw new AppError("conflict", "This order was paid for: ask the host to cancel it.", { reason: "paid" });
    if (option.kind !== "cancel_now")
      throw new AppError("conflict", option.kind === "none" ? option.why : "A cancellation is already in progress.", {
        reason: "not_cancellable",
      });
    await tx.update(order).set({ status: "cancelled", cancelledAt: input.now }).where(eq(order.id, found.order.id));
    const { offered } = await returnOrderStock(tx, found.order.id, input.now);
    await afterCommit(tx, {
      kind: "cancellation-outcome",
      orderId: found.order.id,
      outcome: "cancelled",
      refundPence: 0,
      hostMessage: null,
    });
    return { orderId: found.order.id, offered };
  });
}

/**
 * A paid order's cancellation request (spec §4: userCancellation with status pending), with the
 * buyer's reason, for the host to decide. Asking again while one is open returns that one.
 */
export async function requestCancellation(
  db: Db,
  input: { reference: string; userId: string; reason: string; now: Date },
): Promise<{ requestId: string; orderId: string; created: boolean }> {
  const reason = checkReason(input.reason);
  if (!reason.ok) throw new AppError("validation_failed", reason.error, { field: "reason" });
  return db.transaction(async (tx) => {
    const found = await lockBuyersOrder(tx, input);
    if (found.open?.status === "pending" || found.open?.status === "refunding")
      return { requestId: found.open.id, orderId: found.order.id, created: false };
    const option = cancellationOption(found.order, found.tickets, found.event, {
      buyerId: input.userId,
      now: input.now,
      openRequest: found.open?.status ?? null,
    });
    if (option.kind === "cancel_now")
      throw new AppError("conflict", "This order is free: you can cancel it straight away.", { reason: "free" });
    if (option.kind === "none") throw new AppError("conflict", option.why, { reason: "not_cancellable" });
    const [created] = await tx
      .insert(cancellationRequest)
      .values({ orderId: found.order.id, requestedBy: input.userId, reason: reason.reason, createdAt: input.now })
      .returning({ id: cancellationRequest.id });
    // The host hears of it (an email and a note in their feed).
    await afterCommit(tx, { kind: "cancellation-requested", requestId: created!.id });
    return { requestId: created!.id, orderId: found.order.id, created: true };
  });
}

/** The newest cancellation request on an order, as its buyer sees it. */
export async function latestCancellation(db: Db, orderId: string) {
  const [r] = await db
    .select()
    .from(cancellationRequest)
    .where(eq(cancellationRequest.orderId, orderId))
    .orderBy(desc(cancellationRequest.createdAt))
    .limit(1);
  return r ?? null;
}
