import { verifyPassword } from "better-auth/crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../client.server";
import { account, event, ticketType, user, venue } from "../schema";
import { createTestDatabase } from "../../../tests/setup/test-db";
import { CATEGORIES } from "./demo-data";
import { seedDemoIfEmpty, seedSyntheticEvents } from "./seed-demo";

const now = new Date("2026-06-15T12:00:00Z");
const saved = new Map<string, Buffer>();
const storage = { save: async (key: string, data: Buffer) => void saved.set(key, data) };
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  expect(await seedDemoIfEmpty(database.db, { now, storage })).toBe(true);
}, 120_000);

afterAll(async () => {
  await database.close();
});

async function eventStock() {
  return database.db
    .select({
      slug: event.slug,
      category: event.category,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      isPrivate: event.isPrivate,
      images: event.images,
      capacity: sql<number>`sum(${ticketType.capacity})::int`,
      sold: sql<number>`sum(${ticketType.sold})::int`,
      maxPrice: sql<number>`max(${ticketType.pricePence})::int`,
      pwyw: sql<boolean>`bool_or(${ticketType.payWhatYouWish})`,
    })
    .from(event)
    .innerJoin(ticketType, eq(ticketType.eventId, event.id))
    .groupBy(event.id);
}

describe("seedDemoIfEmpty", () => {
  it("creates the three demo accounts with the password ticketyboo", async () => {
    const rows = await database.db
      .select({ email: user.email, type: user.userType, hash: account.password })
      .from(user)
      .innerJoin(account, eq(account.userId, user.id));
    expect(rows.map((r) => `${r.email}:${r.type}`).sort()).toEqual([
      "buyer@ticketyboo.test:buyer",
      "host2@ticketyboo.test:host",
      "host@ticketyboo.test:host",
    ]);
    for (const row of rows) expect(await verifyPassword({ hash: row.hash!, password: "ticketyboo" })).toBe(true);
  });

  it("seeds 60 events over all 12 categories, with every scenario the demo needs", async () => {
    const events = await eventStock();
    expect(events).toHaveLength(60);
    expect(new Set(events.map((e) => e.category))).toEqual(new Set(CATEGORIES.map((c) => c.slug)));
    const ended = events.filter((e) => e.endsAt! < now);
    const today = events.filter((e) => e.startsAt.toISOString().slice(0, 10) === "2026-06-15");
    const soldOut = events.filter((e) => e.sold >= e.capacity);
    const nearly = events.filter((e) => e.sold < e.capacity && e.sold / e.capacity >= 0.8);
    expect(ended.length).toBeGreaterThanOrEqual(4);
    expect(today.length).toBeGreaterThanOrEqual(4);
    expect(soldOut.length).toBeGreaterThanOrEqual(4);
    expect(nearly.length).toBeGreaterThanOrEqual(4);
    expect(events.filter((e) => e.maxPrice === 0).length).toBeGreaterThanOrEqual(6);
    expect(events.filter((e) => e.pwyw).length).toBeGreaterThanOrEqual(3);
    expect(events.filter((e) => e.isPrivate).length).toBeGreaterThanOrEqual(2);
  });

  it("places venues at real UK coordinates", async () => {
    const venues = await database.db.select().from(venue);
    expect(venues.length).toBeGreaterThanOrEqual(12);
    for (const v of venues) {
      expect(v.lat).toBeGreaterThan(49.8);
      expect(v.lat).toBeLessThan(60.9);
      expect(v.lng).toBeGreaterThan(-8.7);
      expect(v.lng).toBeLessThan(1.8);
    }
  });

  it("saves a JPEG cover for every event", async () => {
    for (const e of await eventStock()) {
      const image = saved.get(e.images[0]!);
      expect(image, e.slug).toBeDefined();
      expect(image!.subarray(0, 2).toString("hex")).toBe("ffd8");
    }
  });

  it("does nothing the second time", async () => {
    expect(await seedDemoIfEmpty(database.db, { now, storage })).toBe(false);
    expect(await eventStock()).toHaveLength(60);
  });
});

describe("seedSyntheticEvents", () => {
  it("adds the number of events asked for", async () => {
    expect(await seedSyntheticEvents(database.db, { now, count: 25 })).toBe(25);
    const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(event);
    expect(row!.n).toBe(85);
  });
});
