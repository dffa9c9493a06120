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
  const empire = await createVenue(db, sparks.id, { name: "The Empire", city: "Leeds" });
  await createEvent(db, {
    hostId: sparks.id,
    venueId: empire.id,
    startsAt: days(5),
    name: "Big Laughs at the Empire",
    category: "comedy-events",
    eventType: "shows",
    subcategories: ["stand-up", "improv"],
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

  it("finds by category and subcategory, after events whose names say it", async () => {
    expect(names(await search("comedy"))).toEqual(["Big Laughs at the Empire"]);
    expect(names(await search("stand up"))).toEqual(["Big Laughs at the Empire"]);
    expect(names(await search("improv"))).toEqual(["Big Laughs at the Empire"]);
    // The Music category's events (their category is a B word), then a quiz whose description has a music round.
    expect(names(await search("music"))).toEqual(["New Noise: Five Bands", "Tuesday Brain Teasers"]);
    expect(names(await search("pubs"))).toEqual([
      "Tuesday Brain Teasers",
      "Christmas Quiz Spectacular",
      "Last Weekend's Quiz",
    ]);
  });

  it("finds by words in the description", async () => {
    expect(names(await search("picture round"))).toEqual(["Tuesday Brain Teasers"]);
  });

  it("puts upcoming before equally good ended events, and ended ones only from the last three days", async () => {
    // Both named for quizzes: the upcoming one first. The type's quiz comes after the names'.
    expect(names(await search("quiz"))).toEqual([
      "Christmas Quiz Spectacular",
      "Last Weekend's Quiz",
      "Tuesday Brain Teasers",
    ]);
    expect(names(await search("quiz night"))).toEqual([
      "Tuesday Brain Teasers",
      "Christmas Quiz Spectacular",
      "Last Weekend's Quiz",
    ]);
  });

  it("never finds private or unpublished events", async () => {
    const result = names(await search("quiz"));
    expect(result).not.toContain("Secret Quiz");
    expect(result).not.toContain("Draft Quiz");
  });

  it("returns nothing for blank text, and nothing for gibberish", async () => {
    expect(await search("   ")).toEqual({ results: [], total: 0, didYouMean: null });
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
  it("splits on anything but letters and digits, keeps words of three letters or more, and caps at six", async () => {
    const { searchWords } = await import("./search-events");
    expect(searchWords("New noise: five bands")).toEqual(["new", "noise", "five", "bands"]);
    expect(searchWords("dj")).toEqual(["dj"]);
    expect(searchWords("a dj night")).toEqual(["night"]);
    expect(searchWords("rock'n'roll")).toEqual(["rock", "roll"]);
    expect(searchWords("Café crème")).toEqual(["café", "crème"]);
    expect(searchWords("one two three four five six seven")).toHaveLength(6);
    expect(searchWords("!!!")).toEqual([]);
  });

  it("allows one typo from five letters and two from nine", async () => {
    const { typosAllowed } = await import("./search-events");
    expect([
      typosAllowed("gala"),
      typosAllowed("opera"),
      typosAllowed("symphony"),
      typosAllowed("orchestra"),
      typosAllowed("café"),
    ]).toEqual([0, 1, 1, 2, 0]);
  });
});

describe("search tiers", () => {
  it("finds by the start of a word, and says how each result matched", async () => {
    const { results } = await search("kelh");
    expect(results.map((r) => r.name)).toContain("Tuesday Brain Teasers");
    expect(results.every((r) => r.match === "words")).toBe(true);
    const typo = await search("windmil brixtn");
    // "windmil" is windmill's stem, so it matches as typed; "brixtn" takes a typo.
    expect(typo.results.map((r) => [r.name, r.match, r.typos])).toEqual([["New Noise: Five Bands", "fuzzy", 1]]);
  });

  it("pages on from every word into fewer with one total", async () => {
    // "quiz" matches three public events; "brain quiz" matches one with both words, two with one.
    const all = await search("brain quiz", { limit: 10 });
    expect(all.results.map((r) => r.wordsMatched)).toEqual([2, 1, 1]);
    const pageOne = await search("brain quiz", { limit: 2 });
    const pageTwo = await search("brain quiz", { limit: 2, offset: 2 });
    expect(pageOne.total).toBe(3);
    expect(pageTwo.total).toBe(3);
    expect([...pageOne.results, ...pageTwo.results].map((r) => r.name)).toEqual(all.results.map((r) => r.name));
  });
});
