import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { createTestDatabase } from "../../tests/setup/test-db";
import { searchEvents } from "./search-events";

const now = new Date("2026-11-24T12:00:00Z");
const days = (d: number) => new Date(now.getTime() + d * 86_400_000);
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const crown = await createHost(db, {
    id: "crown",
    firstName: "Harriet",
    lastName: "Hughes",
    hostTitle: "The Crown Collective",
  });
  const sparks = await createHost(db, {
    id: "sparks",
    firstName: "Nadia",
    lastName: "Okafor",
    hostTitle: "Northern Sparks",
  });
  const windmill = await createVenue(db, crown.id, { name: "The Windmill Brixton", city: "London" });
  const kelham = await createVenue(db, sparks.id, { name: "Kelham Island Tavern", city: "Sheffield" });
  await createEvent(db, {
    hostId: crown.id,
    venueId: windmill.id,
    startsAt: days(3),
    name: "New Noise: Five Bands",
    eventType: "live-bands",
  });
  await createEvent(db, {
    hostId: sparks.id,
    venueId: kelham.id,
    startsAt: days(1),
    name: "Tuesday Brain Teasers",
    category: "pubs-clubs-events",
    eventType: "quiz-night",
    description: "Six rounds of general knowledge, a picture round and a music round. Teams of up to six.",
  });
  await createEvent(db, {
    hostId: sparks.id,
    venueId: kelham.id,
    startsAt: days(-2),
    name: "Last Weekend's Quiz",
    category: "pubs-clubs-events",
    eventType: "quiz-night",
  });
  await createEvent(db, {
    hostId: sparks.id,
    venueId: kelham.id,
    startsAt: days(20),
    name: "Christmas Quiz Spectacular",
    category: "pubs-clubs-events",
    eventType: "quiz-night",
  });
  await createEvent(db, {
    hostId: crown.id,
    venueId: windmill.id,
    startsAt: days(4),
    name: "Secret Quiz",
    eventType: "quiz-night",
    isPrivate: true,
  });
  await createEvent(db, {
    hostId: crown.id,
    venueId: windmill.id,
    startsAt: days(4),
    name: "Draft Quiz",
    eventType: "quiz-night",
    status: "draft",
  });
  await createEvent(db, {
    hostId: crown.id,
    venueId: windmill.id,
    startsAt: days(-10),
    name: "Old Quiz Night",
    eventType: "quiz-night",
  });
});

afterAll(async () => {
  await database.close();
});

const names = (r: { results: { name: string }[] }) => r.results.map((e) => e.name);
const search = (q: string, extra: Partial<Parameters<typeof searchEvents>[1]> = {}) =>
  searchEvents(database.db, { q, now, limit: 10, ...extra });

describe("searchEvents", () => {
  it("finds by name, tolerating typos", async () => {
    expect(names(await search("New Noise"))).toEqual(["New Noise: Five Bands"]);
    expect(names(await search("new nosie"))).toEqual(["New Noise: Five Bands"]);
    expect(names(await search("five bnads"))).toEqual(["New Noise: Five Bands"]);
    expect(names(await search("quizz nite"))).toContain("Tuesday Brain Teasers");
  });

  it("finds by venue, host title, host name and event type", async () => {
    expect(names(await search("windmill brixton"))).toEqual(["New Noise: Five Bands"]);
    expect(names(await search("windmil brixtn"))).toEqual(["New Noise: Five Bands"]);
    expect(names(await search("Northern Sparks"))).toContain("Tuesday Brain Teasers");
    expect(names(await search("okafor"))).toContain("Tuesday Brain Teasers");
    expect(names(await search("quiz night"))).toContain("Tuesday Brain Teasers");
  });

  it("finds by words in the description", async () => {
    expect(names(await search("picture round"))).toEqual(["Tuesday Brain Teasers"]);
  });

  it("puts upcoming events first, then ones ended in the last three days, and nothing older", async () => {
    const result = names(await search("quiz"));
    expect(result.slice(-1)).toEqual(["Last Weekend's Quiz"]);
    expect(result).toEqual(expect.arrayContaining(["Tuesday Brain Teasers", "Christmas Quiz Spectacular"]));
    expect(result).not.toContain("Old Quiz Night");
  });

  it("never finds private or unpublished events", async () => {
    const result = names(await search("quiz"));
    expect(result).not.toContain("Secret Quiz");
    expect(result).not.toContain("Draft Quiz");
  });

  it("returns nothing for blank text, and nothing for gibberish", async () => {
    expect(await search("   ")).toEqual({ results: [], total: 0 });
    expect(names(await search("zzqxj vwkp"))).toEqual([]);
  });

  it("pages with a total, and filters by category", async () => {
    const first = await search("quiz", { limit: 1 });
    expect(first.results).toHaveLength(1);
    expect(first.total).toBe(3);
    const second = await search("quiz", { limit: 1, offset: 1 });
    expect(second.total).toBe(3);
    expect(second.results[0]!.name).not.toBe(first.results[0]!.name);
    expect(names(await search("quiz", { category: "music-events" }))).toEqual([]);
  });

  it("treats search syntax as text, not as commands", async () => {
    expect(names(await search('"five bands" OR -quiz'))).toContain("New Noise: Five Bands");
    expect((await search("'; drop table event; --")).results).toEqual([]);
  });
});

describe("searchWords", () => {
  it("splits on punctuation, keeps words of three letters or more, and caps at six", async () => {
    const { searchWords } = await import("./search-events");
    expect(searchWords("new noise: five bands")).toEqual(["new", "noise", "five", "bands"]);
    expect(searchWords("dj")).toEqual(["dj"]);
    expect(searchWords("a dj night")).toEqual(["night"]);
    expect(searchWords("rock'n'roll")).toEqual(["rock'n'roll"]);
    expect(searchWords("one two three four five six seven")).toHaveLength(6);
    expect(searchWords("!!!")).toEqual(["!!!"]);
  });
});

describe("search tiers", () => {
  it("finds by the start of a word, and says how each result matched", async () => {
    const { results } = await search("kelh");
    expect(results.map((r) => r.name)).toContain("Tuesday Brain Teasers");
    expect(results.every((r) => r.match === "words")).toBe(true);
    const typo = await search("windmil brixtn");
    expect(typo.results.map((r) => [r.name, r.match])).toEqual([["New Noise: Five Bands", "fuzzy"]]);
  });

  it("pages on from word matches into fuzzy ones with one total", async () => {
    // "quiz" matches three public events by their words; nothing else is close.
    const all = await search("quiz", { limit: 10 });
    const pageOne = await search("quiz", { limit: 2 });
    const pageTwo = await search("quiz", { limit: 2, offset: 2 });
    expect(pageOne.total).toBe(all.total);
    expect(pageTwo.total).toBe(all.total);
    expect([...pageOne.results, ...pageTwo.results].map((r) => r.name)).toEqual(
      all.results.map((r) => r.name).slice(0, 4),
    );
  });

  it("builds a prefix tsquery only from letters and digits", async () => {
    const { prefixQuery } = await import("./search-events");
    expect(prefixQuery(["kelh", "quiz"])).toBe("kelh:* & quiz:*");
    expect(prefixQuery(["rock'n'roll", "a&b|c"])).toBe("rocknroll:* & abc:*");
    expect(prefixQuery(["!!!"])).toBeNull();
  });
});
