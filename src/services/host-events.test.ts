import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { createTestDatabase } from "../../tests/setup/test-db";
import { hostEventStock } from "./host-events";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("a host's events on their tickets page", () => {
  it("are those not over by the domain's rule: an event with no end lasts to the end of its London day", async () => {
    const db = database.db;
    const hostId = (await createHost(db)).id;
    // 10:00 on Wednesday 25 November in London (GMT).
    const now = new Date("2026-11-25T10:00:00Z");
    const lastNight = await createEvent(db, {
      hostId,
      name: "Last Night",
      startsAt: new Date("2026-11-24T20:00:00Z"),
      endsAt: null,
    });
    const thisMorning = await createEvent(db, {
      hostId,
      name: "This Morning",
      startsAt: new Date("2026-11-25T08:00:00Z"),
      endsAt: null,
    });
    const stillOn = await createEvent(db, {
      hostId,
      name: "Still On",
      startsAt: new Date("2026-11-24T20:00:00Z"),
      endsAt: new Date("2026-11-25T12:00:00Z"),
    });
    const ids = (await hostEventStock(db, { hostId, now })).events.map((e) => e.id);
    expect(ids).toContain(thisMorning.id);
    expect(ids).toContain(stillOn.id);
    expect(ids).not.toContain(lastNight.id);
  });
});
