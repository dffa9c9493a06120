import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { order } from "~/db/schema";
import { mayCancelFreeOrders } from "~/domain/event-life-cycle";
import { AppError } from "~/lib/app-error";
import { afterCommit } from "./after-commit";
import { returnOrderStock } from "./cancel-order";
import { ownEvent } from "./event-sales";

/**
 * The host cancels every free booking of one of their events (spec §4: deleting waits until they
 * are cancelled). In one transaction: each free order still standing becomes cancelled by one
 * conditional update, its tickets are voided and its places given back, and its buyer is emailed
 * once the change has committed. Paid orders are never touched here. Only the host's own event.
 */
export async function cancelFreeOrders(
  db: Db,
  input: { eventId: string; hostId: string; now: Date },
): Promise<{ cancelled: number }> {
  return db.transaction(async (tx) => {
    const e = await ownEvent(tx, input);
    const verdict = mayCancelFreeOrders(e.lifeCycle, e.sales);
    if (!verdict.ok) throw new AppError("conflict", verdict.message, { reason: "cancel_free_orders" });
    const cancelled = await tx
      .update(order)
      .set({ status: "cancelled", cancelledAt: input.now })
      .where(and(eq(order.eventId, e.id), eq(order.hostId, input.hostId), eq(order.status, "free")))
      .returning({ id: order.id });
    for (const o of cancelled) {
      await returnOrderStock(tx, o.id, input.now);
      await afterCommit(tx, {
        kind: "cancellation-outcome",
        orderId: o.id,
        outcome: "cancelled_by_host",
        refundPence: 0,
        hostMessage: null,
      });
    }
    return { cancelled: cancelled.length };
  });
}
