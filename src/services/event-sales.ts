import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, order, ticket } from "~/db/schema";
import type { EventSales, LifeCycleEvent } from "~/domain/event-life-cycle";
import { hasEnded } from "~/domain/event-flags";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";

/**
 * Money an order took for tickets and kept: its total less what was given back. A payment that
 * arrived too late to become tickets is recorded as an order with none, refunded whole; it never
 * earned anything, so only orders that issued tickets count.
 */
// Written out with the table's name: drizzle leaves it off the columns of a one-table select, and
// inside the subquery a bare "id" would be the ticket's.
export const keptPence = sql<string>`coalesce(sum("order".total_pence - "order".refunded_pence) filter (
  where exists (select 1 from ticket kept_ticket where kept_ticket.order_id = "order".id)), 0)`;

/**
 * What each event has sold, from its orders (spec §4's rules judge by these): tickets still valid
 * on paid and on free orders, and the money kept. Read in the caller's transaction.
 */
export async function salesOfEvents(db: Db, eventIds: readonly string[]): Promise<Map<string, EventSales>> {
  const sales = new Map<string, EventSales>(
    eventIds.map((id) => [id, { paidTickets: 0, freeTickets: 0, revenuePence: 0 }]),
  );
  if (eventIds.length === 0) return sales;
  // One after the other: in a transaction both go down the same connection anyway.
  const tickets = await db
    .select({
      eventId: ticket.eventId,
      paid: sql<number>`(count(*) filter (where ${order.status} = 'paid'))::int`,
      free: sql<number>`(count(*) filter (where ${order.status} = 'free'))::int`,
    })
    .from(ticket)
    .innerJoin(order, eq(order.id, ticket.orderId))
    .where(
      and(inArray(ticket.eventId, [...eventIds]), ne(ticket.status, "void"), inArray(order.status, ["paid", "free"])),
    )
    .groupBy(ticket.eventId);
  const money = await db
    .select({ eventId: order.eventId, kept: keptPence })
    .from(order)
    .where(inArray(order.eventId, [...eventIds]))
    .groupBy(order.eventId);
  for (const t of tickets) {
    const s = sales.get(t.eventId)!;
    s.paidTickets = Number(t.paid);
    s.freeTickets = Number(t.free);
  }
  for (const m of money) sales.get(m.eventId)!.revenuePence = Number(m.kept);
  return sales;
}

/** How many ticket types an event has (the table is named: see keptPence). */
export const ticketTypeCount = sql<number>`(select count(*)::int from ticket_type counted
  where counted.event_id = "event".id)`;

export type OwnEvent = typeof event.$inferSelect & { lifeCycle: LifeCycleEvent; sales: EventSales };

/**
 * One of the host's events, with what the life-cycle rules need (its ticket types, venue or link,
 * and its sales), read in the caller's transaction. Another host's event, a deleted one's id
 * given as text that is no id, or none at all: not found, which says nothing of whose it is.
 */
export async function ownEvent(db: Db, input: { eventId: string; hostId: string; now?: Date }): Promise<OwnEvent> {
  if (!isUuid(input.eventId)) throw new AppError("not_found", "No such event.");
  const [row] = await db
    .select({
      event,
      ticketTypes: ticketTypeCount,
    })
    .from(event)
    .where(and(eq(event.id, input.eventId), eq(event.hostId, input.hostId), ne(event.status, "deleted")));
  if (!row) throw new AppError("not_found", "No such event.");
  const e = row.event;
  const sales = (await salesOfEvents(db, [e.id])).get(e.id)!;
  return { ...e, lifeCycle: lifeCycleOf(e, Number(row.ticketTypes), input.now ?? new Date()), sales };
}

export function lifeCycleOf(
  e: Pick<
    typeof event.$inferSelect,
    "status" | "isCancelled" | "isOnline" | "venueId" | "onlineUrl" | "startsAt" | "endsAt"
  >,
  ticketTypes: number,
  now: Date,
): LifeCycleEvent {
  return {
    status: e.status,
    isCancelled: e.isCancelled,
    isOnline: e.isOnline,
    hasVenue: e.venueId !== null,
    hasOnlineLink: Boolean(e.onlineUrl),
    ticketTypes,
    hasEnded: hasEnded(e, now),
  };
}
