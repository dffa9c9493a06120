import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, order, ticket, ticketType, user, venue } from "~/db/schema";
import { formatWhenInFull } from "~/lib/format";
import { ticketSeat } from "~/lib/seats";
import { isUuid } from "~/lib/uuid";
import { numberTickets, ticketOrder } from "./ticket-order";
import { ticketNameColumn } from "./ticket-name";

/** A ticket as its PDF page (and its email attachment) shows it. */
export interface TicketDocument {
  code: string;
  eventName: string;
  /** 'Saturday 5 December 2026, 7:30 pm – 11:00 pm (UK time)' */
  when: string;
  /** 'The Jericho Tavern, 56 Walton Street, Oxford OX2 6AE', or for an online event where its link is */
  where: string;
  typeName: string;
  /** 'J12', when seated. */
  seat: string | null;
  holderName: string | null;
  reference: string;
  /** 'Ticket 1 of 2' */
  position: string;
  host: string;
}

/**
 * The tickets to print: the valid ones of an order (for its confirmation email; or those its
 * buyer still holds), or one ticket for the person holding it (null if it isn't theirs).
 * Cancelled tickets are never printed.
 */
export async function ticketDocuments(
  db: Db,
  which: { orderId: string; holderId?: string } | { ticketId: string; holderId: string },
): Promise<{ reference: string; eventSlug: string; tickets: TicketDocument[] } | null> {
  if (!isUuid("orderId" in which ? which.orderId : which.ticketId)) return null;
  const rows = await db
    .select({
      ticket,
      typeName: ticketNameColumn(),
      reference: order.reference,
      event,
      venue,
      host: { name: user.name, title: user.hostTitle },
    })
    .from(ticket)
    .innerJoin(order, eq(order.id, ticket.orderId))
    .innerJoin(ticketType, eq(ticketType.id, ticket.ticketTypeId))
    .innerJoin(event, eq(event.id, ticket.eventId))
    .innerJoin(user, eq(user.id, event.hostId))
    .leftJoin(venue, eq(venue.id, event.venueId))
    .where(
      and(
        "orderId" in which ? eq(ticket.orderId, which.orderId) : eq(ticket.id, which.ticketId),
        // Only what this person holds: a ticket passed on carries its new holder's code.
        which.holderId ? eq(ticket.holderUserId, which.holderId) : undefined,
        inArray(ticket.status, ["valid", "checked_in"]),
      ),
    )
    .orderBy(...ticketOrder);
  if (rows.length === 0) return null;
  // "Ticket 2 of 3" counts within the whole order, as the order page does.
  const numbers = await numberTickets(db, rows[0]!.ticket.orderId);
  const first = rows[0]!;
  return {
    reference: first.reference,
    eventSlug: first.event.slug,
    tickets: rows.map((r) => ({
      code: r.ticket.code,
      eventName: r.event.name,
      when: formatWhenInFull(r.event.startsAt, r.event.endsAt),
      // The link itself stays on the ticket page and in the emails: a PDF is easily passed around.
      where: r.venue
        ? `${r.venue.name}, ${r.venue.formattedAddress}`
        : r.event.isOnline
          ? "Online: join by the link on your ticket page, or in your email"
          : "Venue to be announced",
      typeName: r.typeName,
      seat: ticketSeat(r.ticket, r.venue?.seatRowNames),
      holderName: r.ticket.holderName,
      reference: r.reference,
      position: `Ticket ${numbers.numberOf(r.ticket.id)} of ${numbers.of}`,
      host: r.host.title ?? r.host.name,
    })),
  };
}
