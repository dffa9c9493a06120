import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { event, ticketType, user, venue } from "~/db/schema";
import { createTestDatabase } from "../../tests/setup/test-db";
import { listUpcomingEvents } from "./list-upcoming-events";

const now = new Date("2026-06-15T12:00:00Z");
const inDays = (d: number) => new Date(now.getTime() + d * 86_400_000);
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await db.insert(user).values([
    { id: "h1", name: "Harriet", email: "h@example.test", userType: "host", hostTitle: "The Crown Collective" },
    { id: "h2", name: "Hugo", email: "h2@example.test", userType: "host", hostTitle: "Hugo's Quizzes" },
  ]);
  const [v] = await db
    .insert(venue)
    .values({ hostId: "h1", name: "The Jericho Tavern", addressLine1: "56 Walton St", city: "Oxford", postcode: "OX2 6AE", formattedAddress: "56 Walton St, Oxford OX2 6AE", lat: 51.7585, lng: -1.2663 })
    .returning();
  const base = { hostId: "h1", venueId: v!.id, category: "music-events", eventType: "gigs", status: "published" as const };
  const events = await db
    .insert(event)
    .values([
      { ...base, slug: "later-gig", name: "Later Gig", startsAt: inDays(10) },
      { ...base, slug: "sooner-quiz", name: "Sooner 100% Quiz", eventType: "quiz-night", startsAt: inDays(2) },
      { ...base, slug: "past-gig", name: "Past Gig", startsAt: inDays(-2) },
      { ...base, slug: "private-gig", name: "Private Gig", startsAt: inDays(3), isPrivate: true },
      { ...base, slug: "cancelled-gig", name: "Cancelled Gig", startsAt: inDays(3), isCancelled: true },
      { ...base, slug: "draft-gig", name: "Draft Gig", startsAt: inDays(3), status: "draft" },
      { ...base, hostId: "h2", venueId: null, slug: "other-host-quiz", name: "Online Quiz", startsAt: inDays(5) },
    ])
    .returning({ id: event.id, slug: event.slug });
  const id = (slug: string) => events.find((e) => e.slug === slug)!.id;
  await db.insert(ticketType).values([
    // The cheapest type is sold out, and a private type is cheaper still: neither sets the price.
    { eventId: id("later-gig"), name: "Early bird", pricePence: 500, capacity: 10, sold: 10 },
    { eventId: id("later-gig"), name: "Friends", kind: "private", pricePence: 300, capacity: 10 },
    { eventId: id("later-gig"), name: "Standard", pricePence: 1200, capacity: 50, sold: 5 },
    { eventId: id("sooner-quiz"), name: "Team place", pricePence: 0, capacity: 20, sold: 20 },
  ]);
});

afterAll(async () => {
  await database.close();
});

describe("listUpcomingEvents", () => {
  it("lists only published, public, uncancelled future events, soonest first", async () => {
    const rows = await listUpcomingEvents(database.db, { now, limit: 10 });
    expect(rows.map((r) => r.slug)).toEqual(["sooner-quiz", "other-host-quiz", "later-gig"]);
  });

  it("lists one host's events only when asked, by the same rule", async () => {
    expect((await listUpcomingEvents(database.db, { now, limit: 10, hostId: "h1" })).map((r) => r.slug)).toEqual(["sooner-quiz", "later-gig"]);
    expect((await listUpcomingEvents(database.db, { now, limit: 10, hostId: "h2" })).map((r) => r.slug)).toEqual(["other-host-quiz"]);
    expect(await listUpcomingEvents(database.db, { now, limit: 10, hostId: "nobody" })).toEqual([]);
  });

  it("prices an event by its cheapest ticket still on general sale", async () => {
    const [, later] = await listUpcomingEvents(database.db, { now, limit: 10, hostId: "h1" });
    expect(later!.cheapestPence).toBe(1200);
    expect(later).toMatchObject({ capacity: 70, sold: 15, venueName: "The Jericho Tavern", city: "Oxford" });
  });

  it("reports a sold-out event with no price on sale", async () => {
    const [quiz] = await listUpcomingEvents(database.db, { now, limit: 10, hostId: "h1" });
    expect(quiz).toMatchObject({ cheapestPence: null, capacity: 20, sold: 20 });
  });

  it("matches text in the venue, the host's title and the event type, case-insensitively", async () => {
    expect((await listUpcomingEvents(database.db, { now, limit: 10, text: "jericho" })).length).toBe(2);
    expect((await listUpcomingEvents(database.db, { now, limit: 10, text: "crown collective" })).length).toBe(2);
    expect((await listUpcomingEvents(database.db, { now, limit: 10, text: "QUIZ-NIGHT" })).map((r) => r.slug)).toEqual(["sooner-quiz"]);
  });

  it("treats % and _ in the text literally", async () => {
    expect((await listUpcomingEvents(database.db, { now, limit: 10, text: "100%" })).map((r) => r.slug)).toEqual(["sooner-quiz"]);
    expect(await listUpcomingEvents(database.db, { now, limit: 10, text: "_" })).toEqual([]);
  });
});
