import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { event, ticketType, user, venue } from "~/db/schema";
import { dateRange } from "~/domain/discovery";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { createTestDatabase } from "../../tests/setup/test-db";
import { countByCategory, countEvents, listEvents, pageEvents } from "./discover-events";

// A Tuesday lunchtime in November (GMT).
const now = new Date("2026-11-24T12:00:00Z");
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
let database: Database;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const host = await createHost(db, { id: "host-a" });
  const other = await createHost(db, {
    id: "host-b",
    firstName: "Nadia",
    lastName: "Okafor",
    hostTitle: "Northern Sparks",
  });
  const oxford = await createVenue(db, host.id);
  const manchester = await createVenue(db, other.id, {
    name: "Band on the Wall",
    city: "Manchester",
    lat: 53.4857,
    lng: -2.2362,
    formattedAddress: "25 Swan Street, Manchester M4 5JZ",
  });
  const make = async (
    key: string,
    fields: Parameters<typeof createEvent>[1],
    tickets?: Parameters<typeof createEvent>[2],
  ) => {
    ids[key] = (await createEvent(db, { venueId: oxford.id, name: key, ...fields }, tickets)).id;
  };
  await make("tonight", { hostId: host.id, startsAt: hours(7), endsAt: hours(10) }, [
    { pricePence: 500, capacity: 100, sold: 40 },
  ]);
  await make(
    "next-week-free",
    { hostId: host.id, startsAt: hours(7 * 24), category: "community-events", eventType: "block-parties" },
    [{ pricePence: 0, capacity: 50 }],
  );
  await make("sold-out", { hostId: other.id, venueId: manchester.id, startsAt: hours(48) }, [
    { pricePence: 2500, capacity: 10, sold: 10 },
  ]);
  await make("nearly", { hostId: other.id, venueId: manchester.id, startsAt: hours(72) }, [
    { pricePence: 1500, capacity: 100, sold: 85 },
  ]);
  await make("ended-today", { hostId: host.id, startsAt: hours(-5), endsAt: hours(-2) }, [
    { pricePence: 800, capacity: 40, sold: 30 },
  ]);
  await make("two-days-ago", { hostId: host.id, startsAt: hours(-48) });
  await make("last-week", { hostId: host.id, startsAt: hours(-24 * 7) });
  await make("private", { hostId: host.id, startsAt: hours(30), isPrivate: true });
  await make("cancelled", { hostId: host.id, startsAt: hours(30), isCancelled: true });
  await make("draft", { hostId: host.id, startsAt: hours(30), status: "draft" });
  await make("archived", { hostId: host.id, startsAt: hours(30), status: "archived" });
  await make(
    "online",
    {
      hostId: other.id,
      venueId: null,
      isOnline: true,
      startsAt: hours(26),
      category: "online-events",
      eventType: "webinars",
    },
    [
      { pricePence: 1200, capacity: 500 },
      { pricePence: 300, capacity: 20, kind: "private" },
    ],
  );
});

afterAll(async () => {
  await database.close();
});

const slugsOf = (events: { name: string }[]) => events.map((e) => e.name);

describe("listEvents", () => {
  it("lists upcoming public events soonest first, never private, draft, archived or cancelled ones", async () => {
    const events = await listEvents(database.db, { now, scope: "upcoming", sort: "date", limit: 50 });
    expect(slugsOf(events)).toEqual(["tonight", "online", "sold-out", "nearly", "next-week-free"]);
  });

  it("shows the public window from three days back, ended events after the upcoming ones, latest first", async () => {
    const events = await listEvents(database.db, { now, scope: "public", sort: "date", limit: 50 });
    expect(slugsOf(events)).toEqual([
      "tonight",
      "online",
      "sold-out",
      "nearly",
      "next-week-free",
      "ended-today",
      "two-days-ago",
    ]);
  });

  it("returns a card's venue, host, stock and tickets; no private ticket price leaks into its price", async () => {
    const [online] = await listEvents(database.db, {
      now,
      scope: "upcoming",
      sort: "date",
      limit: 1,
      category: "online-events",
    });
    expect(online).toMatchObject({ name: "online", isOnline: true, venue: null, capacity: 520, sold: 0 });
    expect(online!.host).toMatchObject({ id: "host-b", name: "Nadia Okafor", title: "Northern Sparks" });
    expect(online!.tickets.map((t) => [t.kind, t.pricePence])).toEqual([
      ["general", 1200],
      ["private", 300],
    ]);
    const [sold] = await listEvents(database.db, {
      now,
      scope: "upcoming",
      sort: "date",
      limit: 1,
      hostId: "host-b",
      range: { from: hours(47), to: hours(49) },
    });
    expect(sold).toMatchObject({ name: "sold-out", capacity: 10, sold: 10 });
    expect(sold!.venue).toMatchObject({ name: "Band on the Wall", city: "Manchester" });
    expect(sold!.startsAt).toEqual(hours(48));
  });

  it("filters by category, type, host and dates", async () => {
    expect(
      slugsOf(
        await listEvents(database.db, {
          now,
          scope: "upcoming",
          sort: "date",
          limit: 50,
          category: "community-events",
        }),
      ),
    ).toEqual(["next-week-free"]);
    expect(
      slugsOf(
        await listEvents(database.db, { now, scope: "upcoming", sort: "date", limit: 50, eventType: "webinars" }),
      ),
    ).toEqual(["online"]);
    expect(
      slugsOf(
        await listEvents(database.db, {
          now,
          scope: "upcoming",
          sort: "date",
          limit: 50,
          range: dateRange("today", now)!,
        }),
      ),
    ).toEqual(["tonight"]);
    expect(
      slugsOf(
        await listEvents(database.db, {
          now,
          scope: "upcoming",
          sort: "date",
          limit: 50,
          range: dateRange("weekend", now)!,
        }),
      ),
    ).toEqual([]);
  });

  it("filters by the cheapest on-sale ticket's headline price; free means every public ticket is free", async () => {
    const under10 = await listEvents(database.db, {
      now,
      scope: "upcoming",
      sort: "date",
      limit: 50,
      maxPrice: { totalMinor: 999, currency: "GBP" },
    });
    expect(slugsOf(under10)).toEqual(["tonight", "next-week-free"]);
    // The sold-out event has nothing on sale, so no price band includes it.
    const under50 = await listEvents(database.db, {
      now,
      scope: "upcoming",
      sort: "date",
      limit: 50,
      maxPrice: { totalMinor: 4999, currency: "GBP" },
    });
    expect(slugsOf(under50)).toEqual(["tonight", "online", "nearly", "next-week-free"]);
    expect(
      slugsOf(await listEvents(database.db, { now, scope: "upcoming", sort: "date", limit: 50, freeOnly: true })),
    ).toEqual(["next-week-free"]);
  });

  it("finds events near a point, nearest first, with the distance", async () => {
    const nearManchester = await listEvents(database.db, {
      now,
      scope: "upcoming",
      sort: "distance",
      limit: 50,
      near: { centre: { lat: 53.48, lng: -2.24 }, radiusKm: 10 },
    });
    expect(slugsOf(nearManchester)).toEqual(["sold-out", "nearly"]);
    expect(nearManchester[0]!.distanceKm).toBeGreaterThan(0);
    expect(nearManchester[0]!.distanceKm).toBeLessThan(2);
    const farther = await listEvents(database.db, {
      now,
      scope: "upcoming",
      sort: "distance",
      limit: 50,
      near: { centre: { lat: 53.48, lng: -2.24 }, radiusKm: 250 },
    });
    expect(slugsOf(farther)).toEqual(["sold-out", "nearly", "tonight", "next-week-free"]);
  });

  it("ranks trending by share sold among events with takings and places left", async () => {
    const trending = await listEvents(database.db, {
      now,
      scope: "upcoming",
      sort: "trending",
      limit: 12,
      hasRevenue: true,
      notSoldOut: true,
    });
    expect(slugsOf(trending)).toEqual(["nearly", "tonight"]);
  });

  it("pages with a total, and counts agree with the list", async () => {
    const first = await pageEvents(database.db, { now, scope: "upcoming", sort: "date", limit: 2, offset: 0 });
    const second = await pageEvents(database.db, { now, scope: "upcoming", sort: "date", limit: 2, offset: 2 });
    expect(first.total).toBe(5);
    expect(slugsOf([...first.events, ...second.events])).toEqual(["tonight", "online", "sold-out", "nearly"]);
    expect(await countEvents(database.db, { now, scope: "upcoming", notSoldOut: true })).toBe(4);
  });

  it("counts public events per category from the start of today", async () => {
    expect(await countByCategory(database.db, now)).toEqual({
      "music-events": 4,
      "community-events": 1,
      "online-events": 1,
    });
  });

  it("keeps search documents in step with renamed venues and hosts", async () => {
    const db = database.db;
    const read = async () =>
      (await db.select({ text: event.searchText }).from(event).where(eq(event.id, ids["sold-out"]!)))[0]!.text;
    expect(await read()).toContain("band on the wall");
    expect(await read()).toContain("northern sparks");
    await db.update(venue).set({ name: "The Wall of Sound" }).where(eq(venue.name, "Band on the Wall"));
    await db.update(user).set({ hostTitle: "Southern Sparks" }).where(eq(user.id, "host-b"));
    expect(await read()).toContain("the wall of sound");
    expect(await read()).toContain("southern sparks");
    expect(await read()).not.toContain("northern");
  });

  it("keeps the event's stock totals equal to its ticket types', even with sales committing at once", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId: "host-a", startsAt: hours(100), name: "Busy night" }, [
      { pricePence: 1000, capacity: 200 },
      { pricePence: 1500, capacity: 100 },
    ]);
    const types = await db.select({ id: ticketType.id }).from(ticketType).where(eq(ticketType.eventId, e.id));
    // Forty one-ticket sales, alternating between the two types, each in its own transaction.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.transaction((tx) =>
          tx.execute(sql`update ticket_type set sold = sold + 1 where id = ${types[i % 2]!.id}::uuid`),
        ),
      ),
    );
    await db.update(ticketType).set({ capacity: 250 }).where(eq(ticketType.id, types[0]!.id));
    await db.insert(ticketType).values({ eventId: e.id, name: "VIP", pricePence: 5000, capacity: 10, sold: 2 });
    await db.delete(ticketType).where(eq(ticketType.id, types[1]!.id));
    const [totals] = await db
      .select({ capacity: event.capacityTotal, sold: event.soldTotal, revenue: event.revenuePence })
      .from(event)
      .where(eq(event.id, e.id));
    const [actual] = (
      await db.execute<{ capacity: number; sold: number; revenue: number }>(
        sql`select sum(capacity)::int as capacity, sum(sold)::int as sold,
            sum(sold::bigint * price_pence)::int as revenue
          from ticket_type where event_id = ${e.id}::uuid`,
      )
    ).rows;
    expect(totals).toEqual({
      capacity: Number(actual!.capacity),
      sold: Number(actual!.sold),
      revenue: Number(actual!.revenue),
    });
    expect(totals).toEqual({ capacity: 260, sold: 22, revenue: 20 * 1000 + 2 * 5000 });
  });
});
