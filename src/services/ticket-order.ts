import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { ticket } from "~/db/schema";

/**
 * The one order tickets are numbered in ("Ticket 1 of 2") on every page, PDF and email: by seat,
 * then as issued, then by id, since an order's tickets are issued in the same instant.
 */
export const ticketOrder = [
  asc(ticket.seatRow),
  asc(ticket.seatColumn),
  asc(ticket.createdAt),
  asc(ticket.id),
] as const;

/** Each ticket of these orders with its number within its own order, for lists across orders. */
export async function numberTicketsOfOrders(db: Db, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: ticket.id,
      n: sql<number>`row_number() over (partition by ${ticket.orderId}
        order by ${ticket.seatRow}, ${ticket.seatColumn}, ${ticket.createdAt}, ${ticket.id})`,
    })
    .from(ticket)
    .where(inArray(ticket.orderId, orderIds));
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** Numbers an order's tickets in that order: `numberOf(id)` is 1 for the first; `of` counts them all. */
export async function numberTickets(
  db: Db,
  orderId: string,
): Promise<{ numberOf: (ticketId: string) => number; of: number }> {
  const ids = (
    await db
      .select({ id: ticket.id })
      .from(ticket)
      .where(eq(ticket.orderId, orderId))
      .orderBy(...ticketOrder)
  ).map((t) => t.id);
  return { numberOf: (ticketId) => ids.indexOf(ticketId) + 1, of: ids.length };
}
