import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { createTestDatabase } from "../../tests/setup/test-db";
import { rowsToWalk, searchEvents } from "./search-events";

/*
 * Typo rules (every word of five letters or more may have one typo, nine or more two; a typo is an
 * insertion, a deletion, a substitution or a swap of neighbours), starts of words, accents, word
 * order and the ranking, on whichever engine the run is for.
 */

const now = new Date("2026-11-24T12:00:00Z");
const days = (d: number) => new Date(now.getTime() + d * 86_400_000);
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const host = await createHost(db, {
    firstName: "Rosalind",
    lastName: "Featherstone",
    hostTitle: "Lantern Productions",
  });
  const tavern = await createVenue(db, host.id, { name: "The Jericho Tavern", city: "Oxford" });
  const inn = await createVenue(db, host.id, { name: "The Harbour Inn", city: "Whitby" });
  const exchange = await createVenue(db, host.id, { name: "Corn Exchange", city: "Ludlow" });
  const cafe = await createVenue(db, host.id, { name: "Café Mélange", city: "Kendal" });
  const at = { hostId: host.id, eventType: "open-mic" };
  await createEvent(db, {
    ...at,
    venueId: exchange.id,
    startsAt: days(5),
    name: "Opera Gala with the Symphony Orchestra",
  });
  await createEvent(db, { ...at, venueId: tavern.id, startsAt: days(30), name: "Harbour Lights Ceilidh" });
  await createEvent(db, { ...at, venueId: inn.id, startsAt: days(10), name: "Sea Shanty Singalong" });
  await createEvent(db, {
    ...at,
    venueId: tavern.id,
    startsAt: days(2),
    name: "Folk Session",
    description: "Bring an instrument; we meet by the old harbour wall.",
  });
  await createEvent(db, { ...at, venueId: tavern.id, startsAt: days(8), name: "Puppet Theatre Matinee" });
  await createEvent(db, { ...at, venueId: cafe.id, startsAt: days(6), name: "Café Racer Meetup" });
  await createEvent(db, { ...at, venueId: tavern.id, startsAt: days(40), name: "Blue Moon Dance" });
  await createEvent(db, { ...at, venueId: tavern.id, startsAt: days(3), name: "Moon over the Blue Lagoon" });
  await createEvent(db, { ...at, venueId: tavern.id, startsAt: days(50), name: "Saxophone Summit" });
  await createEvent(db, { ...at, venueId: tavern.id, startsAt: days(4), name: "Saxofone Social" });
  await createEvent(db, { ...at, venueId: tavern.id, startsAt: days(45), name: "Jazz Brunch" });
  await createEvent(db, { ...at, venueId: tavern.id, startsAt: days(1), name: "Jazz Breakfast Club" });
  await createEvent(db, { ...at, venueId: tavern.id, startsAt: days(60), name: "Bell Ringers Practice" });
  await createEvent(db, { ...at, venueId: tavern.id, startsAt: days(7), name: "Bellows Repair Workshop" });
  await createEvent(db, { ...at, venueId: tavern.id, startsAt: days(9), name: "Colour Theory Class" });
});

afterAll(async () => {
  await database.close();
});

const search = (q: string) => searchEvents(database.db, { q, now, limit: 24 });
const names = async (q: string) => (await search(q)).results.map((e) => e.name);
/** Names of the events that matched every word. */
const allWords = async (q: string) =>
  (await search(q)).results.filter((r) => r.wordsMatched === q.split(" ").length).map((e) => e.name);
const OPERA = "Opera Gala with the Symphony Orchestra";

describe("typos by the length of the word", () => {
  it("a word of four letters must be exact: a typo of any kind finds nothing", async () => {
    expect(await names("gala")).toEqual([OPERA]);
    for (const typo of ["gaal", "gxla", "glaa", "galx"]) expect(await names(typo), typo).toEqual([]);
  });

  it("a word of five letters may have one typo of each kind", async () => {
    // swap, substitution, insertion (jazz → jazzz), and a deletion needs a longer word (below)
    expect(await names("oprea")).toEqual([OPERA]);
    expect(await names("opeta")).toEqual([OPERA]);
    expect(await names("jazzz brunch")).toEqual(["Jazz Brunch", "Jazz Breakfast Club"]);
    expect(await names("symhony")).toEqual([OPERA]); // deletion
    expect(await names("operra")).toEqual([OPERA]); // insertion
  });

  it("a word of eight letters may not have two typos; one of nine may", async () => {
    expect(await names("orkestra")).toEqual([]); // 8 letters: c→k and no h
    expect(await names("symfony")).toEqual([]); // 7 letters: p→f and no h
    expect(await names("orcehstar")).toEqual([OPERA]); // two swaps
    expect(await names("orkhestrs")).toEqual([OPERA]); // two substitutions
    expect(await names("orchestar")).toEqual([OPERA]);
  });

  it("typos count in every word, in any order", async () => {
    expect(await allWords("oprea orchestar")).toEqual([OPERA]);
    expect(await allWords("orchestra opera gala")).toEqual([OPERA]);
    expect(await allWords("gala opera")).toEqual([OPERA]);
  });

  it("British and American spellings find each other", async () => {
    expect(await names("theater")).toEqual(["Puppet Theatre Matinee"]);
    expect(await names("color theory")).toEqual(["Colour Theory Class"]);
    expect((await names("harbor")).slice(0, 3)).toEqual([
      "Harbour Lights Ceilidh",
      "Sea Shanty Singalong",
      "Folk Session",
    ]);
  });
});

describe("every typo is found, wherever it is", () => {
  /** Each single typo of a word: a letter deleted, one added, one changed, two neighbours swapped. */
  function singleTypos(word: string): string[] {
    const out = new Set<string>();
    for (let i = 0; i < word.length; i++) {
      out.add(word.slice(0, i) + word.slice(i + 1));
      out.add(word.slice(0, i) + "x" + word.slice(i + 1));
      if (i + 1 < word.length) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    }
    for (let i = 0; i <= word.length; i++) out.add(word.slice(0, i) + "k" + word.slice(i));
    out.delete(word);
    return [...out];
  }

  it("in a whole word", async () => {
    const missed: string[] = [];
    for (const typo of singleTypos("symphony")) {
      const { results } = await search(`${typo} gala`);
      if (!results.some((r) => r.name === OPERA && r.wordsMatched === 2)) missed.push(typo);
    }
    expect(missed).toEqual([]);
  });

  it("in the start of the last word", async () => {
    const missed: string[] = [];
    for (const typo of singleTypos("sympho")) if (!(await names(typo)).includes(OPERA)) missed.push(typo);
    expect(missed).toEqual([]);
  });
});

describe("starts of words", () => {
  it("the last word is also the start of a word, with the typos its length allows", async () => {
    expect(await names("orch")).toEqual([OPERA]);
    expect(await names("symph")).toEqual([OPERA]);
    expect(await names("orhces")).toEqual([OPERA]); // a swap in the start of orchestra
    expect(await names("sympohn")).toEqual([OPERA]);
  });

  it("only the last word: an earlier start of a word counts as not found", async () => {
    const result = await search("orch gala");
    expect(result.results.map((r) => [r.name, r.wordsMatched])).toEqual([[OPERA, 1]]);
  });
});

describe("accents and case", () => {
  it("never matter, either way round", async () => {
    expect(await names("cafe racer")).toEqual(["Café Racer Meetup"]);
    expect(await names("CAFÉ RACER")).toEqual(["Café Racer Meetup"]);
    expect(await names("melange")).toEqual(["Café Racer Meetup"]);
    expect(await names("Mélangé")).toEqual(["Café Racer Meetup"]);
  });
});

describe("fields", () => {
  it("host names and title, venue, town and description are searched, with typos", async () => {
    expect(await names("fetherstone")).toHaveLength(15);
    expect(await names("lantern productoins")).toHaveLength(15);
    expect(await names("witby")).toEqual(["Sea Shanty Singalong"]);
    expect(await names("ludlow")).toEqual([OPERA]);
    expect(await names("instrumnet")).toEqual(["Folk Session"]);
  });
});

describe("ranking", () => {
  it("every word before fewer, whatever the date", async () => {
    const { results } = await search("jazz brunch");
    expect(results.map((r) => [r.name, r.wordsMatched])).toEqual([
      ["Jazz Brunch", 2],
      ["Jazz Breakfast Club", 1],
    ]);
  });

  it("fewer typos first, whatever the date", async () => {
    const { results } = await search("saxophone");
    expect(results.map((r) => [r.name, r.typos])).toEqual([
      ["Saxophone Summit", 0],
      ["Saxofone Social", 2],
    ]);
  });

  it("words next to each other before words apart", async () => {
    expect(await names("blue moon")).toEqual(["Blue Moon Dance", "Moon over the Blue Lagoon"]);
  });

  it("the name before the venue before the description", async () => {
    expect(await names("harbour")).toEqual(["Harbour Lights Ceilidh", "Sea Shanty Singalong", "Folk Session"]);
  });

  it("a whole word before the start of one", async () => {
    expect(await names("bell")).toEqual(["Bell Ringers Practice", "Bellows Repair Workshop"]);
  });
});

describe("did you mean", () => {
  it("suggests the closest query that finds something, when nothing matches", async () => {
    expect(await search("gaal")).toMatchObject({ results: [], didYouMean: "gala" });
    expect(await search("symfony orkestra")).toMatchObject({ results: [], didYouMean: "symphony orchestra" });
    expect(await search("zzqxj")).toMatchObject({ results: [], didYouMean: null });
  });

  it("says nothing when something matches", async () => {
    expect((await search("opera")).didYouMean).toBeNull();
  });
});

describe("the dictionary of words", () => {
  /** What search_word should hold: every word of every listed event, counted. */
  async function expectTrue(db: Database["db"]) {
    const { rows: expected } = await db.execute<{ word: string; events: number }>(sql`
      select w as word, count(*)::int as events
      from event e, unnest(event_search_words(e.search_text, e.summary, e.description)) as u(w)
      where e.status = 'published' and not e.is_private and not e.is_cancelled
      group by w order by w`);
    const { rows: held } = await db.execute<{ word: string; events: number }>(
      sql`select word, events from search_word order by word`,
    );
    expect(held).toEqual(expected);
    return new Set(held.map((r) => r.word));
  }

  it("stays true as events, venues and hosts change", async () => {
    const own = await createTestDatabase();
    try {
      const db = own.db;
      const host = await createHost(db, { firstName: "Ottoline", lastName: "Quist", hostTitle: "Zephyr Nights" });
      const place = await createVenue(db, host.id, { name: "The Gazebo", city: "Penrith" });
      const first = await createEvent(db, {
        hostId: host.id,
        venueId: place.id,
        startsAt: days(3),
        name: "Crème Brûlée Masterclass",
        description: "Blowtorches provided.",
      });
      let words = await expectTrue(db);
      expect([...words]).toEqual(
        expect.arrayContaining(["creme", "brulee", "blowtorches", "gazebo", "penrith", "ottoline", "zephyr"]),
      );
      expect([...words]).not.toContain("crème");

      await createEvent(db, {
        hostId: host.id,
        venueId: place.id,
        startsAt: days(4),
        name: "Secret Supper",
        isPrivate: true,
      });
      await createEvent(db, {
        hostId: host.id,
        venueId: place.id,
        startsAt: days(4),
        name: "Draft Dinner",
        status: "draft",
      });
      expect([...(await expectTrue(db))]).not.toContain("secret");

      await db.execute(
        sql`update event set name = 'Tarte Tatin Masterclass', description = 'Copper pans provided.' where id =
          ${first.id}`,
      );
      words = await expectTrue(db);
      expect([...words]).toEqual(expect.arrayContaining(["tarte", "copper"]));
      expect([...words]).not.toContain("brulee");

      await db.execute(sql`update venue set name = 'The Orangery' where id = ${place.id}`);
      await db.execute(sql`update "user" set last_name = 'Quartermaine' where id = ${host.id}`);
      words = await expectTrue(db);
      expect([...words]).toEqual(expect.arrayContaining(["orangery", "quartermaine"]));
      expect([...words]).not.toContain("gazebo");

      await db.execute(sql`update event set status = 'published' where name = 'Draft Dinner'`);
      expect([...(await expectTrue(db))]).toContain("dinner");
      await db.execute(sql`update event set is_cancelled = true where name = 'Draft Dinner'`);
      expect([...(await expectTrue(db))]).not.toContain("dinner");
      await db.execute(sql`update event set is_private = false where name = 'Secret Supper'`);
      expect([...(await expectTrue(db))]).toContain("secret");

      await db.execute(sql`delete from ticket_type`);
      await db.execute(sql`delete from event`);
      expect((await expectTrue(db)).size).toBe(0);
    } finally {
      await own.close();
    }
  });
});

describe("how a tier finds its window", () => {
  it("walks the date index only when that reads fewer rows than the full-text index's matches", () => {
    // A word in 10% of 1,000,000 events: 3,000 rows walked find 200 (with room to spare), not 100,000 matches.
    expect(rowsToWalk(0.1, 1_000_000, 200)).toBe(3000);
    // The same share of 10,000 events: a thousand matches are cheaper than 3,000 rows walked.
    expect(rowsToWalk(0.1, 10_000, 200)).toBeNull();
    // Rare words: the full-text index; words the dictionary never saw, too.
    expect(rowsToWalk(0.001, 1_000_000, 200)).toBeNull();
    expect(rowsToWalk(0, 1_000_000, 200)).toBeNull();
    // Never more than 50,000 rows walked, and a share over 1 (an upper bound summed over words) counts as 1.
    expect(rowsToWalk(0.005, 100_000_000, 200)).toBeNull();
    expect(rowsToWalk(3, 1_000_000, 200)).toBe(300);
  });
});
