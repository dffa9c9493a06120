import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { createTestDatabase } from "../../tests/setup/test-db";
import { getEventPage } from "./get-event-page";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("an event page's venue", () => {
  it("carries what its host says about access, and nothing said where they said nothing", async () => {
    const db = database.db;
    const host = await createHost(db);
    const told = await createVenue(db, host.id, {
      accessStepFree: true,
      accessHearingLoop: false,
      accessNotes: "Ramp at the side door.",
    });
    const silent = await createVenue(db, host.id);
    const startsAt = new Date("2026-12-05T19:30:00Z");
    const atTold = await createEvent(db, { hostId: host.id, venueId: told.id, startsAt });
    const atSilent = await createEvent(db, { hostId: host.id, venueId: silent.id, startsAt });

    expect((await getEventPage(db, { slug: atTold.slug }))?.venue?.access).toEqual({
      stepFree: true,
      accessibleToilets: null,
      hearingLoop: false,
      seating: null,
      quietSpace: null,
      accessibleParking: null,
      notes: "Ramp at the side door.",
    });
    expect((await getEventPage(db, { slug: atSilent.slug }))?.venue?.access).toBeNull();
  });
});
