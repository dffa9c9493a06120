import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import type { event } from "~/db/schema";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { changeEventStatus } from "./change-event-status";
import { eventActionsFor, type EventListQuery, listHostEvents } from "./list-host-events";

const now = new Date("2026-11-24T12:00:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;
const ids: Record<string, string> = {};

const all: EventListQuery = { search: "", status: "all", sort: "date", dir: "asc", page: 1 };
const names = async (query: Partial<EventListQuery>, pageSize?: number) =>
  (await listHostEvents(database.db, { hostId, query: { ...all, ...query }, pageSize })).rows.map((r) => r.name);

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  hostId = (await createHost(db)).id;
  const venueId = (await createVenue(db, hostId)).id;
  const day = (d: number) => new Date(Date.UTC(2026, 11, d, 19, 30));
  const make = async (name: string, d: number, more: Partial<typeof event.$inferInsert>, price = 1000) =>
    (ids[name] = (
      await createEvent(db, { hostId, venueId, name, startsAt: day(d), ...more }, [{ pricePence: price, capacity: 40 }])
    ).id);
  await make("Quiz Night", 3, {});
  await make("Comedy Cellar", 5, {});
  await make("Draft Disco", 7, { status: "draft" });
  await make("Archived Acoustic", 1, { status: "archived" });
  await make("Cancelled Ceilidh", 9, { isCancelled: true });
  await make("100% Vinyl", 11, {}, 0);
  await make("Gone Gig", 13, { status: "draft" });
  await changeEventStatus(db, { eventId: ids["Gone Gig"]!, hostId, action: "delete", now });
  // Sales: Comedy Cellar sells 3 at £10, Quiz Night 1, 100% Vinyl 2 free.
  const bea = await createBuyer(db);
  await buyTickets(db, { eventId: ids["Comedy Cellar"]!, buyer: bea, quantity: 3, now, sign: codes.sign });
  await buyTickets(db, { eventId: ids["Quiz Night"]!, buyer: bea, now, sign: codes.sign });
  await buyTickets(db, { eventId: ids["100% Vinyl"]!, buyer: bea, quantity: 2, now, sign: codes.sign });
  // Another host's event never shows.
  const other = await createHost(db, { email: "list-other-host@example.com" });
  await createEvent(db, { hostId: other.id, name: "Quiz Night Elsewhere", startsAt: day(4) });
});
afterAll(() => database.close());

describe("the host's events table", () => {
  it("lists only the host's own events, never deleted ones, with sold, capacity and revenue", async () => {
    const page = await listHostEvents(database.db, { hostId, query: all });
    expect(page.total).toBe(6);
    expect(page.rows.map((r) => r.name)).toEqual([
      "Archived Acoustic",
      "Quiz Night",
      "Comedy Cellar",
      "Draft Disco",
      "Cancelled Ceilidh",
      "100% Vinyl",
    ]);
    const comedy = page.rows.find((r) => r.name === "Comedy Cellar")!;
    expect(comedy).toMatchObject({ status: "published", sold: 3, capacity: 40, currency: "GBP" });
    // What buyers paid for their tickets (booking fee and all), less refunds.
    expect(comedy.revenuePence).toBeGreaterThanOrEqual(3000);
    expect(page.rows.find((r) => r.name === "Cancelled Ceilidh")!.status).toBe("cancelled");
    expect(page.rows.find((r) => r.name === "100% Vinyl")).toMatchObject({ sold: 2, revenuePence: 0 });
    // Each row says what the host may do: the free event offers to cancel its bookings before deleting.
    expect(page.rows.find((r) => r.name === "100% Vinyl")!.menu.map((m) => m.action)).toContain("cancel_free_orders");
  });

  it("searches names in any case, with % and _ meaning themselves", async () => {
    expect(await names({ search: "  quiz " })).toEqual(["Quiz Night"]);
    expect(await names({ search: "100%" })).toEqual(["100% Vinyl"]);
    expect(await names({ search: "%" })).toEqual(["100% Vinyl"]);
    expect(await names({ search: "_" })).toEqual([]);
  });

  it("filters by status, cancelled standing apart from the rest", async () => {
    expect(await names({ status: "draft" })).toEqual(["Draft Disco"]);
    expect(await names({ status: "archived" })).toEqual(["Archived Acoustic"]);
    expect(await names({ status: "cancelled" })).toEqual(["Cancelled Ceilidh"]);
    expect(await names({ status: "published" })).toEqual(["Quiz Night", "Comedy Cellar", "100% Vinyl"]);
  });

  it("sorts by any column on the database, either way", async () => {
    expect(await names({ sort: "name", dir: "asc" })).toEqual([
      "100% Vinyl",
      "Archived Acoustic",
      "Cancelled Ceilidh",
      "Comedy Cellar",
      "Draft Disco",
      "Quiz Night",
    ]);
    expect((await names({ sort: "sold", dir: "desc" })).slice(0, 3)).toEqual([
      "Comedy Cellar",
      "100% Vinyl",
      "Quiz Night",
    ]);
    expect((await names({ sort: "revenue", dir: "desc" })).slice(0, 2)).toEqual(["Comedy Cellar", "Quiz Night"]);
    expect((await names({ sort: "date", dir: "desc" }))[0]).toBe("100% Vinyl");
  });

  it("pages, keeping a page past the end to the last one", async () => {
    expect(await listHostEvents(database.db, { hostId, query: { ...all, page: 2 }, pageSize: 4 })).toMatchObject({
      page: 2,
      pages: 2,
      total: 6,
    });
    expect(await names({ page: 2 }, 4)).toEqual(["Cancelled Ceilidh", "100% Vinyl"]);
    expect((await listHostEvents(database.db, { hostId, query: { ...all, page: 99 }, pageSize: 4 })).page).toBe(2);
  });

  it("gives one event's menu for the editor, as the table does, and none of another host's", async () => {
    const one = await eventActionsFor(database.db, { eventId: ids["100% Vinyl"]!, hostId });
    const row = (await listHostEvents(database.db, { hostId, query: { ...all, search: "vinyl" } })).rows[0]!;
    expect(one).toEqual({
      id: row.id,
      name: row.name,
      slug: row.slug,
      status: row.status,
      paidTickets: row.paidTickets,
      freeTickets: 2,
      menu: row.menu,
      ended: false,
    });
    const other = await createHost(database.db, { email: "list-menu-other@example.com" });
    await expect(eventActionsFor(database.db, { eventId: ids["100% Vinyl"]!, hostId: other.id })).rejects.toMatchObject(
      {
        code: "not_found",
      },
    );
  });

  it("shows another host none of these", async () => {
    const other = await createHost(database.db, { email: "list-empty-host@example.com" });
    expect(await listHostEvents(database.db, { hostId: other.id, query: all })).toEqual({
      rows: [],
      total: 0,
      page: 1,
      pages: 1,
    });
  });
});
