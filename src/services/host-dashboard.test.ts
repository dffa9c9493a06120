import { and, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { cancellationRequest, event, order, ticket } from "~/db/schema";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { DASHBOARD_ORDERS_PAGE_SIZE, hostDashboard } from "./host-dashboard";

const codes = createTicketCodes("a test ticket secret that is long enough");
const DAY = 86_400_000;
// Noon on Thursday 26 November 2026 in London (GMT).
const now = new Date("2026-11-26T12:00:00Z");
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("a host's dashboard", () => {
  it("adds up the same orders by day and in total, in both currencies, only the host's own", async () => {
    const db = database.db;
    const host = await createHost(db);
    const other = await createHost(db);
    const bea = await createBuyer(db, "Bea Buyer");
    const gig = await createEvent(
      db,
      { hostId: host.id, name: "Big Gig", startsAt: new Date(now.getTime() + 20 * DAY) },
      [{ pricePence: 1500, capacity: 100 }],
    );
    const euro = await createEvent(
      db,
      { hostId: host.id, name: "Dublin Night", currency: "EUR", startsAt: new Date(now.getTime() + 20 * DAY) },
      [{ pricePence: 1000, capacity: 50 }],
    );
    const free = await createEvent(
      db,
      { hostId: host.id, name: "Free Talk", startsAt: new Date(now.getTime() + 20 * DAY) },
      [{ pricePence: 0, capacity: 50 }],
    );
    const theirs = await createEvent(db, {
      hostId: other.id,
      name: "Not Yours",
      startsAt: new Date(now.getTime() + 20 * DAY),
    });

    const buy = (eventId: string, quantity: number, at: Date) =>
      buyTickets(db, { eventId, buyer: bea, quantity, now: at, sign: codes.sign });
    const bought = [
      await buy(gig.id, 2, new Date(now.getTime() - 2 * 3_600_000)), // today
      await buy(gig.id, 1, new Date(now.getTime() - 1 * DAY)), // yesterday
      await buy(euro.id, 3, new Date(now.getTime() - 3 * DAY)),
      await buy(free.id, 4, new Date(now.getTime() - 6 * DAY)), // the first day of the last 7
      await buy(gig.id, 1, new Date(now.getTime() - 6 * DAY - 13 * 3_600_000)), // 23:00 the day before: outside
    ];
    await buy(theirs.id, 5, new Date(now.getTime() - 1 * DAY));
    // A partial refund of the second order, with one of its tickets no longer sold.
    await db.update(order).set({ refundedPence: 500 }).where(eq(order.id, bought[1]!.orderId));

    const week = await hostDashboard(db, { hostId: host.id, now, range: 7 });
    expect(week.sales).toHaveLength(7);
    expect(week.sales[0]!.day).toBe("2026-11-20");
    expect(week.sales.at(-1)!.day).toBe("2026-11-26");
    const byDay = Object.fromEntries(week.sales.map((d) => [d.day, d]));
    expect(byDay["2026-11-26"]).toMatchObject({ tickets: 2, revenue: { GBP: bought[0]!.totalPence } });
    expect(byDay["2026-11-20"]).toMatchObject({ tickets: 4, revenue: {} });

    // One way: the days added up. The other: the orders themselves, read straight from the rows.
    const inWeek = bought.slice(0, 4);
    const sumDays = (key: "GBP" | "EUR") => week.sales.reduce((s, d) => s + (d.revenue[key] ?? 0), 0);
    expect(week.sales.reduce((s, d) => s + d.tickets, 0)).toBe(week.totals.tickets);
    expect(sumDays("GBP")).toBe(week.totals.revenue.GBP);
    expect(sumDays("EUR")).toBe(week.totals.revenue.EUR);
    const rows = await db
      .select({ currency: order.currency, net: sql<number>`sum(${order.totalPence} - ${order.refundedPence})::int` })
      .from(order)
      .where(sql`${order.id} in ${inWeek.map((b) => b.orderId)}`)
      .groupBy(order.currency);
    expect(Object.fromEntries(rows.map((r) => [r.currency, r.net]))).toEqual(week.totals.revenue);
    expect(week.totals.tickets).toBe(inWeek.reduce((s, b) => s + b.tickets.length, 0));
    expect(week.totals.revenue.GBP).toBe(bought[0]!.totalPence + bought[1]!.totalPence - 500);

    // A void ticket is no longer sold, on the day its order was placed.
    await db.update(ticket).set({ status: "void" }).where(eq(ticket.id, bought[0]!.tickets[0]!.id));
    const after = await hostDashboard(db, { hostId: host.id, now, range: 7 });
    expect(after.totals.tickets).toBe(week.totals.tickets - 1);
    const valid = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(ticket)
      .where(and(ne(ticket.status, "void"), sql`${ticket.orderId} in ${inWeek.map((b) => b.orderId)}`));
    expect(after.totals.tickets).toBe(valid[0]!.n);

    // Thirty days take in the order from eight days ago too.
    const month = await hostDashboard(db, { hostId: host.id, now, range: 30 });
    expect(month.sales).toHaveLength(30);
    expect(month.totals.tickets).toBe(after.totals.tickets + 1);

    // Recent orders: the host's own, newest first, a page at a time.
    expect(week.orders.total).toBe(5);
    expect(week.orders.rows.map((o) => o.id)).toEqual(bought.map((b) => b.orderId)); // bought newest first
    expect(week.orders.rows[0]).toMatchObject({ eventName: "Big Gig", tickets: 2 });
    expect(week.orders.pages).toBe(Math.ceil(5 / DASHBOARD_ORDERS_PAGE_SIZE));
  });

  it("shows today's and next events, pending requests and what needs attention; nothing for a new host", async () => {
    const db = database.db;
    const host = await createHost(db);
    const empty = await hostDashboard(db, { hostId: host.id, now, range: 7 });
    expect(empty).toMatchObject({
      today: [],
      next: [],
      pending: 0,
      attention: [],
      totals: { tickets: 0, revenue: {} },
    });
    expect(empty.orders).toEqual({ rows: [], page: 1, pages: 1, total: 0 });

    const place = await createVenue(db, host.id);
    const tonight = await createEvent(db, {
      hostId: host.id,
      name: "Tonight",
      venueId: place.id,
      startsAt: new Date("2026-11-26T19:00:00Z"),
    });
    const soon = await createEvent(db, {
      hostId: host.id,
      name: "Soon",
      venueId: place.id,
      startsAt: new Date(now.getTime() + 3 * DAY),
    });
    await createEvent(db, {
      hostId: host.id,
      name: "Later",
      venueId: place.id,
      startsAt: new Date(now.getTime() + 30 * DAY),
    });
    const bare = await createEvent(
      db,
      { hostId: host.id, name: "Bare Draft", status: "draft", startsAt: new Date(now.getTime() + 40 * DAY) },
      [],
    );
    await createEvent(db, {
      hostId: host.id,
      name: "Over",
      venueId: place.id,
      startsAt: new Date(now.getTime() - 3 * DAY),
    });
    await db.update(event).set({ status: "archived" }).where(eq(event.name, "Over"));
    const bea = await createBuyer(db);
    const sale = await buyTickets(db, { eventId: soon.id, buyer: bea, quantity: 1, now, sign: codes.sign });
    await db
      .insert(cancellationRequest)
      .values({ orderId: sale.orderId, requestedBy: bea.id, reason: "Can't make it" });

    const board = await hostDashboard(db, { hostId: host.id, now, range: 7 });
    expect(board.today.map((e) => e.name)).toEqual(["Tonight"]);
    expect(board.next.map((e) => e.name)).toEqual(["Soon", "Later", "Bare Draft"]);
    expect(board.pending).toBe(1);
    expect(board.attention).toEqual([
      expect.objectContaining({ eventId: tonight.id, reasons: ["starting_soon_unsold"], unsold: 100 }),
      expect.objectContaining({ eventId: soon.id, reasons: ["starting_soon_unsold"], unsold: 99 }),
      expect.objectContaining({ eventId: bare.id, reasons: ["draft_without_venue", "draft_without_tickets"] }),
    ]);
    // Another host sees none of it.
    const other = await createHost(db);
    expect(await hostDashboard(db, { hostId: other.id, now, range: 7 })).toMatchObject({
      today: [],
      next: [],
      pending: 0,
      attention: [],
      orders: { total: 0 },
    });
  });
});
