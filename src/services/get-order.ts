import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, order, orderLine, payment, ticket, ticketType, user, venue } from "~/db/schema";
import { orderJoinLink } from "~/domain/event-flags";
import { ticketSeat } from "~/lib/seats";
import { ticketOrder } from "./ticket-order";
import { pendingTransferTo } from "./transfer-ticket";
import { ticketNameColumn } from "./ticket-name";

/**
 * An order with its event, lines and tickets, for the buyer who placed it (by reference, which
 * the buyer quotes), or by id for emails. Null when it does not exist or is not theirs.
 */
export async function getOrder(db: Db, input: { reference: string; userId: string } | { orderId: string }) {
  const [row] = await db
    .select({ order, event, venue, host: { title: user.hostTitle, name: user.name } })
    .from(order)
    .innerJoin(event, eq(event.id, order.eventId))
    .innerJoin(user, eq(user.id, order.hostId))
    .leftJoin(venue, eq(venue.id, event.venueId))
    .where(
      "orderId" in input
        ? eq(order.id, input.orderId)
        : and(eq(order.reference, input.reference), eq(order.userId, input.userId)),
    )
    .limit(1);
  if (!row) return null;
  const [lines, tickets, refunded] = await Promise.all([
    db.select().from(orderLine).where(eq(orderLine.orderId, row.order.id)),
    db
      .select({
        id: ticket.id,
        code: ticket.code,
        status: ticket.status,
        seatRow: ticket.seatRow,
        seatColumn: ticket.seatColumn,
        holderName: ticket.holderName,
        holderUserId: ticket.holderUserId,
        typeName: ticketNameColumn(),
        pendingTransferTo: pendingTransferTo(),
      })
      .from(ticket)
      .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
      .where(eq(ticket.orderId, row.order.id))
      .orderBy(...ticketOrder),
    // A payment that came too late to become tickets says why it was given back.
    db
      .select({ reason: payment.refundReason })
      .from(payment)
      .where(and(eq(payment.orderId, row.order.id), isNotNull(payment.refundReason)))
      .limit(1),
  ]);
  return {
    ...row.order,
    event: {
      id: row.event.id,
      slug: row.event.slug,
      name: row.event.name,
      startsAt: row.event.startsAt,
      endsAt: row.event.endsAt,
      image: row.event.images[0] ?? null,
      isOnline: row.event.isOnline,
      isCancelled: row.event.isCancelled,
      // The buyer's own order (or its confirmation): the online event's link, while they hold a ticket.
      joinUrl: orderJoinLink(row.event, row.order, tickets),
      venue: row.venue
        ? { name: row.venue.name, address: row.venue.formattedAddress, lat: row.venue.lat, lng: row.venue.lng }
        : null,
      host: row.host.title ?? row.host.name,
    },
    lines,
    lateRefundReason: refunded[0]?.reason ?? null,
    // Each seat by its row's name on the venue's plan as it is now.
    tickets: tickets.map((t) => ({ ...t, seat: ticketSeat(t, row.venue?.seatRowNames) })),
  };
}

export type OrderDetails = NonNullable<Awaited<ReturnType<typeof getOrder>>>;

/** The id of an order by its reference, if this person bought it. */
export async function buyersOrderId(db: Db, input: { reference: string; userId: string }): Promise<string | null> {
  const [o] = await db
    .select({ id: order.id })
    .from(order)
    .where(and(eq(order.reference, input.reference), eq(order.userId, input.userId)));
  return o?.id ?? null;
}
