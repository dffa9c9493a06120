import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  cancellationRequest,
  event,
  order,
  orderLine,
  ticket,
  ticketTransfer,
  ticketType,
  user,
  venue,
} from "~/db/schema";
import { hasEnded, joinLink } from "~/domain/event-flags";
import { ticketSeat } from "~/lib/seats";
import { isUuid } from "~/lib/uuid";
import { fetchCards, type EventCardData } from "./discover-events";
import { numberTickets, numberTicketsOfOrders, ticketOrder } from "./ticket-order";
import { ticketNameColumn } from "./ticket-name";

export interface MyTicket {
  id: string;
  typeName: string;
  seatRow: number | null;
  seatColumn: number | null;
  /** The seat's name ('F5', by its row's name on the venue's plan), or null without one. */
  seat: string | null;
  status: "valid" | "checked_in";
  /** Its number within its order, as the ticket's own page counts it ("Ticket 2 of 3"). */
  number: number;
  /** What the person gave for it: not the shop's price today, but what they paid, or free, or from a friend. */
  paid: TicketPaid;
}

export type TicketPaid =
  { kind: "paid"; minor: number; currency: "GBP" | "EUR" } | { kind: "free" } | { kind: "from-a-friend" };

/**
 * One ticket's part of what its order cost: its price with its share of the order's discount and
 * booking fee, which the order holds as totals (both shared in proportion to price).
 */
export function ticketPaid(input: {
  holderIsBuyer: boolean;
  unitPricePence: number;
  subtotalPence: number;
  totalPence: number;
  currency: "GBP" | "EUR";
}): TicketPaid {
  if (!input.holderIsBuyer) return { kind: "from-a-friend" };
  if (input.totalPence === 0 || input.unitPricePence === 0 || input.subtotalPence === 0) return { kind: "free" };
  return {
    kind: "paid",
    minor: Math.round((input.unitPricePence * input.totalPence) / input.subtotalPence),
    currency: input.currency,
  };
}

export interface TicketGroup {
  event: EventCardData;
  tickets: MyTicket[];
}

/**
 * The tickets a person holds (bought, or passed to them and claimed), grouped by event: upcoming
 * ones soonest first, past ones most recent first and paged. Cancelled tickets are not listed.
 * `onlyUpcoming: n` gives just the first n upcoming events (a dashboard), with no past page.
 */
export async function listMyTickets(
  db: Db,
  input: { userId: string; now: Date; pastPage?: number; pastPageSize?: number; onlyUpcoming?: number },
) {
  const rows = await db
    .select({
      id: ticket.id,
      orderId: ticket.orderId,
      eventId: ticket.eventId,
      typeName: ticketNameColumn(),
      seatRow: ticket.seatRow,
      seatColumn: ticket.seatColumn,
      seatRowNames: venue.seatRowNames,
      status: ticket.status,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      buyerId: order.userId,
      currency: order.currency,
      subtotalPence: order.subtotalPence,
      totalPence: order.totalPence,
      unitPricePence: orderLine.unitPricePence,
    })
    .from(ticket)
    .innerJoin(order, eq(order.id, ticket.orderId))
    .innerJoin(
      orderLine,
      and(
        eq(orderLine.orderId, ticket.orderId),
        eq(orderLine.ticketTypeId, ticket.ticketTypeId),
        eq(orderLine.companion, ticket.companion),
      ),
    )
    .innerJoin(event, eq(event.id, ticket.eventId))
    .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
    .leftJoin(venue, eq(venue.id, event.venueId))
    .where(
      and(
        eq(ticket.holderUserId, input.userId),
        inArray(ticket.status, ["valid", "checked_in"]),
        inArray(order.status, ["paid", "free"]),
      ),
    )
    .orderBy(asc(event.startsAt), ...ticketOrder)
    .limit(2000);
  const numbers = await numberTicketsOfOrders(db, [...new Set(rows.map((r) => r.orderId))]);
  const byEvent = new Map<string, { startsAt: Date; endsAt: Date | null; tickets: MyTicket[] }>();
  for (const r of rows) {
    const group = byEvent.get(r.eventId) ?? { startsAt: r.startsAt, endsAt: r.endsAt, tickets: [] };
    const paid = ticketPaid({
      holderIsBuyer: r.buyerId === input.userId,
      unitPricePence: r.unitPricePence,
      subtotalPence: r.subtotalPence,
      totalPence: r.totalPence,
      currency: r.currency,
    });
    group.tickets.push({
      id: r.id,
      typeName: r.typeName,
      seatRow: r.seatRow,
      seatColumn: r.seatColumn,
      seat: ticketSeat(r, r.seatRowNames),
      status: r.status as MyTicket["status"],
      number: numbers.get(r.id) ?? 1,
      paid,
    });
    byEvent.set(r.eventId, group);
  }
  const entries = [...byEvent.entries()];
  const upcomingIds = entries
    .filter(([, g]) => !hasEnded(g, input.now))
    .map(([id]) => id)
    .slice(0, input.onlyUpcoming ?? Infinity);
  const pastIds = entries
    .filter(([, g]) => hasEnded(g, input.now))
    .sort(([, a], [, b]) => b.startsAt.getTime() - a.startsAt.getTime())
    .map(([id]) => id);
  const size = input.pastPageSize ?? 12;
  const pastPages = Math.max(1, Math.ceil(pastIds.length / size));
  const page = Math.min(Math.max(1, input.pastPage ?? 1), pastPages);
  const shownPast = input.onlyUpcoming === undefined ? pastIds.slice((page - 1) * size, page * size) : [];
  const cards = new Map(
    (
      await fetchCards(
        db,
        [...upcomingIds, ...shownPast].map((id) => ({ id })),
      )
    ).map((c) => [c.id, c]),
  );
  const group = (id: string): TicketGroup[] =>
    cards.has(id) ? [{ event: cards.get(id)!, tickets: byEvent.get(id)!.tickets }] : [];
  return {
    upcoming: upcomingIds.flatMap(group),
    past: shownPast.flatMap(group),
    pastPage: page,
    pastPages,
    pastTotal: pastIds.length,
  };
}

/**
 * One ticket for the person who holds it, with everything its page shows; null for an unknown id
 * or anyone else's ticket (never another buyer's).
 */
export async function getMyTicket(db: Db, input: { ticketId: string; userId: string }) {
  if (!isUuid(input.ticketId)) return null;
  const [row] = await db
    .select({
      ticket,
      typeName: ticketNameColumn(),
      order: { reference: order.reference, status: order.status, userId: order.userId },
      event,
      venue,
      host: { name: user.name, title: user.hostTitle },
    })
    .from(ticket)
    .innerJoin(order, eq(order.id, ticket.orderId))
    .innerJoin(event, eq(event.id, ticket.eventId))
    .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
    .innerJoin(user, eq(user.id, event.hostId))
    .leftJoin(venue, eq(venue.id, event.venueId))
    // A cancelled ticket is gone: its code must not be shown (or kept offline) any more.
    .where(
      and(
        eq(ticket.id, input.ticketId),
        eq(ticket.holderUserId, input.userId),
        inArray(ticket.status, ["valid", "checked_in"]),
      ),
    )
    .limit(1);
  if (!row) return null;
  // What the page adds to the ticket: a transfer on its way, an open cancellation, and which of
  // the order's tickets this is ("Ticket 2 of 3"). None depends on another.
  const [[transfer], [cancelling], numbers] = await Promise.all([
    db
      .select({
        id: ticketTransfer.id,
        toEmail: ticketTransfer.toEmail,
        toName: ticketTransfer.toName,
        createdAt: ticketTransfer.createdAt,
      })
      .from(ticketTransfer)
      .where(and(eq(ticketTransfer.ticketId, row.ticket.id), eq(ticketTransfer.status, "pending")))
      .orderBy(desc(ticketTransfer.createdAt))
      .limit(1),
    db
      .select({ id: cancellationRequest.id })
      .from(cancellationRequest)
      .where(
        and(
          eq(cancellationRequest.orderId, row.ticket.orderId),
          inArray(cancellationRequest.status, ["pending", "refunding"]),
        ),
      )
      .limit(1),
    numberTickets(db, row.ticket.orderId),
  ]);
  return {
    id: row.ticket.id,
    code: row.ticket.code,
    status: row.ticket.status,
    holderName: row.ticket.holderName,
    seatRow: row.ticket.seatRow,
    seatColumn: row.ticket.seatColumn,
    seat: ticketSeat(row.ticket, row.venue?.seatRowNames),
    typeName: row.typeName,
    isBuyer: row.order.userId === input.userId,
    order: { reference: row.order.reference, status: row.order.status },
    index: numbers.numberOf(row.ticket.id),
    of: numbers.of,
    event: {
      id: row.event.id,
      slug: row.event.slug,
      name: row.event.name,
      startsAt: row.event.startsAt,
      endsAt: row.event.endsAt,
      isOnline: row.event.isOnline,
      isCancelled: row.event.isCancelled,
      // Only its holder reads this ticket (the query above): the online event's link is theirs.
      joinUrl: joinLink(row.event),
      image: row.event.images[0] ?? null,
      host: row.host.title ?? row.host.name,
    },
    venue: row.venue
      ? { name: row.venue.name, address: row.venue.formattedAddress, lat: row.venue.lat, lng: row.venue.lng }
      : null,
    pendingTransfer: transfer ?? null,
    cancellationPending: Boolean(cancelling),
    checkedInAt: row.ticket.checkedInAt,
  };
}

export type MyTicketDetails = NonNullable<Awaited<ReturnType<typeof getMyTicket>>>;

/** The next few upcoming events a person holds tickets for, for their dashboard. */
export async function upcomingTicketGroups(
  db: Db,
  input: { userId: string; now: Date; limit: number },
): Promise<TicketGroup[]> {
  return (await listMyTickets(db, { userId: input.userId, now: input.now, onlyUpcoming: input.limit })).upcoming;
}
