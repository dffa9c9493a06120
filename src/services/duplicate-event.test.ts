import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { event, ticketType } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { changeEventStatus } from "./change-event-status";
import { duplicateEvent } from "./duplicate-event";

const now = new Date("2026-11-24T12:00:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;
let venueId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
  venueId = (await createVenue(database.db, hostId)).id;
});
afterAll(() => database.close());

const eventRow = async (id: string) => (await database.db.select().from(event).where(eq(event.id, id)))[0]!;
const typesOf = async (id: string) =>
  database.db.select().from(ticketType).where(eq(ticketType.eventId, id)).orderBy(ticketType.sortOrder);

describe("duplicating an event", () => {
  it("makes a draft with the same details and ticket types, nothing sold, a name and slug of its own", async () => {
    const db = database.db;
    const original = await createEvent(
      db,
      {
        hostId,
        venueId,
        name: "Jazz Brunch",
        summary: "Sunday jazz and pancakes",
        description: "<p>Bring friends.</p>",
        startsAt: new Date("2026-12-13T11:00:00Z"),
        endsAt: new Date("2026-12-13T14:00:00Z"),
        tags: ["jazz", "brunch"],
        questions: [{ id: "diet", label: "Dietary needs", required: false, kind: "text" }],
        waitlistOfferHours: 6,
      },
      [
        { name: "Early bird", pricePence: 1200, capacity: 20, maxPerOrder: 4 },
        { name: "Standard", pricePence: 1500, capacity: 60, payWhatYouWish: true },
      ],
    );
    await buyTickets(db, { eventId: original.id, buyer: await createBuyer(db), quantity: 3, now, sign: codes.sign });

    const copy = await duplicateEvent(db, { eventId: original.id, hostId, now });
    expect(copy.name).toBe("Jazz Brunch (copy)");
    expect(copy.slug).toMatch(/^jazz-brunch-copy-[0-9a-f]{8}$/);
    const row = await eventRow(copy.eventId);
    expect(row).toMatchObject({
      status: "draft",
      isCancelled: false,
      lastPublishedAt: null,
      hostId,
      venueId,
      summary: "Sunday jazz and pancakes",
      description: "<p>Bring friends.</p>",
      startsAt: original.startsAt,
      endsAt: original.endsAt,
      tags: ["jazz", "brunch"],
      questions: original.questions,
      waitlistOfferHours: 6,
      soldTotal: 0,
      capacityTotal: 80,
    });
    const types = await typesOf(copy.eventId);
    expect(
      types.map((t) => [t.name, t.pricePence, t.capacity, t.sold, t.held, t.maxPerOrder, t.payWhatYouWish]),
    ).toEqual([
      ["Early bird", 1200, 20, 0, 0, 4, false],
      ["Standard", 1500, 60, 0, 0, 10, true],
    ]);
    // The original is as it was.
    expect(await eventRow(original.id)).toMatchObject({ status: "published", soldTotal: 3 });

    // Copying again, or copying the copy, never clashes.
    const again = await duplicateEvent(db, { eventId: original.id, hostId, now });
    expect(again.slug).not.toBe(copy.slug);
    expect((await duplicateEvent(db, { eventId: copy.eventId, hostId, now })).name).toBe("Jazz Brunch (copy) (copy)");
  });

  it("copies archived and cancelled events (that is how they run again), but not deleted ones", async () => {
    const db = database.db;
    const archived = await createEvent(db, { hostId, venueId, startsAt: now, status: "archived" });
    const cancelled = await createEvent(db, { hostId, venueId, startsAt: now, isCancelled: true });
    for (const e of [archived, cancelled])
      expect((await eventRow((await duplicateEvent(db, { eventId: e.id, hostId, now })).eventId)).status).toBe("draft");
    const gone = await createEvent(db, { hostId, venueId, startsAt: now, status: "draft" });
    await changeEventStatus(db, { eventId: gone.id, hostId, action: "delete", now });
    const error = await duplicateEvent(db, { eventId: gone.id, hostId, now }).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe("not_found");
  });

  it("is not found for another host, who gets no copy", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, venueId, startsAt: now });
    const other = await createHost(db, { email: "duplicate-other-host@example.com" });
    const error = await duplicateEvent(db, { eventId: e.id, hostId: other.id, now }).catch((x: unknown) => x);
    expect(isAppError(error) && error.code).toBe("not_found");
    expect(await db.select().from(event).where(eq(event.hostId, other.id))).toHaveLength(0);
  });
});
