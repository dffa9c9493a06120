import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { event, venue, venueSeatSection } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { venueMessages } from "~/texts/venue-messages";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { createTestDatabase } from "../../tests/setup/test-db";
import { deleteVenue } from "./delete-venue";

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const startsAt = new Date("2026-12-05T19:30:00Z");
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e : Promise.reject(e)),
  );

describe("deleteVenue", () => {
  it("deletes a venue no event uses, with its seat plan's sections", async () => {
    const db = database.db;
    const host = await createHost(db);
    const place = await createVenue(db, host.id, { seatRows: 4, seatColumns: 6 });
    await db
      .insert(venueSeatSection)
      .values({ venueId: place.id, name: "Stalls", firstRow: 1, lastRow: 4, firstColumn: 1, lastColumn: 6 });
    await deleteVenue(db, { hostId: host.id, venueId: place.id });
    expect(await db.select().from(venue).where(eq(venue.id, place.id))).toEqual([]);
    expect(await db.select().from(venueSeatSection).where(eq(venueSeatSection.venueId, place.id))).toEqual([]);
  });

  it("refuses while events use it, saying how many, and changes nothing", async () => {
    const db = database.db;
    const host = await createHost(db);
    const place = await createVenue(db, host.id);
    await createEvent(db, { hostId: host.id, venueId: place.id, startsAt });
    await createEvent(db, { hostId: host.id, venueId: place.id, startsAt, status: "draft" });
    const gone = await createEvent(db, { hostId: host.id, venueId: place.id, startsAt, status: "deleted" });
    const error = await codeOf(deleteVenue(db, { hostId: host.id, venueId: place.id }));
    expect(error?.code).toBe("conflict");
    expect(error?.message).toBe(venueMessages.inUse(2));
    expect(await db.select({ id: venue.id }).from(venue).where(eq(venue.id, place.id))).toHaveLength(1);
    // The refusal rolled back whole: the deleted event still names the venue.
    const [still] = await db.select({ venueId: event.venueId }).from(event).where(eq(event.id, gone.id));
    expect(still!.venueId).toBe(place.id);
  });

  it("lets a deleted event go of the venue, so it does not keep it for ever", async () => {
    const db = database.db;
    const host = await createHost(db);
    const place = await createVenue(db, host.id);
    const gone = await createEvent(db, { hostId: host.id, venueId: place.id, startsAt, status: "deleted" });
    await deleteVenue(db, { hostId: host.id, venueId: place.id });
    expect(await db.select().from(venue).where(eq(venue.id, place.id))).toEqual([]);
    const [after] = await db.select({ venueId: event.venueId }).from(event).where(eq(event.id, gone.id));
    expect(after!.venueId).toBeNull();
  });

  it("answers not_found for another host's venue and ids that are not venues, deleting nothing", async () => {
    const db = database.db;
    const [owner, other] = [await createHost(db), await createHost(db)];
    const place = await createVenue(db, owner.id);
    for (const venueId of [place.id, randomUUID(), "venue"]) {
      const error = await codeOf(deleteVenue(db, { hostId: other.id, venueId }));
      expect(error?.code).toBe("not_found");
    }
    expect(await db.select({ id: venue.id }).from(venue).where(eq(venue.id, place.id))).toHaveLength(1);
  });

  it("answers not_found the second time the same delete is sent", async () => {
    const db = database.db;
    const host = await createHost(db);
    const place = await createVenue(db, host.id);
    const [first, second] = await Promise.all([
      codeOf(deleteVenue(db, { hostId: host.id, venueId: place.id })),
      codeOf(deleteVenue(db, { hostId: host.id, venueId: place.id })),
    ]);
    expect([first?.code ?? "deleted", second?.code ?? "deleted"].sort()).toEqual(["deleted", "not_found"]);
  });
});
