import { verifyPassword } from "better-auth/crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysYmd, londonWallTimeToUtc, londonYmd } from "../../lib/london-time";
import { createTestDatabase } from "../../../tests/setup/test-db";
import type { Database } from "../client.server";
import {
  account,
  alert,
  appMeta,
  cancellationRequest,
  discount,
  event,
  featureFlag,
  hostFollow,
  order,
  seatClaim,
  ticket,
  ticketType,
  user,
  venue,
  waitlistEntry,
} from "../schema";
import { createTicketCodes } from "../../server/ticket-codes.server";
import { normalisePostcode, parseCapacity } from "../../domain/venue-rules";
import { usernameProblem } from "../../domain/profile-rules";
import { CATEGORIES, VENUES } from "./demo-data";
import { chooseBuyerEvents, planDemoOrders } from "./demo-orders";
import { allocateSales, planDemoEvents, scheduleDemoEvent, seedDemoIfEmpty } from "./seed-demo";
import { seedSyntheticEvents } from "./synthetic";

// 13:00 in London (BST), so "later today" and "earlier today" both have room.
const now = new Date("2026-06-15T12:00:00Z");
const saved = new Map<string, { data: Buffer; contentType: string }>();
const storage = {
  save: async (key: string, data: Buffer, contentType: string) => void saved.set(key, { data, contentType }),
};
const codes = createTicketCodes("the seed test's ticket secret");
let database: Database;

beforeAll(async () => {
  // A migrated copy of the run's template database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
  database = await createTestDatabase();
  expect(await seedDemoIfEmpty(database.db, { now, storage, sign: codes.sign })).toBe(true);
}, 120_000);

afterAll(async () => {
  await database?.close();
});

/** One row per event with its ticket totals. */
async function eventStock() {
  return database.db
    .select({
      slug: event.slug,
      category: event.category,
      eventType: event.eventType,
      status: event.status,
      hostId: event.hostId,
      venueId: event.venueId,
      isOnline: event.isOnline,
      onlineUrl: event.onlineUrl,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      isPrivate: event.isPrivate,
      isCancelled: event.isCancelled,
      lastPublishedAt: event.lastPublishedAt,
      images: event.images,
      types: sql<number>`count(*)::int`,
      soldOutTypes: sql<number>`count(*) filter (where ${ticketType.sold} = ${ticketType.capacity})::int`,
      capacity: sql<number>`sum(${ticketType.capacity})::int`,
      sold: sql<number>`sum(${ticketType.sold})::int`,
      maxPrice: sql<number>`max(${ticketType.pricePence})::int`,
      pwyw: sql<boolean>`bool_or(${ticketType.payWhatYouWish})`,
    })
    .from(event)
    .innerJoin(ticketType, eq(ticketType.eventId, event.id))
    .groupBy(event.id);
}

async function countRows() {
  const count = async (table: typeof user | typeof venue | typeof event | typeof ticketType | typeof account) =>
    (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  return {
    users: await count(user),
    accounts: await count(account),
    venues: await count(venue),
    events: await count(event),
    tickets: await count(ticketType),
  };
}

describe("demo data", () => {
  const events = CATEGORIES.flatMap((c) => c.events.map((e) => ({ ...e, category: c })));

  it("has five events in each of the spec's twelve categories, typed by that category's subcategories", () => {
    expect(CATEGORIES.map((c) => c.slug)).toEqual([
      "music-events",
      "comedy-events",
      "pubs-clubs-events",
      "arts-culture-events",
      "sports-fitness-events",
      "food-drink-events",
      "business-networking-events",
      "charity-fundraising-events",
      "community-events",
      "education-training-events",
      "online-events",
      "kids-events",
    ]);
    for (const c of CATEGORIES) {
      expect(c.events, c.slug).toHaveLength(5);
      for (const e of c.events) expect(c.eventTypes, e.name).toContain(e.eventType);
    }
    expect(new Set(events.map((e) => e.name)).size).toBe(60);
  });

  it("gives every demo venue what the venue form asks for: a written postcode, a capacity that fits its seats", () => {
    for (const v of VENUES) {
      expect(normalisePostcode(v.postcode), v.name).toEqual({ ok: true, postcode: v.postcode });
      expect(parseCapacity(String(v.capacity)), v.name).toEqual({ ok: true, value: v.capacity });
      if (v.seatRows && v.seatColumns) expect(v.capacity, v.name).toBeGreaterThanOrEqual(v.seatRows * v.seatColumns);
    }
  });

  it("keeps every event consistent with its venue, host and scenario", () => {
    for (const e of events) {
      const v = e.venue === null ? null : VENUES[e.venue];
      expect(e.venue === null ? true : v !== undefined, e.name).toBe(true);
      if (v) expect(v.host, `${e.name} is at a venue its host owns`).toBe(e.host);
      expect(e.category.slug === "online-events", `${e.name}: online events and only they have no venue`).toBe(
        e.venue === null,
      );
      if (v?.seatRows && v.seatColumns)
        expect(
          e.tickets.reduce((a, t) => a + t.capacity, 0),
          `${e.name} fits the seat plan`,
        ).toBeLessThanOrEqual(v.seatRows * v.seatColumns);
      expect(e.tickets.length).toBeGreaterThanOrEqual(1);
      expect(e.tickets.length).toBeLessThanOrEqual(3);
      for (const t of e.tickets) {
        expect(Number.isInteger(t.pricePence)).toBe(true);
        // Free, or between £3 and £35.
        expect(t.pricePence === 0 || (t.pricePence >= 300 && t.pricePence <= 3500), `${e.name} / ${t.name}`).toBe(true);
        expect(t.capacity).toBeGreaterThan(0);
      }
      expect(e.time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      const paragraphs = e.description.split("\n\n");
      expect(paragraphs.every((p) => p.trim().length > 0)).toBe(true);
      const sentences = e.description.split(/(?<=[.!?])\s+/).length;
      expect(sentences, e.name).toBeGreaterThanOrEqual(1);
      expect(sentences, e.name).toBeLessThanOrEqual(4);
      if (e.scenario === "past") expect(e.day).toBeLessThanOrEqual(-1);
      if (e.scenario === "past") expect(e.day).toBeGreaterThanOrEqual(-30);
      if (e.scenario === "today" || e.scenario === "ended-today") expect(e.day).toBe(0);
      if (!["past", "today", "ended-today"].includes(e.scenario)) expect(e.day, e.name).toBeGreaterThanOrEqual(1);
      expect(e.day).toBeLessThanOrEqual(90);
    }
    const host2 = events.filter((e) => e.host === "host2").length;
    expect(host2).toBeGreaterThanOrEqual(15);
    expect(host2).toBeLessThanOrEqual(25);
  });

  it("places venues at real UK coordinates, one or two with a seat plan", () => {
    expect(VENUES.length).toBeGreaterThanOrEqual(12);
    for (const v of VENUES) {
      expect(v.lat).toBeGreaterThan(49.8);
      expect(v.lat).toBeLessThan(60.9);
      expect(v.lng).toBeGreaterThan(-8.7);
      expect(v.lng).toBeLessThan(1.8);
      expect(v.postcode).toMatch(/^[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/);
    }
    expect(VENUES.filter((v) => v.seatRows && v.seatColumns).length).toBeGreaterThanOrEqual(1);
  });
});

describe("planning", () => {
  it("is deterministic for a given now", () => {
    expect(planDemoEvents(now)).toEqual(planDemoEvents(now));
  });

  it("converts London wall times on the event's own date, across the clock change", () => {
    // Seeded in winter (GMT): an event 20 days later falls in BST and starts an hour earlier in UTC.
    const winter = new Date("2026-03-20T12:00:00Z");
    const { startsAt } = scheduleDemoEvent({ day: 20, time: "19:30", minutes: 60, scenario: "upcoming" }, winter);
    expect(startsAt.toISOString()).toBe("2026-04-09T18:30:00.000Z");
  });

  it("keeps today's events today, and the ended one ended, whatever time the seed runs", () => {
    for (const iso of [
      "2026-06-15T23:10:00Z" /* 00:10 BST */,
      "2026-06-15T23:01:00Z",
      "2026-06-15T05:00:00Z",
      "2026-06-15T21:50:00Z",
      "2026-12-15T23:40:00Z",
    ]) {
      const at = new Date(iso);
      const ymd = londonYmd(at);
      for (const e of planDemoEvents(at)) {
        if (e.template.scenario === "today") {
          expect(londonYmd(e.startsAt), `${iso} ${e.slug}`).toBe(ymd);
          expect(e.endsAt.getTime(), `${iso} ${e.slug}`).toBeGreaterThan(at.getTime());
        }
        if (e.template.scenario === "ended-today") {
          expect(londonYmd(e.startsAt), `${iso} ${e.slug}`).toBe(ymd);
          expect(e.endsAt.getTime(), `${iso} ${e.slug}`).toBeLessThan(at.getTime());
        }
      }
    }
  });

  it("sells 80–99% of a nearly-sold-out event, never all of it", () => {
    for (let seed = 0; seed < 50; seed++) {
      let x = seed / 50;
      const rand = () => (x = (x * 9301 + 0.49297) % 1);
      const tickets = [
        { name: "A", pricePence: 500, capacity: 7 },
        { name: "B", pricePence: 900, capacity: 3 },
      ];
      const sold = allocateSales(tickets, "nearly-sold-out", rand);
      const total = sold[0]! + sold[1]!;
      expect(total / 10).toBeGreaterThanOrEqual(0.8);
      expect(total).toBeLessThan(10);
      expect(sold[0]!).toBeLessThanOrEqual(7);
      expect(sold[1]!).toBeLessThanOrEqual(3);
    }
  });
});

describe("seedDemoIfEmpty", () => {
  it("creates the five demo accounts, verified, with the password ticketyboo", async () => {
    const rows = await database.db
      .select({ id: user.id, email: user.email, type: user.userType, verified: user.emailVerified, user, account })
      .from(user)
      .innerJoin(account, eq(account.userId, user.id));
    expect(rows.map((r) => `${r.email}:${r.type}`).sort()).toEqual([
      "buyer@ticketyboo.test:buyer",
      "friend@ticketyboo.test:buyer",
      "host2@ticketyboo.test:host",
      "host@ticketyboo.test:host",
      "staff@ticketyboo.test:buyer",
    ]);
    for (const row of rows) {
      expect(row.verified).toBe(true);
      expect(row.account).toMatchObject({ providerId: "credential", accountId: row.id });
      expect(await verifyPassword({ hash: row.account.password!, password: "ticketyboo" })).toBe(true);
      expect(await verifyPassword({ hash: row.account.password!, password: "wrong" })).toBe(false);
      const avatar = saved.get(row.user.image!.replace(/^\/media\//, ""));
      expect(avatar?.data.subarray(0, 2).toString("hex")).toBe("ffd8");
    }
    const byEmail = (email: string) => rows.find((r) => r.email === email)!.user;
    expect(byEmail("buyer@ticketyboo.test")).toMatchObject({ name: "Bea Buyer" });
    expect(byEmail("host@ticketyboo.test")).toMatchObject({
      name: "Harriet Host",
      hostTitle: "The Crown Collective",
      username: "thecrowncollective",
      isVerified: true,
    });
    expect(byEmail("host@ticketyboo.test").bio).toBeTruthy();
    expect(byEmail("host2@ticketyboo.test")).toMatchObject({
      hostTitle: "Northern Sparks",
      username: "northernsparks",
      isVerified: false,
    });
    // Only the staff account sees staff pages.
    expect(byEmail("staff@ticketyboo.test")).toMatchObject({
      name: "Sam Staff",
      firstName: "Sam",
      lastName: "Staff",
      isStaff: true,
    });
    expect(rows.filter((r) => r.user.isStaff).map((r) => r.email)).toEqual(["staff@ticketyboo.test"]);
    expect(byEmail("friend@ticketyboo.test")).toMatchObject({ name: "Femi Friend", userType: "buyer" });
    // Every demo username is one a host may have: none is a page of the site (a booking page is /{username}).
    for (const row of rows) if (row.user.username) expect(usernameProblem(row.user.username)).toBeNull();
    // The demo buyer follows The Crown Collective, so their dashboard has something from a host they follow.
    const follows = await database.db.select({ userId: hostFollow.userId, hostId: hostFollow.hostId }).from(hostFollow);
    expect(follows).toEqual([
      { userId: byEmail("buyer@ticketyboo.test").id, hostId: byEmail("host@ticketyboo.test").id },
    ]);
  });

  it("waitlists people for sold-out shows (the demo buyer for one); a cancellation request awaits a host", async () => {
    const waiting = await database.db
      .select({
        email: user.email,
        flag: user.waitlistRequest,
        status: waitlistEntry.status,
        eventStatus: event.status,
        soldTotal: event.soldTotal,
        capacityTotal: event.capacityTotal,
      })
      .from(waitlistEntry)
      .innerJoin(user, eq(user.id, waitlistEntry.userId))
      .innerJoin(event, eq(event.id, waitlistEntry.eventId));
    expect(waiting.length).toBeGreaterThanOrEqual(4);
    for (const w of waiting) {
      expect(w).toMatchObject({ flag: true, status: "waiting", eventStatus: "published" });
      // Only sold-out events have a line.
      expect(w.soldTotal).toBe(w.capacityTotal);
    }
    expect(waiting.map((w) => w.email)).toContain("buyer@ticketyboo.test");
    const requests = await database.db
      .select({ status: cancellationRequest.status, orderStatus: order.status, host: user.email })
      .from(cancellationRequest)
      .innerJoin(order, eq(order.id, cancellationRequest.orderId))
      .innerJoin(user, eq(user.id, order.hostId));
    expect(requests).toEqual([{ status: "pending", orderStatus: "paid", host: "host@ticketyboo.test" }]);
  });

  it("seeds 60 events over all 12 categories, with every scenario the demo needs", async () => {
    const events = await eventStock();
    expect(events).toHaveLength(60);
    expect(new Set(events.map((e) => e.category))).toEqual(new Set(CATEGORIES.map((c) => c.slug)));
    for (const e of events) expect(e.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);

    const today = londonYmd(now);
    const monthAgo = londonWallTimeToUtc(addDaysYmd(today, -30), "00:00");
    const past = events.filter((e) => londonYmd(e.startsAt) < today && e.endsAt! < now && e.startsAt >= monthAgo);
    const todays = events.filter((e) => londonYmd(e.startsAt) === today);
    const soldOut = events.filter((e) => e.soldOutTypes === e.types);
    const nearly = events.filter((e) => e.sold / e.capacity >= 0.8 && e.sold < e.capacity);
    const upcoming = events.filter((e) => e.startsAt > now && londonYmd(e.startsAt) > today);

    expect(past.length).toBeGreaterThanOrEqual(4);
    expect(todays.length).toBeGreaterThanOrEqual(4);
    expect(todays.filter((e) => e.startsAt > now).length).toBeGreaterThanOrEqual(3);
    expect(todays.filter((e) => e.endsAt! < now).length).toBeGreaterThanOrEqual(1);
    expect(upcoming.length).toBeGreaterThanOrEqual(30);
    for (const e of upcoming) expect(e.startsAt.getTime()).toBeLessThanOrEqual(now.getTime() + 91 * 86_400_000);
    expect(soldOut.length).toBeGreaterThanOrEqual(4);
    expect(nearly.length).toBeGreaterThanOrEqual(4);
    expect(events.filter((e) => e.maxPrice === 0).length).toBeGreaterThanOrEqual(6);
    expect(events.filter((e) => e.pwyw).length).toBeGreaterThanOrEqual(3);
    expect(events.filter((e) => e.isPrivate).length).toBeGreaterThanOrEqual(2);
    expect(events.filter((e) => e.isCancelled)).toHaveLength(1);
    expect(events.filter((e) => e.status === "draft")).toHaveLength(1);
    expect(events.filter((e) => e.status === "published")).toHaveLength(59);

    // Online events and only they have no venue.
    for (const e of events) expect(e.isOnline, e.slug).toBe(e.venueId === null);
    for (const e of events) expect(e.onlineUrl?.startsWith("https://") ?? false, e.slug).toBe(e.isOnline);
    expect(events.filter((e) => e.isOnline).length).toBe(5);

    // Published within the last 120 days (and before a past event happened); the draft never was.
    for (const e of events) {
      if (e.status === "draft") expect(e.lastPublishedAt).toBeNull();
      else {
        expect(e.lastPublishedAt!.getTime()).toBeLessThan(now.getTime());
        expect(e.lastPublishedAt!.getTime()).toBeGreaterThan(now.getTime() - 121 * 86_400_000);
        expect(e.lastPublishedAt!.getTime()).toBeLessThan(e.startsAt.getTime());
      }
    }
  });

  it("gives most events to the first host and about a third to the second, at venues they own", async () => {
    const rows = await database.db
      .select({ host: user.email, venueHost: venue.hostId, hostId: event.hostId })
      .from(event)
      .innerJoin(user, eq(user.id, event.hostId))
      .leftJoin(venue, eq(venue.id, event.venueId));
    const host2 = rows.filter((r) => r.host === "host2@ticketyboo.test").length;
    expect(rows.filter((r) => r.host === "host@ticketyboo.test").length).toBeGreaterThan(host2);
    expect(host2).toBeGreaterThanOrEqual(15);
    for (const r of rows) if (r.venueHost) expect(r.venueHost).toBe(r.hostId);
  });

  it("stores the venues with their seat plans", async () => {
    const venues = await database.db.select().from(venue);
    expect(venues).toHaveLength(VENUES.length);
    expect(venues.filter((v) => v.seatRows !== null && v.seatColumns !== null).length).toBeGreaterThanOrEqual(1);
    const empire = venues.find((v) => v.name === "Hackney Empire")!;
    expect(empire).toMatchObject({
      city: "London",
      postcode: "E8 1EJ",
      formattedAddress: "291 Mare Street, London E8 1EJ",
      seatRows: 10,
      seatColumns: 16,
    });
  });

  it("saves a 1600×900 JPEG cover for every event under the key in its images", async () => {
    const events = await eventStock();
    for (const e of events) {
      expect(e.images).toHaveLength(1);
      expect(e.images[0]).toBe(`seed/events/${e.slug}.jpg`);
      const file = saved.get(e.images[0]!);
      expect(file, e.slug).toBeDefined();
      expect(file!.contentType).toBe("image/jpeg");
      expect(file!.data.subarray(0, 2).toString("hex")).toBe("ffd8");
    }
    const meta = await sharp(saved.get(events[0]!.images[0]!)!.data).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 1600, height: 900 });
  });

  it("adds the welcome alert, the feature flags and the seed marker", async () => {
    const alerts = await database.db.select().from(alert);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ heading: "Welcome to Ticketyboo", isFullPage: false, isActive: true });
    expect(alerts[0]!.description).toContain("buyer@ticketyboo.test");
    const flags = await database.db.select().from(featureFlag);
    expect(Object.fromEntries(flags.map((f) => [f.key, { enabled: f.enabled, isPublic: f.isPublic }]))).toMatchObject({
      "explore-map": { enabled: true, isPublic: true },
      waitlists: { enabled: true, isPublic: true },
      "ai-description-helper": { enabled: false, isPublic: false },
    });
    const [marker] = await database.db.select().from(appMeta).where(eq(appMeta.key, "seed:demo"));
    expect(marker!.value).toEqual({ seededAt: now.toISOString() });
  });

  it("does nothing the second time", async () => {
    const before = await countRows();
    const savesBefore = saved.size;
    expect(await seedDemoIfEmpty(database.db, { now, storage, sign: codes.sign })).toBe(false);
    expect(await countRows()).toEqual(before);
    expect(saved.size).toBe(savesBefore);
  });
});

describe("the demo's sales", () => {
  it("come partly through the demo host's tracking links, each order through one at most, on its event", async () => {
    const { rows } = await database.db.execute<{
      name: string;
      host: string;
      orders: number;
      wrong: number;
      visits: number;
    }>(
      sql`select l.name, u.email as host,
        (select count(*)::int from "order" o where o.tracking_link_id = l.id) as orders,
        (select count(*)::int from "order" o where o.tracking_link_id = l.id and o.event_id <> l.event_id) as wrong,
        (select count(*)::int from tracking_link_visit v where v.link_id = l.id) as visits
      from tracking_link l join "user" u on u.id = l.host_id order by l.created_at`,
    );
    expect(rows.map((r) => r.name)).toEqual(["Instagram bio", "Sam the promoter", "Posters at the Crown"]);
    expect(rows.every((r) => r.host === "host@ticketyboo.test" && r.wrong === 0 && r.visits >= r.orders)).toBe(true);
    expect(rows[0]!.orders).toBeGreaterThan(0);
    expect(rows[2]!.orders).toBe(0);
  });

  it("are real orders: each ticket type's sold count is exactly its tickets, and every order has them", async () => {
    const perType = await database.db
      .select({
        id: ticketType.id,
        sold: ticketType.sold,
        tickets: sql<number>`(select count(*)::int from ticket t where t.ticket_type_id = ticket_type.id)`,
        lines: sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_line l
          where l.ticket_type_id = ticket_type.id)`,
      })
      .from(ticketType);
    expect(perType.reduce((n, t) => n + t.sold, 0)).toBeGreaterThan(1000);
    for (const t of perType) expect({ tickets: t.tickets, lines: t.lines }).toEqual({ tickets: t.sold, lines: t.sold });
    const [orphans] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(order)
      .where(sql`not exists (select 1 from ticket t where t.order_id = "order".id)`);
    expect(orphans!.n).toBe(0);
  });

  it("are priced as checkout prices them, with signed codes that scan, and the discount's uses counted", async () => {
    const orders = await database.db.select().from(order);
    for (const o of orders.slice(0, 300)) {
      expect(o.totalPence).toBe(o.subtotalPence - o.discountPence + o.bookingFeePence);
      expect(o.status).toBe(o.totalPence === 0 ? "free" : "paid");
      // The demo hosts pass the 1% card fee on to buyers.
      expect(o.bookingFeePence).toBe(Math.round((o.subtotalPence - o.discountPence) / 100));
    }
    const sample = await database.db.select().from(ticket).limit(50);
    for (const t of sample)
      expect(await codes.verify(t.eventId, t.code)).toEqual({ ok: true, ticketId: t.id, version: 0 });
    const [crowd10] = await database.db.select().from(discount).where(eq(discount.code, "crowd10"));
    expect(crowd10!.uses).toBe(orders.filter((o) => o.discountId === crowd10!.id).length);
    expect(crowd10!.uses).toBeGreaterThan(0);
  });

  it("give the demo buyer tickets for upcoming events and for ones that are over", async () => {
    const mine = await database.db
      .select({ startsAt: event.startsAt, endsAt: event.endsAt, tickets: sql<number>`count(${ticket.id})::int` })
      .from(order)
      .innerJoin(user, eq(user.id, order.userId))
      .innerJoin(event, eq(event.id, order.eventId))
      .innerJoin(ticket, eq(ticket.orderId, order.id))
      .where(eq(user.email, "buyer@ticketyboo.test"))
      .groupBy(event.id);
    expect(mine.filter((e) => e.startsAt > now).length).toBeGreaterThanOrEqual(3);
    expect(mine.filter((e) => e.endsAt! < now).length).toBeGreaterThanOrEqual(2);
    for (const e of mine) expect(e.tickets).toBe(2);
  });

  it("seat every ticket at a seated venue in a seat of its own, with its claim", async () => {
    const seated = await database.db
      .select({
        id: ticket.id,
        eventId: ticket.eventId,
        row: ticket.seatRow,
        column: ticket.seatColumn,
        rows: venue.seatRows,
        columns: venue.seatColumns,
        claim: seatClaim.ticketId,
      })
      .from(ticket)
      .innerJoin(event, eq(event.id, ticket.eventId))
      .innerJoin(venue, eq(venue.id, event.venueId))
      .leftJoin(
        seatClaim,
        and(
          eq(seatClaim.eventId, ticket.eventId),
          eq(seatClaim.seatRow, ticket.seatRow),
          eq(seatClaim.seatColumn, ticket.seatColumn),
        ),
      )
      .where(isNotNull(venue.seatRows));
    expect(seated.length).toBeGreaterThan(100);
    for (const t of seated) {
      expect(t.row).toBeGreaterThanOrEqual(1);
      expect(t.row).toBeLessThanOrEqual(t.rows!);
      expect(t.column).toBeLessThanOrEqual(t.columns!);
      expect(t.claim).toBe(t.id);
    }
    expect(new Set(seated.map((t) => `${t.eventId}:${t.row}:${t.column}`)).size).toBe(seated.length);
  });

  it("are planned the same way for the same day, and never for drafts, cancelled events or past the sold count", () => {
    const events = planDemoEvents(now);
    const seededRand = () => {
      let x = 7;
      return () => (x = (x * 48271) % 2147483647) / 2147483647;
    };
    const a = planDemoOrders(events, now, seededRand());
    expect(planDemoOrders(events, now, seededRand())).toEqual(a);
    for (const [i, e] of events.entries()) {
      const sold = e.tickets.reduce((n, t) => n + t.sold, 0);
      expect(a.filter((o) => o.event === i).reduce((n, o) => n + o.quantity, 0)).toBe(sold);
      for (const o of a.filter((o) => o.event === i))
        expect(o.createdAt.getTime()).toBeLessThanOrEqual(
          Math.max(now.getTime(), (e.lastPublishedAt ?? e.createdAt).getTime()),
        );
    }
    const chosen = chooseBuyerEvents(events).map((i) => events[i]!.template.scenario);
    expect(chosen).not.toContain("draft");
    expect(chosen).not.toContain("cancelled");
    expect(chosen).not.toContain("private");
  });
});

describe("seedSyntheticEvents", () => {
  it("adds the number of events asked for: published, public, within the next year, with tickets", async () => {
    const before = await countRows();
    const demoSlugs = new Set((await eventStock()).map((e) => e.slug));
    expect(await seedSyntheticEvents(database.db, { now, count: 25 })).toBe(25);
    const after = await countRows();
    expect(after.events).toBe(before.events + 25);
    const added = (await eventStock()).filter((e) => !demoSlugs.has(e.slug));
    expect(added).toHaveLength(25);
    expect(new Set(added.map((e) => e.category)).size).toBe(12);
    for (const e of added) {
      expect(e.status).toBe("published");
      expect(e.isPrivate || e.isCancelled).toBe(false);
      expect(e.startsAt.getTime()).toBeGreaterThan(now.getTime());
      expect(e.startsAt.getTime()).toBeLessThan(now.getTime() + 367 * 86_400_000);
      expect(e.sold).toBeLessThanOrEqual(e.capacity);
      // They reuse the demo covers, which are in storage.
      expect(saved.has(e.images[0]!)).toBe(true);
    }
  });

  it("refuses clearly when the demo seed is absent", async () => {
    const empty = await createTestDatabase();
    try {
      await expect(seedSyntheticEvents(empty.db, { now, count: 5 })).rejects.toThrow(/seed it first/);
    } finally {
      await empty.close();
    }
  }, 60_000);
});
