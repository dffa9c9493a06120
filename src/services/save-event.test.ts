import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { event, order, ticketType } from "~/db/schema";
import type { EventDetailsInput } from "~/domain/event-details";
import { isAppError } from "~/lib/app-error";
import { studioMessages } from "~/texts/studio-messages";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createLocalStorage, type FileStorage } from "~/server/storage/local-storage.server";
import { createEvent as makeEvent, createHost, createVenue } from "../../tests/factories/events";
import { recordedWork } from "../../tests/factories/after-commit";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { EVENT_IMAGES_MAX } from "~/domain/event-details";
import { addEventImage, moveEventImage, removeEventImage, removeUnshownPictures } from "./event-images";
import { changeEventStatus } from "./change-event-status";
import { repeatEvent, seriesDates } from "./repeat-event";
import { duplicateEvent } from "./duplicate-event";
import { NEW_EVENTS_PER_HOUR } from "./event-quota";
import {
  createEvent,
  eventEditorData,
  MOVES_TOLD_PER_DAY,
  placeEventAtNewVenue,
  updateEventDetails,
} from "./save-event";
import { createDbThrottle } from "./throttle";

let database: Database;
let storage: FileStorage;
let root: string;
const codes = createTicketCodes("a test ticket secret that is long enough");
const now = new Date("2026-11-25T10:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
  root = await fs.mkdtemp(path.join(os.tmpdir(), "tb-event-images-"));
  storage = createLocalStorage(root);
});
afterAll(async () => {
  await database.close();
  await fs.rm(root, { recursive: true, force: true });
});

const form = (over: Partial<EventDetailsInput> = {}): EventDetailsInput => ({
  name: "Tuesday Quiz at the Crown",
  slug: "",
  category: "pubs-clubs-events",
  eventType: "quiz-night",
  subcategories: ["theme-nights"],
  tags: "quiz, pub",
  date: "2027-01-12",
  time: "19:30",
  endDate: "",
  endTime: "22:30",
  isOnline: false,
  onlineUrl: "",
  venueId: "",
  isPrivate: false,
  rsvp: false,
  currency: "GBP",
  feeMode: "pass",
  ...over,
});

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (isAppError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

async function snapshot(eventId: string) {
  const db = database.db;
  return {
    event: (await db.select().from(event).where(eq(event.id, eventId)))[0],
    types: await db.select().from(ticketType).where(eq(ticketType.eventId, eventId)),
  };
}

describe("creating and saving an event's overview", () => {
  it("makes a draft of the host's own, with a slug from the name and a clean description", async () => {
    const db = database.db;
    const host = await createHost(db, { feeMode: "absorb" });
    const crown = await createVenue(db, host.id);
    const { hostFeeMode, venues } = await eventEditorData(db, { hostId: host.id });
    expect(hostFeeMode).toBe("absorb");
    expect(venues.map((v) => v.id)).toEqual([crown.id]);

    const stamp = Date.now();
    const { id } = await createEvent(db, {
      hostId: host.id,
      form: form({ name: `Quiz ${stamp}`, venueId: crown.id, feeMode: "absorb" }),
      description: '<p>Six rounds<script>alert(1)</script></p><img src="x" onerror="steal()">',
      now,
    });
    const saved = (await eventEditorData(db, { hostId: host.id, eventId: id })).event!;
    expect(saved).toMatchObject({
      slug: `quiz-${stamp}`,
      status: "draft",
      slugLocked: false,
      venueId: crown.id,
      feeMode: "absorb",
      tags: ["quiz", "pub"],
      subcategories: ["theme-nights"],
      description: "<p>Six rounds</p>",
    });
    expect(saved.startsAt.toISOString()).toBe("2027-01-12T19:30:00.000Z");
    expect(saved.endsAt!.toISOString()).toBe("2027-01-12T22:30:00.000Z");
  });

  it("refuses another host's venue by field, and a slug someone has, by field", async () => {
    const db = database.db;
    const host = await createHost(db);
    const other = await createHost(db);
    const theirs = await createVenue(db, other.id);
    const e1 = await refusal(
      createEvent(db, { hostId: host.id, form: form({ venueId: theirs.id }), description: "", now }),
    );
    expect(e1.details).toMatchObject({ fields: { venueId: expect.stringMatching(/your venues/) } });

    const taken = await makeEvent(db, { hostId: other.id, startsAt: now, name: "Taken Name" });
    const e2 = await refusal(
      createEvent(db, { hostId: host.id, form: form({ slug: taken.slug }), description: "", now }),
    );
    expect(e2.code).toBe("validation_failed");
    expect(e2.details).toMatchObject({ fields: { slug: expect.stringMatching(/taken/) } });
  });

  it("keeps a published event's address and refuses a new currency once people ordered", async () => {
    const db = database.db;
    const host = await createHost(db);
    const e = await makeEvent(db, { hostId: host.id, startsAt: new Date("2027-02-01T20:00:00Z"), name: "Sold Gig" });
    const bea = await createBuyer(db);
    await buyTickets(db, { eventId: e.id, buyer: bea, now, sign: codes.sign });

    const changed = await refusal(
      updateEventDetails(db, {
        hostId: host.id,
        eventId: e.id,
        form: form({ name: "Sold Gig", slug: "something-else", currency: "EUR" }),
        description: "",
        scope: "one",
        now,
      }),
    );
    expect(changed.details).toMatchObject({ fields: { currency: expect.stringMatching(/ordered/) } });

    await updateEventDetails(db, {
      hostId: host.id,
      eventId: e.id,
      form: form({ name: "Sold Gig, moved", slug: "something-else" }),
      description: "",
      scope: "one",
      now,
    });
    const after = (await snapshot(e.id)).event!;
    expect(after.name).toBe("Sold Gig, moved");
    expect(after.slug).toBe(e.slug);
  });

  it("won't move an event people have bought for to a time that has passed (its payout would be due)", async () => {
    const db = database.db;
    const host = await createHost(db);
    const e = await makeEvent(db, { hostId: host.id, startsAt: new Date("2027-02-01T20:00:00Z"), name: "Spring Gig" });
    await buyTickets(db, { eventId: e.id, buyer: await createBuyer(db), now, sign: codes.sign });
    const save = (over: Partial<EventDetailsInput>) =>
      updateEventDetails(db, {
        hostId: host.id,
        eventId: e.id,
        form: form({ name: "Spring Gig", ...over }),
        description: "",
        scope: "one",
        now,
      });

    // Last week: what we collected would be paid out at once, months before the gig.
    const backdated = await refusal(save({ date: "2026-11-18", endDate: "", endTime: "22:30" }));
    expect(backdated.details).toMatchObject({ fields: { date: expect.stringMatching(/passed/) } });
    // An end an hour ago, on today's date, likewise.
    const endedEarly = await refusal(save({ date: "2026-11-25", time: "07:00", endTime: "09:00" }));
    expect(endedEarly.details).toMatchObject({ fields: { date: expect.stringMatching(/passed/) } });
    expect((await snapshot(e.id)).event!.startsAt).toEqual(new Date("2027-02-01T20:00:00Z"));

    // Moved to another day ahead, or today later on, it is the host's to move.
    await save({ date: "2026-12-05", time: "19:30", endTime: "22:30" });
    await save({ date: "2026-11-25", time: "19:30", endTime: "22:30" });
    expect((await snapshot(e.id)).event!.startsAt).toEqual(new Date("2026-11-25T19:30:00Z"));

    // An event nobody has bought for may be set in the past (a host writing up one that happened).
    const quiet = await makeEvent(db, { hostId: host.id, startsAt: new Date("2027-02-01T20:00:00Z"), name: "Quiet" });
    await updateEventDetails(db, {
      hostId: host.id,
      eventId: quiet.id,
      form: form({ name: "Quiet", date: "2026-11-18" }),
      description: "",
      scope: "one",
      now,
    });
    expect((await snapshot(quiet.id)).event!.startsAt).toEqual(new Date("2026-11-18T19:30:00Z"));
  });

  it("tells the people with tickets when a save moves the start or the place, nobody for other changes", async () => {
    const db = database.db;
    const host = await createHost(db);
    const crown = await createVenue(db, host.id, {
      name: "The Crown",
      formattedAddress: "1 High Street, Sheffield S1 2AA",
    });
    const mill = await createVenue(db, host.id, {
      name: "The Mill",
      formattedAddress: "9 River Lane, Sheffield S3 8BB",
    });
    const e = await makeEvent(db, {
      hostId: host.id,
      name: "Moving Quiz",
      startsAt: new Date("2027-01-12T19:30:00Z"),
      endsAt: new Date("2027-01-12T22:30:00Z"),
      venueId: crown.id,
    });
    const kept = await buyTickets(db, { eventId: e.id, buyer: await createBuyer(db), now, sign: codes.sign });
    const refunded = await buyTickets(db, { eventId: e.id, buyer: await createBuyer(db), now, sign: codes.sign });
    await db.update(order).set({ status: "refunded" }).where(eq(order.id, refunded.orderId));
    const save = (over: Partial<EventDetailsInput>, description = "") =>
      updateEventDetails(db, {
        hostId: host.id,
        eventId: e.id,
        form: form({ name: "Moving Quiz", venueId: crown.id, ...over }),
        description,
        scope: "one",
        now,
        throttle,
      });
    const throttle = createDbThrottle(db);
    const told = async () =>
      (await recordedWork(db, "event-changed")).filter(
        (w) => w.orderId === kept.orderId || w.orderId === refunded.orderId,
      );

    // A new description, name or end time alone: nobody is emailed.
    expect(await save({ name: "Moving Quiz!", endTime: "23:00" }, "<p>Now with a picture round.</p>")).toEqual({
      updated: 1,
      ordersTold: 0,
    });
    expect(await told()).toEqual([]);

    // Another start: the standing order is told, with how it stood; the refunded one is not.
    expect(await save({ name: "Moving Quiz!", time: "20:00", endTime: "23:00" })).toEqual({
      updated: 1,
      ordersTold: 1,
    });
    expect(await told()).toEqual([
      {
        kind: "event-changed",
        orderId: kept.orderId,
        was: {
          startsAt: "2027-01-12T19:30:00.000Z",
          endsAt: "2027-01-12T23:00:00.000Z",
          where: "The Crown, 1 High Street, Sheffield S1 2AA",
        },
      },
    ]);

    // Another venue, then online: each is told, with the place it was.
    await save({ name: "Moving Quiz!", time: "20:00", endTime: "23:00", venueId: mill.id });
    await save({
      name: "Moving Quiz!",
      time: "20:00",
      endTime: "23:00",
      venueId: "",
      isOnline: true,
      onlineUrl: "https://meet.example.com/quiz",
    });
    expect((await told()).map((w) => w.was.where).sort()).toEqual([
      "The Crown, 1 High Street, Sheffield S1 2AA",
      "The Crown, 1 High Street, Sheffield S1 2AA",
      "The Mill, 9 River Lane, Sheffield S3 8BB",
    ]);

    // Two more moves make five today, the most that email people; a sixth is refused by field and saves
    // nothing, while a save that moves nothing still goes through.
    await save({ name: "Moving Quiz!", time: "20:30", endTime: "23:00", venueId: mill.id });
    await save({ name: "Moving Quiz!", time: "21:00", endTime: "23:00", venueId: mill.id });
    expect(await told()).toHaveLength(5);
    const sixth = await refusal(save({ name: "Moving Quiz!", time: "21:30", endTime: "23:00", venueId: mill.id }));
    expect(sixth.details).toMatchObject({ fields: { date: studioMessages.movedTooOften(MOVES_TOLD_PER_DAY.limit) } });
    expect((await snapshot(e.id)).event!.startsAt).toEqual(new Date("2027-01-12T21:00:00Z"));
    expect(await told()).toHaveLength(5);
    await save({ name: "Moving Quiz, the last one", time: "21:00", endTime: "23:00", venueId: mill.id });
    expect((await snapshot(e.id)).event!.name).toBe("Moving Quiz, the last one");

    // An event nobody holds tickets for, moved: nothing to tell.
    const quiet = await makeEvent(db, {
      hostId: host.id,
      name: "Quiet Quiz",
      startsAt: new Date("2027-01-12T19:30:00Z"),
    });
    const moved = await updateEventDetails(db, {
      hostId: host.id,
      eventId: quiet.id,
      form: form({ name: "Quiet Quiz", time: "21:00" }),
      description: "",
      scope: "one",
      now,
    });
    expect(moved).toEqual({ updated: 1, ordersTold: 0 });
  });

  it("tells the people with tickets when an online date gets its link or a new one, nobody when it goes", async () => {
    const db = database.db;
    const host = await createHost(db);
    const e = await makeEvent(db, {
      hostId: host.id,
      name: "Online Quiz",
      startsAt: new Date("2027-01-12T19:30:00Z"),
      endsAt: new Date("2027-01-12T22:30:00Z"),
      isOnline: true,
      onlineUrl: null,
    });
    const kept = await buyTickets(db, { eventId: e.id, buyer: await createBuyer(db), now, sign: codes.sign });
    const throttle = createDbThrottle(db);
    const save = (onlineUrl: string, name = "Online Quiz") =>
      updateEventDetails(db, {
        hostId: host.id,
        eventId: e.id,
        form: form({ name, isOnline: true, onlineUrl }),
        description: "",
        scope: "one",
        now,
        throttle,
      });
    const told = async () => (await recordedWork(db, "event-link")).filter((w) => w.orderId === kept.orderId);

    // The first link: the order is told it is there to join by; the same link saved again tells nobody.
    expect(await save("https://meet.example.com/quiz")).toEqual({ updated: 1, ordersTold: 1 });
    expect(await save("https://meet.example.com/quiz", "Online Quiz!")).toEqual({ updated: 1, ordersTold: 0 });
    expect(await told()).toEqual([{ kind: "event-link", orderId: kept.orderId, added: true }]);
    // A new link is told as a change; a link taken away tells nobody (its holders' pages say it is to come).
    await save("https://meet.example.com/quiz-2");
    expect(await save("")).toEqual({ updated: 1, ordersTold: 0 });
    expect((await told()).map((w) => w.added)).toEqual([true, false]);
    expect((await recordedWork(db, "event-changed")).filter((w) => w.orderId === kept.orderId)).toEqual([]);

    // Links and moves count together, five a day: the sixth email-making save is refused by the link's field.
    await save("https://meet.example.com/quiz-3");
    await save("https://meet.example.com/quiz-4");
    await save("https://meet.example.com/quiz-5");
    expect(await told()).toHaveLength(5);
    const sixth = await refusal(save("https://meet.example.com/quiz-6"));
    expect(sixth.details).toMatchObject({
      fields: { onlineUrl: studioMessages.linkChangedTooOften(MOVES_TOLD_PER_DAY.limit) },
    });
    expect((await snapshot(e.id)).event!.onlineUrl).toBe("https://meet.example.com/quiz-5");
    expect(await told()).toHaveLength(5);
  });

  it("answers not_found for another host's event, a malformed id or a deleted one, and changes nothing", async () => {
    const db = database.db;
    const host = await createHost(db);
    const other = await createHost(db);
    const theirs = await makeEvent(db, { hostId: other.id, startsAt: now, name: "Not Yours" });
    const before = await snapshot(theirs.id);
    // Each made only when it is tried: a refusal nobody awaits yet would go unhandled.
    const tries = [
      () => eventEditorData(db, { hostId: host.id, eventId: theirs.id }),
      () => eventEditorData(db, { hostId: host.id, eventId: "../../etc" }),
      () =>
        updateEventDetails(db, {
          hostId: host.id,
          eventId: theirs.id,
          form: form(),
          description: "",
          scope: "one",
          now,
        }),
      () => repeatEvent(db, { hostId: host.id, eventId: theirs.id, every: "weekly", count: 3, now }),
      () => moveEventImage(db, { hostId: host.id, eventId: theirs.id, key: "x", direction: "later" }),
      () => removeEventImage(db, storage, { hostId: host.id, eventId: theirs.id, key: "x" }),
    ];
    for (const attempt of tries) expect((await refusal(attempt())).code).toBe("not_found");
    expect(await snapshot(theirs.id)).toEqual(before);
  });

  it("leaves a cancelled event as it was", async () => {
    const db = database.db;
    const host = await createHost(db);
    const e = await makeEvent(db, { hostId: host.id, startsAt: now, name: "Called Off", isCancelled: true });
    const e1 = await refusal(
      updateEventDetails(db, { hostId: host.id, eventId: e.id, form: form(), description: "", scope: "one", now }),
    );
    expect(e1.code).toBe("conflict");
  });
});

describe("a venue added from an event's editor", () => {
  it("holds an event with no place there, keeps one that has a place, and never another host's event", async () => {
    const db = database.db;
    const host = await createHost(db);
    const other = await createHost(db);
    const startsAt = new Date("2027-02-01T19:00:00Z");
    const placeless = await makeEvent(db, { hostId: host.id, startsAt, status: "draft", venueId: null });
    const crown = await createVenue(db, host.id);
    const online = await makeEvent(db, {
      hostId: host.id,
      startsAt,
      status: "draft",
      venueId: null,
      isOnline: true,
      onlineUrl: "https://meet.example.com/quiz",
    });
    const atCrown = await makeEvent(db, { hostId: host.id, startsAt, venueId: crown.id });
    const theirs = await makeEvent(db, { hostId: other.id, startsAt, status: "draft", venueId: null });
    const theirVenue = await createVenue(db, other.id);
    const fresh = await createVenue(db, host.id, { name: "The Red Lion" });
    const venueOf = async (id: string) =>
      (await db.select({ venueId: event.venueId }).from(event).where(eq(event.id, id)))[0]!.venueId;

    const place = (eventId: string, venueId = fresh.id) =>
      placeEventAtNewVenue(db, { hostId: host.id, eventId, venueId, now });
    // Another host's venue is never put on this host's event.
    expect(await place(placeless.id, theirVenue.id)).toBe("kept");
    expect(await venueOf(placeless.id)).toBeNull();
    expect(await place(placeless.id)).toBe("placed");
    expect(await venueOf(placeless.id)).toBe(fresh.id);
    expect(await place(online.id)).toBe("kept");
    expect(await venueOf(online.id)).toBeNull();
    expect(await place(atCrown.id)).toBe("kept");
    expect(await venueOf(atCrown.id)).toBe(crown.id);
    expect(await place(theirs.id)).toBe("not_found");
    expect(await venueOf(theirs.id)).toBeNull();
    expect(await place("not-an-id")).toBe("not_found");
  });
});

describe("how many events a host may make in an hour", () => {
  it("refuses the form, a repeat and a copy past the limit, counting all three, and never another host", async () => {
    const db = database.db;
    const host = await createHost(db);
    const startsAt = new Date("2027-03-02T19:30:00Z");
    const first = await makeEvent(db, { hostId: host.id, startsAt });
    // The hour's events so far, all but two of the limit (the factory's counts as one).
    await db.insert(event).values(
      Array.from({ length: NEW_EVENTS_PER_HOUR - 3 }, (_, i) => ({
        hostId: host.id,
        name: `Quiz ${i}`,
        slug: `quota-${host.id.slice(0, 8)}-${i}`,
        category: "pubs-clubs-events",
        eventType: "quiz-night",
        startsAt,
      })),
    );
    const refusedAsTooMany = async (work: Promise<unknown>) =>
      expect(await refusal(work)).toMatchObject({
        code: "rate_limited",
        message: studioMessages.tooManyNewEvents(NEW_EVENTS_PER_HOUR),
      });
    // Three dates would be one too many; two fit.
    await refusedAsTooMany(repeatEvent(db, { hostId: host.id, eventId: first.id, every: "weekly", count: 4, now }));
    expect(
      (await repeatEvent(db, { hostId: host.id, eventId: first.id, every: "weekly", count: 3, now })).created,
    ).toBe(2);
    await refusedAsTooMany(
      createEvent(db, { hostId: host.id, form: form({ name: "One More Quiz" }), description: "", now }),
    );
    await refusedAsTooMany(duplicateEvent(db, { hostId: host.id, eventId: first.id, now }));
    const count = await db.select({ id: event.id }).from(event).where(eq(event.hostId, host.id));
    expect(count).toHaveLength(NEW_EVENTS_PER_HOUR);
    // Another host is not held up by this one.
    const other = await createHost(db);
    expect(
      await createEvent(db, { hostId: other.id, form: form({ name: "Their Quiz" }), description: "", now }),
    ).toEqual({
      id: expect.any(String),
    });
  });
});

describe("repeating an event", () => {
  it("makes a season of real events with their own stock, once, and edits the later dates together", async () => {
    const db = database.db;
    const host = await createHost(db);
    const first = await makeEvent(
      db,
      {
        hostId: host.id,
        startsAt: new Date("2027-01-12T19:30:00Z"),
        endsAt: new Date("2027-01-12T22:00:00Z"),
        name: "Crown Quiz",
      },
      [
        { pricePence: 300, capacity: 40, sold: 12 },
        { pricePence: 0, capacity: 10 },
      ],
    );
    const made = await repeatEvent(db, { hostId: host.id, eventId: first.id, every: "weekly", count: 6, now });
    expect(made.created).toBe(5);
    // Again: the dates exist, so nothing doubles.
    expect(
      (await repeatEvent(db, { hostId: host.id, eventId: first.id, every: "weekly", count: 6, now })).created,
    ).toBe(0);

    const dates = await seriesDates(db, { hostId: host.id, seriesId: made.seriesId });
    expect(dates.map((d) => d.startsAt.toISOString().slice(0, 10))).toEqual([
      "2027-01-12",
      "2027-01-19",
      "2027-01-26",
      "2027-02-02",
      "2027-02-09",
      "2027-02-16",
    ]);
    const second = dates[1]!.id;
    const { types, event: copy } = await snapshot(second);
    expect(copy!.status).toBe("published");
    expect(copy!.slug).toBe(`${first.slug}-2027-01-19`);
    expect(types.map((t) => [t.capacity, t.sold, t.held]).sort()).toEqual([
      [10, 0, 0],
      [40, 0, 0],
    ]);

    // The third date and after take a new name and time; the first two keep theirs.
    await updateEventDetails(db, {
      hostId: host.id,
      eventId: dates[2]!.id,
      form: form({ name: "Crown Quiz (new host)", date: "2027-01-26", time: "20:00", endTime: "" }),
      description: "",
      scope: "following",
      now,
    });
    const after = await db
      .select({ name: event.name, startsAt: event.startsAt })
      .from(event)
      .where(eq(event.seriesId, made.seriesId))
      .orderBy(asc(event.startsAt));
    expect(after.map((a) => a.name)).toEqual([
      "Crown Quiz",
      "Crown Quiz",
      "Crown Quiz (new host)",
      "Crown Quiz (new host)",
      "Crown Quiz (new host)",
      "Crown Quiz (new host)",
    ]);
    expect(after.map((a) => a.startsAt.toISOString().slice(11, 16))).toEqual([
      "19:30",
      "19:30",
      "20:00",
      "20:00",
      "20:00",
      "20:00",
    ]);
  });

  it("bounds the number of dates", async () => {
    const db = database.db;
    const host = await createHost(db);
    const e = await makeEvent(db, { hostId: host.id, startsAt: now });
    for (const count of [1, 53, 2.5])
      expect(
        (await refusal(repeatEvent(db, { hostId: host.id, eventId: e.id, every: "monthly", count, now }))).details,
      ).toEqual({
        field: "count",
      });
  });
});

describe("an event's pictures", () => {
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 240, g: 60, b: 120 } } })
      .png()
      .toBuffer();

  it("adds, reorders and removes, deleting the file only when no other event shows it", async () => {
    const db = database.db;
    const host = await createHost(db);
    const e = await makeEvent(db, { hostId: host.id, startsAt: now, images: [] });
    const a = await addEventImage(db, storage, { hostId: host.id, eventId: e.id, bytes: await png() });
    const b = await addEventImage(db, storage, { hostId: host.id, eventId: e.id, bytes: await png() });
    expect(a.key.startsWith(`users/${host.id}/event-`)).toBe(true);
    await moveEventImage(db, { hostId: host.id, eventId: e.id, key: b.key, direction: "earlier" });
    expect((await snapshot(e.id)).event!.images).toEqual([b.key, a.key]);

    // A copy of the event shows the same picture: removing it from one keeps the file.
    const copy = await makeEvent(db, { hostId: host.id, startsAt: now, images: [a.key] });
    await removeEventImage(db, storage, { hostId: host.id, eventId: e.id, key: a.key });
    expect(await storage.read(a.key)).not.toBeNull();
    await removeEventImage(db, storage, { hostId: host.id, eventId: copy.id, key: a.key });
    expect(await storage.read(a.key)).toBeNull();
    expect((await snapshot(e.id)).event!.images).toEqual([b.key]);
  });

  it("go with a deleted event, but for those another event shows and those not the host's uploads", async () => {
    const db = database.db;
    const host = await createHost(db);
    const e = await makeEvent(db, { hostId: host.id, startsAt: now, images: [] });
    const mine = await addEventImage(db, storage, { hostId: host.id, eventId: e.id, bytes: await png() });
    const shared = await addEventImage(db, storage, { hostId: host.id, eventId: e.id, bytes: await png() });
    await db
      .update(event)
      .set({ images: [mine.key, shared.key, "seed/events/quiz.jpg"] })
      .where(eq(event.id, e.id));
    await makeEvent(db, { hostId: host.id, startsAt: now, images: [shared.key] });

    const deleted = await changeEventStatus(db, { eventId: e.id, hostId: host.id, action: "delete", now });
    expect(deleted.picturesTakenOff).toEqual([mine.key, shared.key, "seed/events/quiz.jpg"]);
    expect((await snapshot(e.id)).event!).toMatchObject({ status: "deleted", images: [] });
    // Nothing is deleted until the caller asks, after the change has committed.
    expect(await storage.read(mine.key)).not.toBeNull();
    const gone = await removeUnshownPictures(db, storage, { hostId: host.id, keys: deleted.picturesTakenOff });
    expect(gone).toEqual([mine.key]);
    expect(await storage.read(mine.key)).toBeNull();
    expect(await storage.read(shared.key)).not.toBeNull();
    // Another host's call names this host's files: they are not its to delete.
    const other = await createHost(db);
    expect(await removeUnshownPictures(db, storage, { hostId: other.id, keys: [shared.key] })).toEqual([]);
  });

  it("refuses the eleventh picture and a file that is not an image", async () => {
    const db = database.db;
    const host = await createHost(db);
    const full = Array.from({ length: EVENT_IMAGES_MAX }, (_, i) => `seed/events/${i}.jpg`);
    const e = await makeEvent(db, { hostId: host.id, startsAt: now, images: full });
    const tooMany = await refusal(addEventImage(db, storage, { hostId: host.id, eventId: e.id, bytes: await png() }));
    expect(tooMany.message).toMatch(/at most 10/);
    const e2 = await makeEvent(db, { hostId: host.id, startsAt: now, images: [] });
    const notImage = await refusal(
      addEventImage(db, storage, { hostId: host.id, eventId: e2.id, bytes: new TextEncoder().encode("<svg/>") }),
    );
    expect(notImage.code).toBe("validation_failed");
  });
});
