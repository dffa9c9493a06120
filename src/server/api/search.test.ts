import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createEvent, createHost, createVenue } from "../../../tests/factories/events";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-db";

let database: Database;
let testApp: Awaited<ReturnType<typeof createTestApp>>;
const soon = (days: number) => new Date(Date.now() + days * 86_400_000);

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp(database);
  const host = await createHost(database.db);
  const tavern = await createVenue(database.db, host.id, { name: "Kelham Island Tavern", city: "Sheffield" });
  await createEvent(
    database.db,
    {
      hostId: host.id,
      venueId: tavern.id,
      startsAt: soon(2),
      name: "Kelham Island Pub Quiz",
      eventType: "quiz-night",
      category: "pubs-clubs-events",
    },
    [{ pricePence: 300, capacity: 60 }],
  );
  // Prices on the host's fee mode and in the event's currency, as every card shows them.
  const absorbing = await createHost(database.db, { feeMode: "absorb" });
  await createEvent(
    database.db,
    { hostId: absorbing.id, venueId: tavern.id, startsAt: soon(2), name: "Absorbed Fee Ceilidh" },
    [{ pricePence: 1000, capacity: 60 }],
  );
  await createEvent(
    database.db,
    { hostId: host.id, venueId: tavern.id, startsAt: soon(2), name: "Euro Priced Ceilidh", currency: "EUR" },
    [{ pricePence: 1000, capacity: 60 }],
  );
  for (let i = 0; i < 12; i++)
    await createEvent(database.db, {
      hostId: host.id,
      venueId: tavern.id,
      startsAt: soon(3 + i),
      name: `Quiz League Round ${i + 1}`,
      eventType: "quiz-night",
    });
  await createEvent(database.db, {
    hostId: host.id,
    venueId: tavern.id,
    startsAt: soon(2),
    name: "Hidden Quiz",
    isPrivate: true,
  });
});

afterAll(async () => {
  await testApp.close();
  await database.close();
});

const get = (query: string) => testApp.app.request(`/api/search${query}`);

describe("GET /api/search", () => {
  it("returns matching public events with the fields the search box needs, all-in prices included", async () => {
    const res = await get("?q=kelam%20quiz&limit=5");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: Record<string, unknown>[] };
    expect(body.results.length).toBeLessThanOrEqual(5);
    const first = body.results.find((r) => r.name === "Kelham Island Pub Quiz");
    expect(first).toMatchObject({
      url: expect.stringMatching(/^\/events\/kelham-island-pub-quiz-/),
      venue: "Kelham Island Tavern",
      city: "Sheffield",
      price: "£3.03",
    });
    expect(typeof first!.id).toBe("string");
    expect(new Date(first!.date as string).getTime()).toBeGreaterThan(Date.now());
    expect(body.results.map((r) => r.name)).not.toContain("Hidden Quiz");
  });

  it(
    "prices each result as its card does: face value when the host absorbs the fee, face plus fee when passed on, " +
      "in the event's currency",
    async () => {
      const body = (await (await get("?q=ceilidh")).json()) as { results: { name: string; price: string }[] };
      expect(Object.fromEntries(body.results.map((r) => [r.name, r.price]))).toEqual({
        "Absorbed Fee Ceilidh": "£10",
        "Euro Priced Ceilidh": "€10.10",
      });
    },
  );

  it("defaults to 10 results, the search box's limit", async () => {
    const body = (await (await get("?q=quiz")).json()) as { results: unknown[] };
    expect(body.results).toHaveLength(10);
  });

  it("answers blank text with no results", async () => {
    expect(await (await get("?q=%20%20")).json()).toEqual({ results: [], didYouMean: null });
    expect(await (await get("")).json()).toEqual({ results: [], didYouMean: null });
  });

  it("refuses a bad limit with 400, naming it", async () => {
    for (const limit of ["0", "51", "ten", "2.5"]) {
      const res = await get(`?q=quiz&limit=${limit}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string; details: { field: string } } };
      expect(body.error.code).toBe("bad_request");
      expect(body.error.message).toMatch(/limit/);
      expect(body.error.details.field).toBe("limit");
    }
  });
});
