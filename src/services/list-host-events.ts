import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, order } from "~/db/schema";
import { type DisplayStatus, eventMenu, type MenuItem } from "~/domain/event-life-cycle";
import { keptPence, lifeCycleOf, ownEvent, salesOfEvents, ticketTypeCount } from "./event-sales";

export const EVENT_LIST_SORTS = ["name", "status", "date", "sold", "revenue"] as const;
export type EventListSort = (typeof EVENT_LIST_SORTS)[number];
export const EVENT_LIST_PAGE_SIZE = 20;

export interface EventListQuery {
  /** Part of the name, any case; empty for all. */
  search: string;
  status: DisplayStatus | "all";
  sort: EventListSort;
  dir: "asc" | "desc";
  page: number;
}

export interface EventListRow {
  id: string;
  name: string;
  slug: string;
  status: DisplayStatus;
  startsAt: Date;
  sold: number;
  capacity: number;
  /** What buyers paid for tickets, less refunds, in the event's currency. */
  revenuePence: number;
  currency: string;
  /** Tickets standing on paid and on free orders (what cancelling would refund or cancel). */
  paidTickets: number;
  freeTickets: number;
  /** What the host may do with it now, or why not (src/domain/event-life-cycle.ts). */
  menu: MenuItem[];
}

/** `%` and `_` typed in a search mean themselves, not any text. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Partner Studio's events table: a page of the host's events (never another host's, never deleted
 * ones), searched by name, filtered by status, sorted by any column on the database, so a host with
 * hundreds of events gets the right page. Sold and capacity are the totals kept on each event;
 * revenue is summed from its orders.
 */
export async function listHostEvents(
  db: Db,
  input: { hostId: string; query: EventListQuery; pageSize?: number; now?: Date },
): Promise<{ rows: EventListRow[]; total: number; page: number; pages: number }> {
  const { query } = input;
  const pageSize = input.pageSize ?? EVENT_LIST_PAGE_SIZE;
  const money = db
    .select({ eventId: order.eventId, kept: sql<string>`${keptPence}`.as("kept") })
    .from(order)
    .where(eq(order.hostId, input.hostId))
    .groupBy(order.eventId)
    .as("money");
  const shown = sql<DisplayStatus>`case when ${event.isCancelled} then 'cancelled' else ${event.status} end`;
  const filters: SQL[] = [eq(event.hostId, input.hostId), ne(event.status, "deleted")];
  const search = query.search.trim();
  if (search) filters.push(sql`${event.name} ilike ${likeText(search)}`);
  if (query.status === "cancelled") filters.push(eq(event.isCancelled, true));
  else if (query.status !== "all") filters.push(eq(event.status, query.status), eq(event.isCancelled, false));
  const where = and(...filters);

  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(event)
    .where(where);
  const total = Number(counted?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page), pages);

  const revenue = sql<number>`coalesce(${money.kept}, 0)`;
  const sortBy: Record<EventListSort, SQL> = {
    name: sql`lower(${event.name})`,
    status: shown,
    date: sql`${event.startsAt}`,
    sold: sql`${event.soldTotal}`,
    revenue,
  };
  const by = sortBy[query.sort];
  const found = await db
    .select({
      event: {
        id: event.id,
        name: event.name,
        slug: event.slug,
        status: event.status,
        isCancelled: event.isCancelled,
        isOnline: event.isOnline,
        onlineUrl: event.onlineUrl,
        venueId: event.venueId,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        soldTotal: event.soldTotal,
        capacityTotal: event.capacityTotal,
        currency: event.currency,
      },
      revenue,
      ticketTypes: ticketTypeCount,
    })
    .from(event)
    .leftJoin(money, eq(money.eventId, event.id))
    .where(where)
    .orderBy(query.dir === "asc" ? asc(by) : desc(by), query.dir === "asc" ? asc(event.id) : desc(event.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const sales = await salesOfEvents(
    db,
    found.map((f) => f.event.id),
  );
  const rows = found.map(({ event: e, revenue: kept, ticketTypes }): EventListRow => {
    const lifeCycle = lifeCycleOf(e, Number(ticketTypes), input.now ?? new Date());
    const sold = sales.get(e.id)!;
    return {
      id: e.id,
      name: e.name,
      slug: e.slug,
      status: e.isCancelled ? "cancelled" : (e.status as Exclude<typeof e.status, "deleted">),
      startsAt: e.startsAt,
      sold: e.soldTotal,
      capacity: e.capacityTotal,
      revenuePence: Number(kept),
      currency: e.currency,
      paidTickets: sold.paidTickets,
      freeTickets: sold.freeTickets,
      menu: eventMenu(lifeCycle, sold),
    };
  });
  return { rows, total, page, pages };
}

/**
 * One of the host's events as its actions menu needs it (src/web/components/studio/event-actions.tsx),
 * for a page that shows a single event (the editor's frame): the same menu the events table shows.
 */
export async function eventActionsFor(
  db: Db,
  input: { eventId: string; hostId: string },
): Promise<
  Pick<EventListRow, "id" | "name" | "slug" | "status" | "paidTickets" | "freeTickets" | "menu"> & { ended: boolean }
> {
  const e = await ownEvent(db, input);
  return {
    ended: e.lifeCycle.hasEnded,
    id: e.id,
    name: e.name,
    slug: e.slug,
    status: e.isCancelled ? "cancelled" : (e.status as Exclude<typeof e.status, "deleted">),
    paidTickets: e.sales.paidTickets,
    freeTickets: e.sales.freeTickets,
    menu: eventMenu(e.lifeCycle, e.sales),
  };
}
