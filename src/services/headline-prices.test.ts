import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { priceTerms } from "~/domain/pricing";
import { cardPriceLabel } from "~/domain/ticket-availability";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { createTestDatabase } from "../../tests/setup/test-db";
import { listEventMarkers, listEvents, type EventQuery } from "./discover-events";
import { getEventPage } from "./get-event-page";
import { searchEvents } from "./search-events";

/**
 * Every list that shows a price (cards, map pins, search results, the price filters, the event
 * page) prices an event on its host's fee mode and in its currency, through `headlinePrice`.
 */

const now = new Date("2026-11-24T12:00:00Z");
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
let database: Database;
const slugs: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const passing = await createHost(db, { feeMode: "pass" });
  const absorbing = await createHost(db, { feeMode: "absorb" });
  const hall = await createVenue(db, passing.id);
  const make = async (
    name: string,
    hostId: string,
    tickets: Parameters<typeof createEvent>[2],
    fields: Partial<Parameters<typeof createEvent>[1]> = {},
  ) => {
    slugs[name] = (
      await createEvent(
        db,
        { hostId, venueId: hall.id, startsAt: hours(48), name: `Ceilidh ${name}`, ...fields },
        tickets,
      )
    ).slug;
  };
  // £9.89 + 1% = £9.99: under £10 only because the fee is added to a price that leaves room for it.
  await make("passed 989", passing.id, [{ pricePence: 989, capacity: 50 }]);
  // £9.95 + 1% = £10.05.
  await make("passed 995", passing.id, [{ pricePence: 995, capacity: 50 }]);
  // The host pays the fee: the buyer pays £9.99.
  await make("absorbed 999", absorbing.id, [{ pricePence: 999, capacity: 50 }]);
  await make("absorbed 1000", absorbing.id, [{ pricePence: 1000, capacity: 50 }]);
  // €5.05 is not "under £10": bands are in pounds.
  await make("in euros", passing.id, [{ pricePence: 500, capacity: 50 }], { currency: "EUR" });
  // The cheap ticket's sales have ended: what can be bought costs £20.20.
  await make("cheap ones ended", passing.id, [
    { pricePence: 300, capacity: 50, salesEndAt: hours(-1) },
    { pricePence: 2000, capacity: 50 },
  ]);
  // A paid ticket kept hidden until its window: the card says Free Entry, so does the filter.
  await make("free until later", passing.id, [
    { pricePence: 0, capacity: 50 },
    { pricePence: 1500, capacity: 50, kind: "scheduled_hidden", salesStartAt: hours(24) },
  ]);
});

afterAll(async () => {
  await database.close();
});

const base: Omit<EventQuery, "limit"> = { now, scope: "upcoming", sort: "date" };
const names = (events: { name: string }[]) => events.map((e) => e.name.replace(/^Ceilidh /, "")).sort();

describe("headline prices on every surface", () => {
  it("cards: face value when the host absorbs the fee, face plus fee when passed on, in event currency", async () => {
    const cards = await listEvents(database.db, { ...base, limit: 50 });
    expect(
      Object.fromEntries(
        cards.map((c) => [c.name.replace(/^Ceilidh /, ""), cardPriceLabel(c.tickets, now, c.priceTerms)]),
      ),
    ).toEqual({
      "passed 989": "£9.99",
      "passed 995": "£10.05",
      "absorbed 999": "£9.99",
      "absorbed 1000": "£10",
      "in euros": "€5.05",
      "cheap ones ended": "From £20.20",
      "free until later": "Free Entry",
    });
  });

  it("map pins carry the same terms and tickets, so they say what the card says", async () => {
    const cards = await listEvents(database.db, { ...base, limit: 50 });
    const pins = await listEventMarkers(database.db, base, 50);
    const byCard = Object.fromEntries(cards.map((c) => [c.slug, cardPriceLabel(c.tickets, now, c.priceTerms)]));
    expect(pins).toHaveLength(cards.length);
    for (const pin of pins) expect(cardPriceLabel(pin.tickets, now, pin.priceTerms), pin.name).toBe(byCard[pin.slug]);
    expect(pins.find((p) => p.slug === slugs["in euros"])!.priceTerms).toEqual(priceTerms("pass", "EUR"));
    expect(pins.find((p) => p.slug === slugs["absorbed 999"])!.priceTerms).toEqual(priceTerms("absorb", "GBP"));
  });

  it("search results carry the host's fee mode and the event's currency", async () => {
    const { results } = await searchEvents(database.db, { q: "ceilidh", now, limit: 20 });
    const terms = Object.fromEntries(results.map((r) => [r.name.replace(/^Ceilidh /, ""), r.priceTerms]));
    expect(terms["absorbed 999"]).toEqual(priceTerms("absorb", "GBP"));
    expect(terms["in euros"]).toEqual(priceTerms("pass", "EUR"));
  });

  it("price filters match the headline price on either fee mode, in pounds, of a ticket on sale", async () => {
    const under10 = await listEvents(database.db, {
      ...base,
      limit: 50,
      maxPrice: { totalMinor: 999, currency: "GBP" },
    });
    expect(names(under10)).toEqual(["absorbed 999", "free until later", "passed 989"]);
    const under20 = await listEvents(database.db, {
      ...base,
      limit: 50,
      maxPrice: { totalMinor: 1999, currency: "GBP" },
    });
    expect(names(under20)).toEqual(["absorbed 1000", "absorbed 999", "free until later", "passed 989", "passed 995"]);
    const euros = await listEvents(database.db, { ...base, limit: 50, maxPrice: { totalMinor: 999, currency: "EUR" } });
    expect(names(euros)).toEqual(["in euros"]);
  });

  it("free means what a card calls Free Entry", async () => {
    expect(names(await listEvents(database.db, { ...base, limit: 50, freeOnly: true }))).toEqual(["free until later"]);
  });

  it("the event page carries its price terms, for the booking panel and JSON-LD", async () => {
    expect((await getEventPage(database.db, { slug: slugs["absorbed 999"]! }))!.priceTerms).toEqual(
      priceTerms("absorb", "GBP"),
    );
    expect((await getEventPage(database.db, { slug: slugs["in euros"]! }))!.priceTerms).toEqual(
      priceTerms("pass", "EUR"),
    );
  });
});
