import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { venueSeatMark } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { createTestDatabase } from "../../tests/setup/test-db";
import { getHostVenue } from "./get-host-venue";
import { HOST_VENUES_PAGE_SIZE, listHostVenues } from "./list-host-venues";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date("2026-11-26T10:00:00Z");
const day = 24 * 3600_000;

describe("listHostVenues", () => {
  it("lists only the host's venues, by name, with events (deleted ones not counted), seats and access", async () => {
    const db = database.db;
    const [host, other] = [await createHost(db), await createHost(db)];
    const seated = await createVenue(db, host.id, {
      name: "Hackney Empire",
      seatRows: 10,
      seatColumns: 16,
      capacity: 160,
      accessStepFree: true,
      accessHearingLoop: false,
    });
    const pub = await createVenue(db, host.id, { name: "brixton windmill", capacity: null });
    await createVenue(db, other.id, { name: "Another Host's Hall" });
    await createEvent(db, { hostId: host.id, venueId: seated.id, startsAt: new Date(now.getTime() + day) });
    await createEvent(db, { hostId: host.id, venueId: seated.id, startsAt: new Date(now.getTime() - day) });
    await createEvent(db, {
      hostId: host.id,
      venueId: seated.id,
      startsAt: new Date(now.getTime() + 2 * day),
      status: "deleted",
    });

    const listed = await listHostVenues(db, { hostId: host.id });
    expect(listed).toMatchObject({ page: 1, pages: 1, total: 2 });
    expect(listed.venues.map((v) => v.name)).toEqual(["brixton windmill", "Hackney Empire"]);
    expect(listed.venues[1]).toMatchObject({
      id: seated.id,
      seats: 160,
      capacity: 160,
      eventCount: 2,
      access: { stepFree: true, hearingLoop: false, seating: null, notes: "" },
    });
    expect(listed.venues[0]).toMatchObject({ id: pub.id, seats: null, capacity: null, eventCount: 0 });
  });

  it("pages, keeping a page number past the end (or nonsense) on a page that exists", async () => {
    const db = database.db;
    const host = await createHost(db);
    for (let i = 0; i < HOST_VENUES_PAGE_SIZE + 1; i++)
      await createVenue(db, host.id, { name: `Hall ${String(i).padStart(2, "0")}` });
    const second = await listHostVenues(db, { hostId: host.id, page: 2 });
    expect(second).toMatchObject({ page: 2, pages: 2, total: HOST_VENUES_PAGE_SIZE + 1 });
    expect(second.venues.map((v) => v.name)).toEqual([`Hall ${HOST_VENUES_PAGE_SIZE}`]);
    expect((await listHostVenues(db, { hostId: host.id, page: 99 })).page).toBe(2);
    expect((await listHostVenues(db, { hostId: host.id, page: Number.NaN })).page).toBe(1);
    expect((await listHostVenues(db, { hostId: host.id, page: -3 })).page).toBe(1);
  });

  it("answers an empty first page for a host with no venues", async () => {
    const db = database.db;
    const host = await createHost(db);
    expect(await listHostVenues(db, { hostId: host.id })).toEqual({ venues: [], page: 1, pages: 1, total: 0 });
  });
});

describe("getHostVenue", () => {
  it("shows the venue with its events: to come soonest first, then past ones latest first", async () => {
    const db = database.db;
    const host = await createHost(db);
    const place = await createVenue(db, host.id, { accessNotes: "Lift to the first floor." });
    const at = (days: number, name: string) =>
      createEvent(db, { hostId: host.id, venueId: place.id, name, startsAt: new Date(now.getTime() + days * day) });
    await at(-10, "Long Ago");
    await at(5, "Next Week");
    await at(-1, "Yesterday");
    await at(1, "Tomorrow");
    const shown = await getHostVenue(db, { hostId: host.id, venueId: place.id, now });
    expect(shown).toMatchObject({ id: place.id, name: place.name, eventCount: 4 });
    expect(shown.access.notes).toBe("Lift to the first floor.");
    expect(shown.events.map((e) => e.name)).toEqual(["Tomorrow", "Next Week", "Yesterday", "Long Ago"]);
  });

  it("counts the seats a plan can sell, leaving out its gaps and blocked seats", async () => {
    const db = database.db;
    const host = await createHost(db);
    const unseated = await createVenue(db, host.id);
    expect((await getHostVenue(db, { hostId: host.id, venueId: unseated.id, now })).seatCount).toBeNull();
    const hall = await createVenue(db, host.id, { seatRows: 3, seatColumns: 4 });
    await db.insert(venueSeatMark).values([
      { venueId: hall.id, seatRow: 1, seatColumn: 2, kind: "gap" },
      { venueId: hall.id, seatRow: 2, seatColumn: 2, kind: "blocked" },
      { venueId: hall.id, seatRow: 3, seatColumn: 1, kind: "wheelchair" },
      { venueId: hall.id, seatRow: 3, seatColumn: 2, kind: "companion" },
    ]);
    expect((await getHostVenue(db, { hostId: host.id, venueId: hall.id, now })).seatCount).toBe(10);
  });

  it("answers not_found for another host's venue and for ids that are not venues", async () => {
    const db = database.db;
    const [owner, other] = [await createHost(db), await createHost(db)];
    const place = await createVenue(db, owner.id);
    for (const venueId of [place.id, randomUUID(), "1 or 1=1", ""]) {
      const error = await getHostVenue(db, { hostId: other.id, venueId, now }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe("not_found");
    }
  });
});
