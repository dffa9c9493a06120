import { hasEnded, type EventTimes } from "./event-flags";
import { formatMoney } from "~/lib/format";
import { parsePounds } from "./money";
import { messages } from "~/texts/messages";

/**
 * Cancelling an order (spec §4 "Cancellation request", issue 7): a free order the buyer may
 * cancel at once, freeing its places; a paid one needs a reason and the host's decision, and an
 * approval refunds through the payment provider in full or in part. Pure: callers pass `now`.
 */

export const CANCELLATION_REASON_MAX = 1000;

/** Spec §8, verbatim (its spacing included). */
export const REASON_REQUIRED = "Error requesting cancellation .Please write a reason";
export const CANCEL_FAILED = messages.buyer.cancelFailed;

export interface CancellableOrder {
  status: "paid" | "free" | "refunded" | "cancelled";
  totalPence: number;
  refundedPence: number;
  /** The order's currency, for the refund's messages. */
  currency: string;
  userId: string | null;
}

export interface OrderTicketState {
  status: "valid" | "void" | "checked_in";
  holderUserId: string | null;
  /** Where a link to claim it has gone and not yet been used (null: none). */
  pendingTransferTo?: string | null;
}

export type CancellationOption =
  | { kind: "cancel_now" }
  | { kind: "request" }
  | { kind: "pending" }
  /** `explain`: the order page says why (the others it shows already: cancelled, over). */
  | { kind: "none"; why: string; explain?: true };

/**
 * What the buyer may do about an order now. Nothing once the event is over or a ticket has been
 * used, nor when tickets have been passed to someone else (they would lose them without a say).
 */
export function cancellationOption(
  o: CancellableOrder,
  tickets: readonly OrderTicketState[],
  e: EventTimes & { isCancelled: boolean },
  opts: { buyerId: string; now: Date; openRequest: "pending" | "refunding" | "approved" | null },
): CancellationOption {
  if (o.userId !== opts.buyerId) return { kind: "none", why: "This order isn't yours." };
  if (o.status === "cancelled" || o.status === "refunded")
    return { kind: "none", why: "This order has been cancelled." };
  if (opts.openRequest === "pending" || opts.openRequest === "refunding") return { kind: "pending" };
  if (opts.openRequest === "approved") return { kind: "none", why: "This order has been cancelled." };
  if (hasEnded(e, opts.now)) return { kind: "none", why: "This event has ended." };
  if (tickets.some((t) => t.status === "checked_in"))
    return {
      kind: "none",
      why: "A ticket from this order has been used at the door, so it can't be cancelled.",
      explain: true,
    };
  if (tickets.some((t) => t.status === "valid" && t.holderUserId !== o.userId)) {
    return {
      kind: "none",
      why:
        "Some tickets from this order now belong to someone else, so it can't be cancelled. Once they're passed " +
        "back to you, it can.",
      explain: true,
    };
  }
  if (tickets.some((t) => t.status === "valid" && t.pendingTransferTo)) {
    return {
      kind: "none",
      why:
        "A ticket from this order is on its way to a friend. Take it back from the ticket's page first, then you " +
        "can cancel.",
      explain: true,
    };
  }
  return o.status === "free" ? { kind: "cancel_now" } : { kind: "request" };
}

/** The buyer's reason, trimmed; the spec's message when there is none. */
export function checkReason(raw: string): { ok: true; reason: string } | { ok: false; error: string } {
  const reason = raw.trim();
  if (!reason) return { ok: false, error: REASON_REQUIRED };
  if (reason.length > CANCELLATION_REASON_MAX)
    return { ok: false, error: `Please keep the reason under ${CANCELLATION_REASON_MAX} characters.` };
  return { ok: true, reason };
}

/** What can still be refunded on an order. */
export function refundable(o: Pick<CancellableOrder, "totalPence" | "refundedPence">): number {
  return Math.max(0, o.totalPence - o.refundedPence);
}

/**
 * The host's refund, in pounds as typed, checked against what the order can refund: whole pence,
 * not negative, not more than was paid. Empty means the full amount.
 */
export function parseRefund(
  text: string,
  o: Pick<CancellableOrder, "totalPence" | "refundedPence" | "currency">,
): { ok: true; pence: number } | { ok: false; error: string } {
  const max = refundable(o);
  if (text.trim() === "") return { ok: true, pence: max };
  const pence = parsePounds(text);
  if (pence === null) return { ok: false, error: "Enter the refund in pounds and pence, like 12.50." };
  if (pence > max) return { ok: false, error: `The most this order can refund is ${formatMoney(max, o.currency)}.` };
  return { ok: true, pence };
}
