import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { createTestDatabase } from "../../tests/setup/test-db";
import { eq } from "drizzle-orm";
import { event } from "~/db/schema";
import { recommendForEvent, recommendForPerson, recommendForSlug } from "./recommend-events";

const now = new Date("2026-11-24T12:00:00Z");
const days = (d: number) => new Date(now.getTime() + d * 86_400_000);
let database: Database;
let subject: { id: string; category: string; hostId: string; venue: { lat: number; lng: number } };
let subjectSlug: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const crown = await createHost(db, { id: "crown" });
  const sparks = await createHost(db, { id: "sparks", hostTitle: "Northern Sparks" });
  const oxford = await createVenue(db, crown.id);
  const leeds = await createVenue(db, sparks.id, {
    name: "Brudenell Social Club",
    city: "Leeds",
    lat: 53.8176,
    lng: -1.5738,
  });
  const e = await createEvent(db, {
    hostId: crown.id,
    venueId: oxford.id,
    startsAt: days(2),
    name: "Subject Gig",
    category: "music-events",
  });
  subjectSlug = e.slug;
  subject = { id: e.id, category: "music-events", hostId: crown.id, venue: { lat: oxford.lat, lng: oxford.lng } };
  await createEvent(db, {
    hostId: sparks.id,
    venueId: leeds.id,
    startsAt: days(3),
    name: "Same Category Far Away",
    category: "music-events",
  });
  await createEvent(db, {
    hostId: crown.id,
    venueId: oxford.id,
    startsAt: days(4),
    name: "Same Host Comedy",
    category: "comedy-events",
  });
  await createEvent(
    db,
    { hostId: sparks.id, venueId: leeds.id, startsAt: days(5), name: "Best Seller", category: "food-drink-events" },
    [{ pricePence: 900, capacity: 100, sold: 95 }],
  );
  await createEvent(
    db,
    { hostId: sparks.id, venueId: leeds.id, startsAt: days(5), name: "Sold Out Elsewhere", category: "kids-events" },
    [{ pricePence: 900, capacity: 10, sold: 10 }],
  );
  await createEvent(db, {
    hostId: sparks.id,
    venueId: leeds.id,
    startsAt: days(-5),
    name: "Past Gig",
    category: "music-events",
  });
});

afterAll(async () => {
  await database.close();
});

describe("recommendForEvent", () => {
  it("suggests related events, then best sellers; never the event itself, a past or a sold-out one", async () => {
    const names = (await recommendForEvent(database.db, { now, event: subject })).map((e) => e.name);
    expect(names.slice(0, 2).sort()).toEqual(["Same Category Far Away", "Same Host Comedy"]);
    expect(names).toContain("Best Seller");
    expect(names).not.toContain("Subject Gig");
    expect(names).not.toContain("Past Gig");
    expect(names).not.toContain("Sold Out Elsewhere");
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("recommendForSlug", () => {
  it("reads the published event's place and category itself, and suggests what recommendForEvent does", async () => {
    const bySlug = await recommendForSlug(database.db, { now, slug: subjectSlug });
    const byEvent = await recommendForEvent(database.db, { now, event: subject });
    expect(bySlug?.map((e) => e.id)).toEqual(byEvent.map((e) => e.id));
  });

  it("is null for a slug nobody has, and for a draft, so neither tells a stranger the slug exists", async () => {
    expect(await recommendForSlug(database.db, { now, slug: "no-such-event" })).toBeNull();
    await database.db.update(event).set({ status: "draft" }).where(eq(event.id, subject.id));
    try {
      expect(await recommendForSlug(database.db, { now, slug: subjectSlug })).toBeNull();
    } finally {
      await database.db.update(event).set({ status: "published" }).where(eq(event.id, subject.id));
    }
  });
});

describe("recommendForPerson", () => {
  it("puts what is near them first, then best sellers", async () => {
    const names = (await recommendForPerson(database.db, { now, location: { lat: 53.8, lng: -1.55 } })).map(
      (e) => e.name,
    );
    expect(names[0]).toBe("Same Category Far Away"); // the one in Leeds that is soonest and nearest
    expect(names).toContain("Best Seller");
    expect(names).toContain("Subject Gig");
  });

  it("still suggests something with no location or history", async () => {
    const names = (await recommendForPerson(database.db, { now })).map((e) => e.name);
    expect(names[0]).toBe("Best Seller");
  });
});
