import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { event, hold, order, ticketType } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { studioMessages } from "~/texts/studio-messages";
import { lifeCycleMessages } from "~/texts/life-cycle-messages";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { changeEventStatus, moveStatus } from "./change-event-status";
import { completeOrder } from "./complete-order";
import { ownEvent } from "./event-sales";
import { holdTickets } from "./hold-tickets";

const now = new Date("2026-11-24T12:00:00Z");
const later = new Date("2026-11-25T09:00:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
const s = studioMessages;
let database: Database;
let hostId: string;
let venueId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
  venueId = (await createVenue(database.db, hostId)).id;
});
afterAll(() => database.close());

async function errorOf(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), String(error)).toBe(true);
  return error as { code: string; message: string };
}

const startsAt = new Date("2026-12-12T19:30:00Z");
const statusOf = async (id: string) => (await database.db.select().from(event).where(eq(event.id, id)))[0]!;
const change = (eventId: string, action: "publish" | "unpublish" | "archive" | "delete", at = later) =>
  changeEventStatus(database.db, { eventId, hostId, action, now: at });

describe("publishing", () => {
  it("needs a ticket type and a venue, or for an online event its link", async () => {
    const db = database.db;
    const noTickets = await createEvent(db, { hostId, venueId, startsAt, status: "draft" }, []);
    expect(await errorOf(change(noTickets.id, "publish"))).toMatchObject({
      code: "conflict",
      message: s.publishNeedsTickets,
    });
    const noVenue = await createEvent(db, { hostId, startsAt, status: "draft" });
    expect((await errorOf(change(noVenue.id, "publish"))).message).toBe(s.publishNeedsVenue);
    const online = await createEvent(db, { hostId, startsAt, status: "draft", isOnline: true });
    expect((await errorOf(change(online.id, "publish"))).message).toBe(s.publishNeedsLink);
    for (const e of [noTickets, noVenue, online]) expect((await statusOf(e.id)).status).toBe("draft");

    await db.update(event).set({ onlineUrl: "https://meet.example.com/quiz" }).where(eq(event.id, online.id));
    expect(await change(online.id, "publish")).toEqual({
      eventId: online.id,
      status: "published",
      changed: true,
      picturesTakenOff: [],
    });
    expect(await statusOf(online.id)).toMatchObject({ status: "published", lastPublishedAt: later });
    // Twice: nothing more is written.
    expect(await change(online.id, "publish", new Date("2026-11-26T09:00:00Z"))).toMatchObject({ changed: false });
    expect((await statusOf(online.id)).lastPublishedAt).toEqual(later);
  });

  it("refuses an event whose date has passed, as the host's clock reads it", async () => {
    const db = database.db;
    const gone = await createEvent(db, {
      hostId,
      venueId,
      startsAt: new Date("2026-01-10T19:30:00Z"),
      status: "draft",
    });
    expect(await errorOf(change(gone.id, "publish"))).toMatchObject({ code: "conflict", message: s.publishEnded });
    expect((await statusOf(gone.id)).status).toBe("draft");
    // The same event, published on a day before it: the clock is the caller's.
    expect(await change(gone.id, "publish", new Date("2026-01-01T12:00:00Z"))).toMatchObject({ status: "published" });
  });

  it("refuses a link that is no web address at the database", async () => {
    const e = await createEvent(database.db, { hostId, startsAt, status: "draft", isOnline: true });
    await expect(
      database.db.update(event).set({ onlineUrl: "javascript:alert(1)" }).where(eq(event.id, e.id)),
    ).rejects.toThrow();
  });
});

describe("unpublishing and archiving", () => {
  it("unpublishes until a single ticket is sold, free or paid, and gives back places held at checkout", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, venueId, startsAt }, [{ pricePence: 0, capacity: 10 }]);
    const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
    const bea = await createBuyer(db);
    const held = await holdTickets(db, {
      eventId: e.id,
      userId: bea.id,
      lines: [{ ticketTypeId: type!.id, quantity: 2 }],
      now,
    });
    expect(await change(e.id, "unpublish")).toMatchObject({ status: "unpublished", changed: true });
    expect((await db.select().from(hold).where(eq(hold.id, held.holdId)))[0]!.status).toBe("released");
    expect((await db.select().from(ticketType).where(eq(ticketType.eventId, e.id)))[0]).toMatchObject({
      held: 0,
      sold: 0,
    });
    // Off sale: no new holds.
    expect(
      (
        await errorOf(
          holdTickets(db, {
            eventId: e.id,
            userId: bea.id,
            lines: [{ ticketTypeId: type!.id, quantity: 1 }],
            now,
          }),
        )
      ).code,
    ).toBe("not_found");

    expect(await change(e.id, "publish")).toMatchObject({ status: "published" });
    await buyTickets(db, { eventId: e.id, buyer: bea, now, sign: codes.sign });
    expect(await errorOf(change(e.id, "unpublish"))).toMatchObject({
      code: "conflict",
      message: s.cannotUnpublishSold,
    });
    expect((await statusOf(e.id)).status).toBe("published");
  });

  it("archives an event that took money, and a payment arriving afterwards is refunded, not an order", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, venueId, startsAt }, [{ pricePence: 1500, capacity: 10 }]);
    const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
    const bea = await createBuyer(db);
    await buyTickets(db, { eventId: e.id, buyer: bea, now, sign: codes.sign });
    expect(await errorOf(change(e.id, "delete"))).toMatchObject({ message: s.cannotDeleteRevenue });
    // Someone is paying at the provider while the host archives.
    const sam = await createBuyer(db, "Sam Slowpay");
    const held = await holdTickets(db, {
      eventId: e.id,
      userId: sam.id,
      lines: [{ ticketTypeId: type!.id, quantity: 1 }],
      now,
    });

    expect(await change(e.id, "archive")).toMatchObject({ status: "archived", changed: true });
    const paid = await completeOrder(db, {
      holdId: held.holdId,
      buyer: { userId: sam.id, email: sam.email, name: sam.name },
      payment: {
        provider: "test",
        providerPaymentId: `pi_test_${randomUUID()}`,
        amountPence: held.breakdown.totalPence,
      },
      now: later,
      sign: codes.sign,
    });
    expect(paid).toMatchObject({ outcome: "refund", reason: "off_sale" });
    expect((await db.select().from(order).where(eq(order.id, paid.orderId)))[0]!.status).toBe("refunded");
    expect((await db.select().from(ticketType).where(eq(ticketType.id, type!.id)))[0]).toMatchObject({
      sold: 1,
      held: 0,
    });
    // An archived event is a record: it is copied to run again, not reopened.
    expect((await errorOf(change(e.id, "publish"))).message).toBe(s.archivedNoChange);
  });

  it("finds the event changed when a ticket sells between the look and the update", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, venueId, startsAt }, [{ pricePence: 0, capacity: 10 }]);
    const seen = await ownEvent(db, { eventId: e.id, hostId });
    expect(seen.sales).toEqual({ paidTickets: 0, freeTickets: 0, revenuePence: 0 });
    await buyTickets(db, { eventId: e.id, buyer: await createBuyer(db), now, sign: codes.sign });
    expect(await errorOf(db.transaction((tx) => moveStatus(tx, seen, { status: "unpublished" })))).toMatchObject({
      code: "conflict",
      message: lifeCycleMessages.changedMeanwhile,
    });
    expect((await statusOf(e.id)).status).toBe("published");
  });
});

describe("deleting", () => {
  it("waits for free bookings to be cancelled, then keeps the event as a deleted record no list shows", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, venueId, startsAt }, [{ pricePence: 0, capacity: 10 }]);
    await buyTickets(db, { eventId: e.id, buyer: await createBuyer(db), now, sign: codes.sign });
    expect(await errorOf(change(e.id, "delete"))).toMatchObject({ code: "conflict", message: s.cannotDeleteFreeSold });
    const empty = await createEvent(db, { hostId, venueId, startsAt, status: "draft" });
    expect(await change(empty.id, "delete")).toMatchObject({ status: "deleted", changed: true });
    // Gone for the host too: nothing more can be done with it.
    expect((await errorOf(change(empty.id, "publish"))).code).toBe("not_found");
  });
});

describe("another host", () => {
  it("finds none of this host's events, and changes nothing", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, venueId, startsAt, status: "draft" });
    const other = await createHost(db, { email: "status-other-host@example.com" });
    for (const action of ["publish", "unpublish", "archive", "delete"] as const)
      for (const eventId of [e.id, "'; drop table event; --", ""])
        expect((await errorOf(changeEventStatus(db, { eventId, hostId: other.id, action, now: later }))).code).toBe(
          "not_found",
        );
    expect((await statusOf(e.id)).status).toBe("draft");
  });
});
