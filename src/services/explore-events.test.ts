import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { createTestDatabase } from "../../tests/setup/test-db";
import { exploreEvents, exploreMapPins, type ExploreInput } from "./explore-events";

// A Tuesday lunchtime in November (GMT).
const now = new Date("2026-11-24T12:00:00Z");
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const host = await createHost(db);
  const oxford = await createVenue(db, host.id);
  const manchester = await createVenue(db, host.id, {
    name: "Band on the Wall",
    city: "Manchester",
    lat: 53.4857,
    lng: -2.2362,
    formattedAddress: "25 Swan Street, Manchester M4 5JZ",
  });
  await createEvent(db, { hostId: host.id, venueId: oxford.id, name: "Oxford quiz", startsAt: hours(30) }, [
    { pricePence: 500, capacity: 50 },
  ]);
  await createEvent(db, { hostId: host.id, venueId: manchester.id, name: "Manchester gig", startsAt: hours(6) }, [
    { pricePence: 0, capacity: 50 },
  ]);
});
afterAll(async () => {
  await database.close();
});

/** The whole UK, no filters, nothing saved: what each test changes. */
const everywhere: ExploreInput = { now, near: null, typed: "", saved: null, filters: {}, miles: undefined };
const explore = (input: Partial<Parameters<typeof exploreEvents>[1]>) =>
  exploreEvents(database.db, { ...everywhere, page: 1, ...input });

describe("exploreEvents", () => {
  it("lists the whole UK soonest first, with a pin for each event, when there is no place", async () => {
    const found = await explore({});
    expect(found.place).toBeNull();
    expect(found.events.map((e) => e.name)).toEqual(["Manchester gig", "Oxford quiz"]);
    const pins = await exploreMapPins(database.db, everywhere);
    expect(pins.map((p) => [p.name, p.where, p.price])).toEqual([
      ["Manchester gig", "Band on the Wall", "Free Entry"],
      ["Oxford quiz", "The Jericho Tavern", "£5.05"],
    ]);
    expect(found.pageCount).toBe(1);
  });

  it("pins the same events as the list for a place and filters, not the whole UK's", async () => {
    const input = { ...everywhere, typed: "Oxford", miles: 10 };
    const [found, pins] = await Promise.all([explore(input), exploreMapPins(database.db, input)]);
    expect(pins.map((p) => p.slug)).toEqual(found.events.map((e) => e.slug));
    expect(pins.map((p) => p.name)).toEqual(["Oxford quiz"]);
    const free = await exploreMapPins(database.db, { ...input, typed: "", filters: { freeOnly: true } });
    expect(free.map((p) => p.name)).toEqual(["Manchester gig"]);
  });

  it("finds a typed town, lists only what is within the miles around it, and says to remember it", async () => {
    const found = await explore({ typed: "Oxford", miles: 10 });
    expect(found.place).toMatchObject({ label: "Oxford", source: "typed" });
    expect(found.rememberPlace).toBe(true);
    expect(found.events.map((e) => e.name)).toEqual(["Oxford quiz"]);
    expect(found.miles).toBe(10);
  });

  it("answers a town it does not know with the typed text and close spellings, and the whole UK", async () => {
    const found = await explore({ typed: "Oxfrod" });
    expect(found.place).toBeNull();
    expect(found.rememberPlace).toBe(false);
    expect(found.placeProblem).toMatchObject({ typed: "Oxfrod" });
    expect(found.placeProblem!.suggestions).toContain("Oxford");
    expect(found.total).toBe(2);
  });

  it("centres on the device's point from the URL, and on the saved location when the URL names none", async () => {
    const near = await explore({ near: "53.4800,-2.2400" });
    expect(near.place).toMatchObject({ lat: 53.48, lng: -2.24, source: "device", label: null });
    expect(near.events.map((e) => e.name)).toEqual(["Manchester gig"]);
    expect(near.rememberPlace).toBe(false);

    const saved = await explore({ saved: { lat: 51.75, lng: -1.26, takenAt: 1, label: "Oxford" } });
    expect(saved.place).toMatchObject({ source: "typed", label: "Oxford", takenAt: 1 });
  });

  it("ignores the saved location for near=uk, and a near it cannot read", async () => {
    const saved = { lat: 51.75, lng: -1.26, takenAt: 1 };
    expect((await explore({ near: "uk", saved })).place).toBeNull();
    expect((await explore({ near: "999,999" })).place).toBeNull();
  });
});
