import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cancellationRequest, event, order, orderLine, venue } from "~/db/schema";
import { orderStanding, type OrderStanding } from "~/domain/receipt";

export const ORDERS_PAGE_SIZE = 20;

export interface MyOrder {
  reference: string;
  placedAt: Date;
  standing: OrderStanding;
  currency: "GBP" | "EUR";
  totalPence: number;
  refundedPence: number;
  tickets: number;
  event: { name: string; slug: string; startsAt: Date; where: string | null };
}

/**
 * The orders a person placed, newest first, a page at a time: each with its reference, when, the
 * event, how many tickets, what was paid and any refund. Tickets passed to them by a friend are not
 * their orders (they have no receipt for them) and are not listed.
 */
export async function listMyOrders(
  db: Db,
  input: { userId: string; page: number; pageSize?: number },
): Promise<{ orders: MyOrder[]; page: number; pages: number; total: number }> {
  const size = input.pageSize ?? ORDERS_PAGE_SIZE;
  const mine = eq(order.userId, input.userId);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(order).where(mine);
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, input.page), pages);
  const tickets = db
    .select({ orderId: orderLine.orderId, n: sql<number>`sum(${orderLine.quantity})::int`.as("n") })
    .from(orderLine)
    .groupBy(orderLine.orderId)
    .as("tickets");
  const rows = await db
    .select({
      order,
      tickets: tickets.n,
      event: { name: event.name, slug: event.slug, startsAt: event.startsAt },
      isOnline: event.isOnline,
      venue: venue.name,
      refundAsked: sql<boolean>`exists (select 1 from ${cancellationRequest} cr
        where cr.order_id = ${order.id} and cr.status in ('pending', 'refunding'))`,
    })
    .from(order)
    .innerJoin(event, eq(event.id, order.eventId))
    .leftJoin(venue, eq(venue.id, event.venueId))
    .leftJoin(tickets, eq(tickets.orderId, order.id))
    .where(mine)
    .orderBy(desc(order.createdAt), desc(order.id))
    .limit(size)
    .offset((page - 1) * size);
  return {
    page,
    pages,
    total,
    orders: rows.map((r) => ({
      reference: r.order.reference,
      placedAt: r.order.paidAt ?? r.order.createdAt,
      standing: orderStanding(r.order, r.refundAsked),
      currency: r.order.currency,
      totalPence: r.order.totalPence,
      refundedPence: r.order.refundedPence,
      tickets: r.tickets ?? 0,
      event: {
        name: r.event.name,
        slug: r.event.slug,
        startsAt: r.event.startsAt,
        where: r.venue ?? (r.isOnline ? "Online" : null),
      },
    })),
  };
}
