import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { ticket } from "~/db/schema";

/**
 * The one order tickets are numbered in ("Ticket 1 of 2") on every page, PDF and email: by seat,
 * then as issued, then by id, since an order's tickets are issued in the same instant.
 */
export const ticketOrder = [asc(ticket.seatRow), asc(ticket.seatColumn), asc(ticket.createdAt), asc(ticket.id)] as const;

/** Numbers an order's tickets in that order: `numberOf(id)` is 1 for the first; `of` counts them all. */
export async function numberTickets(db: Db, orderId: string): Promise<{ numberOf: (ticketId: string) => number; of: number }> {
  const ids = (await db.select({ id: ticket.id }).from(ticket).where(eq(ticket.orderId, orderId)).orderBy(...ticketOrder)).map((t) => t.id);
  return { numberOf: (ticketId) => ids.indexOf(ticketId) + 1, of: ids.length };
}
