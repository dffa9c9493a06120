import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { cancellationRequest, event, order, reportDayOrders, reportDayTickets, ticket, ticketType } from "~/db/schema";
import {
  type AttentionReason,
  attentionReasons,
  type DashboardRange,
  rangeDays,
  STARTING_SOON_DAYS,
} from "~/domain/host-dashboard";
import { accessNeedsOf } from "~/domain/access-needs";
import { londonYmd } from "~/lib/london-time";
import { endOfEvent } from "./discover-events";

export const DASHBOARD_ORDERS_PAGE_SIZE = 8;
const NEXT_EVENTS = 5;
const ATTENTION_SHOWN = 6;

export interface SalesDay {
  /** The London day, YYYY-MM-DD. */
  day: string;
  tickets: number;
  /** Per currency, in minor units: what buyers paid, less refunds. */
  revenue: Record<string, number>;
}

/**
 * Everything Partner Studio's dashboard shows for one host, only theirs (`hostId` from the Studio's
 * guard): today's and next events, tickets sold and revenue per London day over the range, recent
 * orders a page at a time (with any access needs their buyers shared with the host), pending
 * cancellation requests and what needs attention.
 *
 * Sales count the orders placed in the range: tickets still valid or used (a cancelled ticket is no
 * longer sold), and revenue as what buyers paid less what was refunded, per currency. The totals are
 * the sums of the days, so the chart and the figures beside it never disagree.
 */
export async function hostDashboard(
  db: Db,
  input: { hostId: string; now: Date; range: DashboardRange; ordersPage?: number },
) {
  const { hostId, now } = input;
  const [nextEvents, sales, orders, pending, attention] = await Promise.all([
    upcomingEvents(db, hostId, now),
    salesByDay(db, hostId, now, input.range),
    recentOrders(db, hostId, input.ordersPage ?? 1),
    pendingCancellations(db, hostId),
    needsAttention(db, hostId, now),
  ]);
  const totals = { tickets: 0, revenue: {} as Record<string, number> };
  for (const d of sales) {
    totals.tickets += d.tickets;
    for (const [currency, pence] of Object.entries(d.revenue))
      totals.revenue[currency] = (totals.revenue[currency] ?? 0) + pence;
  }
  const today = londonYmd(now);
  return {
    today: nextEvents.filter((e) => londonYmd(e.startsAt) <= today),
    next: nextEvents.filter((e) => londonYmd(e.startsAt) > today),
    range: input.range,
    sales,
    totals,
    orders,
    pending,
    attention,
  };
}

/** Events not yet over and not archived or deleted, soonest first: those on today (or on now), then the next. */
async function upcomingEvents(db: Db, hostId: string, now: Date) {
  return db
    .select({
      id: event.id,
      name: event.name,
      slug: event.slug,
      status: event.status,
      isCancelled: event.isCancelled,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      capacity: event.capacityTotal,
      sold: event.soldTotal,
    })
    .from(event)
    .where(
      and(
        eq(event.hostId, hostId),
        inArray(event.status, ["draft", "published", "unpublished"]),
        sql`${endOfEvent(event.startsAt, event.endsAt)} > ${now}`,
      ),
    )
    .orderBy(asc(event.startsAt), asc(event.id))
    .limit(NEXT_EVENTS);
}

/**
 * Read from the reports' daily roll-up (decision 0043), which the database keeps with every order and
 * ticket: a host's 90 days are a few hundred rows, however many orders they hold. Revenue is what the
 * buyers paid less refunds; tickets are the standing ones, companions included.
 */
async function salesByDay(db: Db, hostId: string, now: Date, range: DashboardRange): Promise<SalesDay[]> {
  const { days } = rangeDays(now, range);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const [money, tickets] = await Promise.all([
    db
      .select({
        day: reportDayOrders.day,
        currency: reportDayOrders.currency,
        pence: sql<string>`sum(${reportDayOrders.grossPence} - ${reportDayOrders.refundedPence})`,
      })
      .from(reportDayOrders)
      .where(and(eq(reportDayOrders.hostId, hostId), gte(reportDayOrders.day, first), lte(reportDayOrders.day, last)))
      .groupBy(reportDayOrders.day, reportDayOrders.currency),
    db
      .select({
        day: reportDayTickets.day,
        sold: sql<string>`sum(${reportDayTickets.sold} + ${reportDayTickets.companions})`,
      })
      .from(reportDayTickets)
      .where(
        and(eq(reportDayTickets.hostId, hostId), gte(reportDayTickets.day, first), lte(reportDayTickets.day, last)),
      )
      .groupBy(reportDayTickets.day),
  ]);
  const byDay = new Map<string, SalesDay>(days.map((day) => [day, { day, tickets: 0, revenue: {} }]));
  for (const m of money) {
    const d = byDay.get(m.day);
    if (d && Number(m.pence) !== 0) d.revenue[m.currency] = Number(m.pence);
  }
  for (const t of tickets) {
    const d = byDay.get(t.day);
    if (d) d.tickets = Number(t.sold);
  }
  return [...byDay.values()];
}

/** The host's orders, newest first, a page at a time (the page is kept within range). */
async function recentOrders(db: Db, hostId: string, page: number) {
  const [{ total }] = (await db.select({ total: count() }).from(order).where(eq(order.hostId, hostId))) as [
    { total: number },
  ];
  const pages = Math.max(1, Math.ceil(Number(total) / DASHBOARD_ORDERS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pages);
  const rows = await db
    .select({
      id: order.id,
      reference: order.reference,
      buyerName: order.buyerName,
      status: order.status,
      totalPence: order.totalPence,
      refundedPence: order.refundedPence,
      currency: order.currency,
      createdAt: order.createdAt,
      eventName: event.name,
      tickets: sql<number>`(select count(*)::int from ${ticket} where ${ticket.orderId} = ${order.id})`,
      // Of them, free companion tickets for the buyer's personal assistants (decision 0031).
      companions: sql<number>`(select count(*)::int from ${ticket} where ${ticket.orderId} = ${order.id}
        and ${ticket.companion})`,
      accessNeeds: order.accessNeeds,
    })
    .from(order)
    .innerJoin(event, eq(event.id, order.eventId))
    .where(eq(order.hostId, hostId))
    .orderBy(desc(order.createdAt), desc(order.id))
    .limit(DASHBOARD_ORDERS_PAGE_SIZE)
    .offset((current - 1) * DASHBOARD_ORDERS_PAGE_SIZE);
  // What a buyer chose to share with this host for the order (null when nothing was shared).
  return {
    rows: rows.map((r) => ({ ...r, accessNeeds: accessNeedsOf(r.accessNeeds) })),
    page: current,
    pages,
    total: Number(total),
  };
}

async function pendingCancellations(db: Db, hostId: string) {
  const [{ n }] = (await db
    .select({ n: count() })
    .from(cancellationRequest)
    .innerJoin(order, eq(order.id, cancellationRequest.orderId))
    .where(and(eq(order.hostId, hostId), eq(cancellationRequest.status, "pending")))) as [{ n: number }];
  return Number(n);
}

export interface AttentionItem {
  eventId: string;
  name: string;
  slug: string;
  startsAt: Date;
  unsold: number;
  reasons: AttentionReason[];
}

/** Drafts that cannot be published yet, and published events starting within a week with places unsold. */
async function needsAttention(db: Db, hostId: string, now: Date): Promise<AttentionItem[]> {
  const soon = new Date(now.getTime() + STARTING_SOON_DAYS * 86_400_000);
  const rows = await db
    .select({
      id: event.id,
      name: event.name,
      slug: event.slug,
      status: event.status,
      isCancelled: event.isCancelled,
      isOnline: event.isOnline,
      venueId: event.venueId,
      startsAt: event.startsAt,
      capacity: event.capacityTotal,
      sold: event.soldTotal,
      ticketTypes: sql<number>`(select count(*)::int from ${ticketType} where ${ticketType.eventId} = ${event.id})`,
    })
    .from(event)
    .where(
      and(
        eq(event.hostId, hostId),
        sql`(${event.status} = 'draft' or (${event.status} = 'published' and ${event.startsAt} <= ${soon}))`,
        gt(event.startsAt, sql`${now}::timestamptz - interval '1 day'`),
      ),
    )
    .orderBy(asc(event.startsAt), asc(event.id))
    .limit(50);
  return rows
    .map((r) => ({
      eventId: r.id,
      name: r.name,
      slug: r.slug,
      startsAt: r.startsAt,
      unsold: Math.max(0, r.capacity - r.sold),
      reasons: attentionReasons({ ...r, hasVenue: r.venueId !== null, ticketTypes: Number(r.ticketTypes) }, now),
    }))
    .filter((r) => r.reasons.length > 0)
    .slice(0, ATTENTION_SHOWN);
}
