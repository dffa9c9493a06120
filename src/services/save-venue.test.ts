import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { event, venue } from "~/db/schema";
import type { VenueFormValues } from "~/domain/venue-form";
import { AppError } from "~/lib/app-error";
import { venueMessages } from "~/texts/venue-messages";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { createTestDatabase } from "../../tests/setup/test-db";
import { saveVenue } from "./save-venue";

const words = venueMessages;
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date("2026-11-26T10:00:00Z");
const form = (changes: Partial<VenueFormValues> = {}): VenueFormValues => ({
  name: "The Cluny",
  addressLine1: "36 Lime Street",
  city: "Newcastle",
  postcode: "ne1 2pq",
  capacity: "300",
  lat: "",
  lng: "",
  stepFree: "yes",
  accessibleToilets: "yes",
  hearingLoop: "no",
  seating: "",
  quietSpace: "",
  accessibleParking: "no",
  accessNotes: "Ramp at the Lime Street door.",
  ...changes,
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe("saveVenue", () => {
  it("adds a venue with its access information, the postcode written one way and the pin at the town", async () => {
    const db = database.db;
    const host = await createHost(db);
    const { id, created } = await saveVenue(db, {
      hostId: host.id,
      target: { addKey: randomUUID() },
      form: form(),
      now,
    });
    expect(created).toBe(true);
    const [row] = await db.select().from(venue).where(eq(venue.id, id));
    expect(row).toMatchObject({
      hostId: host.id,
      name: "The Cluny",
      postcode: "NE1 2PQ",
      formattedAddress: "36 Lime Street, Newcastle NE1 2PQ",
      capacity: 300,
      lat: 54.9783,
      lng: -1.6178,
      accessStepFree: true,
      accessToilets: true,
      accessHearingLoop: false,
      accessSeating: null,
      accessQuietSpace: null,
      accessParking: false,
      accessNotes: "Ramp at the Lime Street door.",
      seatRows: null,
    });
  });

  it("adds one venue when the same form is sent twice, and answers it both times", async () => {
    const db = database.db;
    const host = await createHost(db);
    const addKey = randomUUID();
    const [first, second] = await Promise.all([
      saveVenue(db, { hostId: host.id, target: { addKey }, form: form(), now }),
      saveVenue(db, { hostId: host.id, target: { addKey }, form: form({ name: "Sent again" }), now }),
    ]);
    expect(first.id).toBe(second.id);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    expect(await db.select({ id: venue.id }).from(venue).where(eq(venue.hostId, host.id))).toHaveLength(1);
  });

  it("refuses another host's add key, adding nothing for them", async () => {
    const db = database.db;
    const [mine, theirs] = [await createHost(db), await createHost(db)];
    const addKey = randomUUID();
    await saveVenue(db, { hostId: mine.id, target: { addKey }, form: form(), now });
    const error = await refusal(saveVenue(db, { hostId: theirs.id, target: { addKey }, form: form(), now }));
    expect(error.code).toBe("conflict");
    expect(await db.select().from(venue).where(eq(venue.hostId, theirs.id))).toEqual([]);
  });

  it("names every wrong field in one refusal and writes nothing", async () => {
    const db = database.db;
    const host = await createHost(db);
    const error = await refusal(
      saveVenue(db, {
        hostId: host.id,
        target: { addKey: randomUUID() },
        form: form({ name: "", postcode: "SW1A 1A", capacity: "0" }),
        now,
      }),
    );
    expect(error.code).toBe("validation_failed");
    expect(error.details?.fields).toEqual({
      name: words.nameRequired,
      postcode: words.postcodeInvalid,
      capacity: words.capacityWhole,
    });
    expect(await db.select().from(venue).where(eq(venue.hostId, host.id))).toEqual([]);
  });

  it("refuses an add without a well-formed key (not our form)", async () => {
    const db = database.db;
    const host = await createHost(db);
    const error = await refusal(saveVenue(db, { hostId: host.id, target: { addKey: "again" }, form: form(), now }));
    expect(error.code).toBe("bad_request");
  });

  it("changes the host's venue, keeping a pin they placed, and its events find it by its new name", async () => {
    const db = database.db;
    const host = await createHost(db);
    const place = await createVenue(db, host.id);
    const gig = await createEvent(db, { hostId: host.id, venueId: place.id, startsAt: new Date("2026-12-01T19:00Z") });
    const later = new Date("2026-11-27T09:00:00Z");
    await saveVenue(db, {
      hostId: host.id,
      target: { venueId: place.id },
      form: form({ name: "The Jericho", city: "Oxford", postcode: "OX2 6AE", lat: "51.7585", lng: "-1.2663" }),
      now: later,
    });
    const [row] = await db.select().from(venue).where(eq(venue.id, place.id));
    expect(row).toMatchObject({ name: "The Jericho", lat: 51.7585, lng: -1.2663, capacity: 300, updatedAt: later });
    const [found] = await db.select({ text: event.searchText }).from(event).where(eq(event.id, gig.id));
    expect(found!.text).toContain("the jericho");
  });

  it("answers not_found for another host's venue, and for an id that is not one, changing nothing", async () => {
    const db = database.db;
    const [owner, other] = [await createHost(db), await createHost(db)];
    const place = await createVenue(db, owner.id);
    const before = await db.select().from(venue).where(eq(venue.id, place.id));
    for (const venueId of [place.id, "not-a-venue", randomUUID()]) {
      const error = await refusal(
        saveVenue(db, { hostId: other.id, target: { venueId }, form: form({ name: "Taken over" }), now }),
      );
      expect(error.code).toBe("not_found");
    }
    expect(await db.select().from(venue).where(eq(venue.id, place.id))).toEqual(before);
  });

  it("keeps the database's own limits behind the form's: no capacity of 0, no notes past 1000 characters", async () => {
    const db = database.db;
    const host = await createHost(db);
    await expect(createVenue(db, host.id, { capacity: 0 })).rejects.toThrow();
    await expect(createVenue(db, host.id, { accessNotes: "a".repeat(1001) })).rejects.toThrow();
    expect((await createVenue(db, host.id, { capacity: 1, accessNotes: "a".repeat(1000) })).capacity).toBe(1);
  });
});
