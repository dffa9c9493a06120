import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { event, hold, holdLine, ticketType, user, waitlistEntry } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { waitlistMessages } from "~/texts/waitlist-messages";
import { recordedWork } from "../../tests/factories/after-commit";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { cancelFreeOrder } from "./cancel-order";
import {
  eventWaitlistSummary,
  hostWaitlistCsv,
  listHostWaitlist,
  offerPlacesByHand,
  removeFromWaitlist,
  waitlistEvents,
} from "./host-waitlists";
import { joinWaitlist } from "./join-waitlist";
import { claimOfferNotices } from "./waitlist-offers";

const now = new Date("2026-11-24T12:00:00Z");
const later = (hours: number) => new Date(now.getTime() + hours * 3_600_000);
const startsAt = new Date("2026-12-05T19:30:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;
let otherHostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
  otherHostId = (await createHost(database.db, { hostTitle: "Northern Sparks" })).id;
});
afterAll(() => database.close());

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), `expected a refusal, got ${String(error)}`).toBe(true);
  return error as { code: string; message: string; details?: Record<string, unknown> };
}

/** A free event of `capacity` places sold out in one-ticket orders, and people waiting (an hour apart, in order). */
async function soldOutWithWaiting(
  capacity: number,
  waiting: string[],
  opts: { host?: string; name?: string; quantity?: number } = {},
) {
  const db = database.db;
  const e = await createEvent(db, { hostId: opts.host ?? hostId, startsAt, name: opts.name ?? "Folk Night" }, [
    { pricePence: 0, capacity, name: "General admission" },
  ]);
  const orders = [];
  for (let i = 0; i < capacity; i++) {
    const b = await createBuyer(db, `Early Bird${i}`);
    orders.push({ buyer: b, ...(await buyTickets(db, { eventId: e.id, buyer: b, now, sign: codes.sign })) });
  }
  const people = [];
  for (const [i, name] of waiting.entries()) {
    const person = await createBuyer(db, name);
    const joined = await joinWaitlist(db, {
      eventId: e.id,
      userId: person.id,
      quantity: opts.quantity ?? 1,
      now: new Date(now.getTime() - (waiting.length - i) * 3_600_000),
    });
    people.push({ ...person, entryId: joined.entryId });
  }
  const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  return { e, orders, people, type: type! };
}

const entry = async (id: string) =>
  (await database.db.select().from(waitlistEntry).where(eq(waitlistEntry.id, id)))[0]!;
const typeOf = async (id: string) => (await database.db.select().from(ticketType).where(eq(ticketType.id, id)))[0]!;
const flagOf = async (userId: string) =>
  (await database.db.select({ flag: user.waitlistRequest }).from(user).where(eq(user.id, userId)))[0]!.flag;

describe("a host's waitlists", () => {
  it("lists who waits for the host's own events, in line, with when they joined, searchable and by event", async () => {
    const db = database.db;
    const quiz = await soldOutWithWaiting(1, ["Ann Able", "Bob Baker", "Cat Cole"], { name: "Quiz Night" });
    const gig = await soldOutWithWaiting(1, ["Dee Dale"], { name: "Gig Night" });
    await soldOutWithWaiting(1, ["Olly Other"], { host: otherHostId, name: "Their Night" });

    const mine = await listHostWaitlist(db, { hostId, query: { search: "", page: 1, eventId: quiz.e.id }, now });
    expect(mine.rows.map((r) => [r.name, r.position, r.status])).toEqual([
      ["Ann Able", 1, "waiting"],
      ["Bob Baker", 2, "waiting"],
      ["Cat Cole", 3, "waiting"],
    ]);
    expect(mine.rows[0]).toMatchObject({
      email: quiz.people[0]!.email,
      quantity: 1,
      eventName: "Quiz Night",
      joinedAt: new Date(now.getTime() - 3 * 3_600_000),
      offer: null,
      // Sold out: an offer by hand would add the place.
      handOffer: { quantity: 1, add: 1, ticketTypeName: "General admission", hours: 12 },
    });

    const everyone = await listHostWaitlist(db, { hostId, query: { search: "", page: 1 }, now });
    const names = everyone.rows.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["Ann Able", "Dee Dale"]));
    expect(names).not.toContain("Olly Other");

    const found = await listHostWaitlist(db, { hostId, query: { search: "bob-", page: 1 }, now });
    expect(found.rows.map((r) => r.name)).toEqual(["Bob Baker"]);
    const byName = await listHostWaitlist(db, { hostId, query: { search: "dee dale", page: 1 }, now });
    expect(byName.rows.map((r) => r.eventId)).toEqual([gig.e.id]);
    // Wildcards are searched for as they are.
    expect((await listHostWaitlist(db, { hostId, query: { search: "%", page: 1 }, now })).total).toBe(0);

    const paged = await listHostWaitlist(db, {
      hostId,
      query: { search: "", page: 2, eventId: quiz.e.id, sort: "name", dir: "desc" },
      now,
      pageSize: 2,
    });
    expect(paged).toMatchObject({ total: 3, page: 2, pages: 2 });
    expect(paged.rows.map((r) => r.name)).toEqual(["Ann Able"]);

    const events = await waitlistEvents(db, { hostId });
    expect(events.map((e) => e.name)).toEqual(expect.arrayContaining(["Quiz Night", "Gig Night"]));
    expect(events.map((e) => e.name)).not.toContain("Their Night");
    expect(await eventWaitlistSummary(db, { hostId, eventId: quiz.e.id })).toMatchObject({
      waiting: 3,
      offered: 0,
      offerHours: 12,
    });
  });

  it("offers one person places by hand, ahead of the line: a hold like an automatic offer, emailed after", async () => {
    const db = database.db;
    const { e, people, type } = await soldOutWithWaiting(2, ["Ann Able", "Bob Baker"], { quantity: 2 });
    const bob = people[1]!;

    // Sold out: the offer adds places, and only as many as the host agreed to.
    const changed = await refusal(offerPlacesByHand(db, { hostId, entryId: bob.entryId, mayAdd: 1, now }));
    expect(changed).toMatchObject({ code: "conflict", message: waitlistMessages.offer.changed });
    expect((await typeOf(type.id)).capacity).toBe(2);
    expect((await entry(bob.entryId)).status).toBe("waiting");

    const made = await offerPlacesByHand(db, { hostId, entryId: bob.entryId, mayAdd: 2, now });
    expect(made).toMatchObject({ name: "Bob Baker", quantity: 2, added: 2, eventId: e.id });
    expect(made.expiresAt).toEqual(later(12));
    const offered = await entry(bob.entryId);
    expect(offered).toMatchObject({ status: "offered", offeredAt: now, notifiedAt: null });
    const after = await typeOf(type.id);
    expect(after).toMatchObject({ capacity: 4, sold: 2, held: 2 });
    const [h] = await db.select().from(hold).where(eq(hold.id, offered.holdId!));
    expect(h).toMatchObject({ userId: bob.id, status: "active" });
    const lines = await db.select().from(holdLine).where(eq(holdLine.holdId, h!.id));
    expect(lines.map((l) => [l.ticketTypeId, l.quantity])).toEqual([[type.id, 2]]);
    // Ann keeps her place at the head of the line.
    expect((await entry(people[0]!.entryId)).status).toBe("waiting");

    // The same email as an automatic offer, once the transaction has committed.
    expect(await recordedWork(db, "waitlist-offers")).not.toHaveLength(0);
    const notices = await claimOfferNotices(db, now);
    expect(notices.filter((n) => n.entryId === bob.entryId)).toEqual([
      expect.objectContaining({ email: bob.email, quantity: 2, asked: 2, holdId: offered.holdId }),
    ]);

    const list = await listHostWaitlist(db, { hostId, query: { search: "", page: 1, eventId: e.id }, now });
    expect(list.rows.find((r) => r.id === bob.entryId)).toMatchObject({
      status: "offered",
      position: null,
      offer: { offeredAt: now, expiresAt: later(12), places: 2, emailed: true },
      handOffer: null,
    });

    // Offered already: not twice.
    expect((await refusal(offerPlacesByHand(db, { hostId, entryId: bob.entryId, mayAdd: 9, now }))).message).toBe(
      waitlistMessages.offer.alreadyOffered("Bob Baker"),
    );
  });

  it("takes places that are free without adding any, and never more than the person may have", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, startsAt, name: "Half Full", maxTicketsPerPerson: 2 }, [
      { pricePence: 500, capacity: 5, name: "Standard" },
    ]);
    const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
    const cara = await createBuyer(db, "Cara Free");
    // Places came free while she waited, and no automatic offer took them.
    const [w] = await db
      .insert(waitlistEntry)
      .values({ eventId: e.id, userId: cara.id, quantity: 4, createdAt: now, updatedAt: now })
      .returning();
    const made = await offerPlacesByHand(db, { hostId, entryId: w!.id, mayAdd: 0, now });
    expect(made).toMatchObject({ quantity: 2, added: 0 });
    expect(await typeOf(type!.id)).toMatchObject({ capacity: 5, held: 2, sold: 0 });
  });

  it("is refused for an event that has ended, been cancelled, or is not on sale", async () => {
    const db = database.db;
    const { e, people } = await soldOutWithWaiting(1, ["Ann Able"]);
    const ended = await refusal(
      offerPlacesByHand(db, { hostId, entryId: people[0]!.entryId, mayAdd: 5, now: later(24 * 30) }),
    );
    expect(ended.message).toBe(waitlistMessages.offer.eventOver);
    await db.update(event).set({ status: "unpublished" }).where(eq(event.id, e.id));
    expect(
      (await refusal(offerPlacesByHand(db, { hostId, entryId: people[0]!.entryId, mayAdd: 5, now }))).message,
    ).toBe(waitlistMessages.offer.notOnSale);
    const list = await listHostWaitlist(db, { hostId, query: { search: "", page: 1, eventId: e.id }, now });
    expect(list.rows[0]!.handOffer).toEqual({ problem: waitlistMessages.offer.notOnSale });
  });

  it("removes a person: no more offers for them, and an offer they held passes to the next in line", async () => {
    const db = database.db;
    const { e, orders, people } = await soldOutWithWaiting(1, ["Ann Able", "Bob Baker", "Cat Cole"]);
    const [ann, bob, cat] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];

    const removed = await removeFromWaitlist(db, { hostId, entryId: ann.entryId, now });
    expect(removed).toEqual({ name: "Ann Able", removed: true, eventId: e.id });
    expect(await entry(ann.entryId)).toMatchObject({ status: "removed", holdId: null });
    expect(await flagOf(ann.id)).toBe(false);
    expect(await removeFromWaitlist(db, { hostId, entryId: ann.entryId, now })).toMatchObject({ removed: false });
    expect((await refusal(offerPlacesByHand(db, { hostId, entryId: ann.entryId, mayAdd: 5, now }))).message).toBe(
      waitlistMessages.offer.notWaiting("Ann Able"),
    );

    // A place comes free: it goes to Bob, next in line, not to Ann.
    await cancelFreeOrder(db, { reference: orders[0]!.reference, userId: orders[0]!.buyer.id, now: later(1) });
    expect((await entry(ann.entryId)).status).toBe("removed");
    const bobs = await entry(bob.entryId);
    expect(bobs.status).toBe("offered");

    // Removing Bob withdraws his offer; its place passes to Cat.
    await removeFromWaitlist(db, { hostId, entryId: bob.entryId, now: later(2) });
    expect((await entry(bob.entryId)).status).toBe("removed");
    const [bobsHold] = await db.select().from(hold).where(eq(hold.id, bobs.holdId!));
    expect(bobsHold!.status).toBe("released");
    expect((await entry(cat.entryId)).status).toBe("offered");

    // The list shows them under "left or removed", not among those in line.
    const open = await listHostWaitlist(db, { hostId, query: { search: "", page: 1, eventId: e.id }, now });
    expect(open.rows.map((r) => r.name)).toEqual(["Cat Cole"]);
    const gone = await listHostWaitlist(db, {
      hostId,
      query: { search: "", page: 1, eventId: e.id, filter: "gone", sort: "name" },
      now,
    });
    expect(gone.rows.map((r) => [r.name, r.status])).toEqual([
      ["Ann Able", "removed"],
      ["Bob Baker", "removed"],
    ]);
  });

  it("never lets another host read, offer to or remove the host's entries", async () => {
    const db = database.db;
    const { e, people, type } = await soldOutWithWaiting(1, ["Ann Able"]);
    const ann = people[0]!;
    const asOther = { hostId: otherHostId, entryId: ann.entryId, mayAdd: 10, now };
    expect((await refusal(offerPlacesByHand(db, asOther))).code).toBe("not_found");
    expect((await refusal(removeFromWaitlist(db, asOther))).code).toBe("not_found");
    expect(
      (await refusal(listHostWaitlist(db, { hostId: otherHostId, query: { search: "", page: 1, eventId: e.id }, now })))
        .code,
    ).toBe("not_found");
    expect((await refusal(eventWaitlistSummary(db, { hostId: otherHostId, eventId: e.id }))).code).toBe("not_found");
    expect(
      (await refusal(hostWaitlistCsv(db, { hostId: otherHostId, query: { search: "", eventId: e.id } }))).code,
    ).toBe("not_found");
    const theirs = await listHostWaitlist(db, { hostId: otherHostId, query: { search: "Ann", page: 1 }, now });
    expect(theirs.rows.map((r) => r.id)).not.toContain(ann.entryId);
    const theirCsv = await hostWaitlistCsv(db, { hostId: otherHostId, query: { search: "", filter: "all" } });
    expect(theirCsv.csv).not.toContain(ann.email);
    // Nothing changed.
    expect(await entry(ann.entryId)).toMatchObject({ status: "waiting", holdId: null });
    expect(await typeOf(type.id)).toMatchObject({ capacity: 1, held: 0 });
    // Malformed ids are "no such" too, and so is the host's own entry named under another of their events.
    expect((await refusal(removeFromWaitlist(db, { hostId, entryId: "nope", now }))).code).toBe("not_found");
    const other = await createEvent(db, { hostId, startsAt, name: "Another" });
    expect((await refusal(removeFromWaitlist(db, { hostId, entryId: ann.entryId, eventId: other.id, now }))).code).toBe(
      "not_found",
    );
  });

  it("exports a waitlist as a CSV file a spreadsheet opens safely", async () => {
    const db = database.db;
    const { e, people } = await soldOutWithWaiting(1, ["Ann Able", "Bob Baker"], { name: "Export Night" });
    await db.update(user).set({ firstName: "=HYPERLINK(1)" }).where(eq(user.id, people[1]!.id));
    await offerPlacesByHand(db, { hostId, entryId: people[0]!.entryId, mayAdd: 1, now });
    const { fileName, csv } = await hostWaitlistCsv(db, { hostId, query: { search: "", eventId: e.id } });
    expect(fileName).toBe("waitlist-export-night.csv");
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFFEvent,Event date,Name,Email,Places wanted,Joined,Status,Place in line,Offered,Offer until,Places offered",
    );
    expect(lines[1]).toMatch(new RegExp(`^Export Night,.*,Ann Able,${people[0]!.email},1,.*,Offer sent,,.+,.+,1$`));
    expect(lines[2]).toContain(`"'=HYPERLINK(1) Baker",${people[1]!.email},1,`);
    expect(lines[2]).toContain(",Waiting,1,,,");
    expect(lines).toHaveLength(4);
  });
});

describe("the waitlist's flag on the person", () => {
  it("stays set while they wait for another event", async () => {
    const db = database.db;
    const a = await soldOutWithWaiting(1, ["Ann Able"]);
    const b = await soldOutWithWaiting(1, []);
    await joinWaitlist(db, { eventId: b.e.id, userId: a.people[0]!.id, quantity: 1, now });
    await removeFromWaitlist(db, { hostId, entryId: a.people[0]!.entryId, now });
    expect(await flagOf(a.people[0]!.id)).toBe(true);
    const [still] = await db
      .select()
      .from(waitlistEntry)
      .where(and(eq(waitlistEntry.eventId, b.e.id), eq(waitlistEntry.userId, a.people[0]!.id)));
    expect(still!.status).toBe("waiting");
  });
});
