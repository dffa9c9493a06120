import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { order, ticket, ticketType } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { studioMessages } from "~/texts/studio-messages";
import { lifeCycleMessages } from "~/texts/life-cycle-messages";
import { recordedWork } from "../../tests/factories/after-commit";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { cancelFreeOrders } from "./cancel-free-orders";
import { changeEventStatus } from "./change-event-status";

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

async function codeOf(p: Promise<unknown>) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), String(error)).toBe(true);
  return error as { code: string; message: string };
}

describe("cancelling an event's free bookings", () => {
  it("cancels each, gives the places back and tells each buyer; then the event can be deleted", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, venueId, startsAt: new Date("2026-12-12T19:30:00Z") }, [
      { pricePence: 0, capacity: 30 },
    ]);
    const bought = [
      await buyTickets(db, { eventId: e.id, buyer: await createBuyer(db), quantity: 2, now, sign: codes.sign }),
      await buyTickets(db, { eventId: e.id, buyer: await createBuyer(db, "Ola Other"), now, sign: codes.sign }),
    ];
    expect(await codeOf(changeEventStatus(db, { eventId: e.id, hostId, action: "delete", now }))).toMatchObject({
      message: studioMessages.cannotDeleteFreeSold,
    });

    expect(await cancelFreeOrders(db, { eventId: e.id, hostId, now })).toEqual({ cancelled: 2 });
    const ids = bought.map((b) => b.orderId);
    expect((await db.select().from(order).where(inArray(order.id, ids))).map((o) => o.status)).toEqual([
      "cancelled",
      "cancelled",
    ]);
    expect((await db.select().from(ticket).where(inArray(ticket.orderId, ids))).every((t) => t.status === "void")).toBe(
      true,
    );
    expect((await db.select().from(ticketType).where(eq(ticketType.eventId, e.id)))[0]!.sold).toBe(0);
    for (const id of ids)
      expect(
        await recordedWork(db, "cancellation-outcome", { orderId: id, outcome: "cancelled_by_host" }),
      ).toHaveLength(1);

    // Nothing left to cancel: said so, and nothing happens.
    expect(await codeOf(cancelFreeOrders(db, { eventId: e.id, hostId, now }))).toMatchObject({
      code: "conflict",
      message: lifeCycleMessages.noFreeBookings,
    });
    expect(await changeEventStatus(db, { eventId: e.id, hostId, action: "delete", now })).toMatchObject({
      status: "deleted",
    });
  });

  it("never touches a paid order", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, venueId, startsAt: new Date("2026-12-12T19:30:00Z") }, [
      { pricePence: 0, capacity: 30 },
      { pricePence: 900, capacity: 30 },
    ]);
    const [free, paid] = await db
      .select()
      .from(ticketType)
      .where(eq(ticketType.eventId, e.id))
      .orderBy(ticketType.sortOrder);
    const f = await buyTickets(db, {
      eventId: e.id,
      buyer: await createBuyer(db),
      ticketTypeId: free!.id,
      now,
      sign: codes.sign,
    });
    const p = await buyTickets(db, {
      eventId: e.id,
      buyer: await createBuyer(db),
      ticketTypeId: paid!.id,
      now,
      sign: codes.sign,
    });
    expect(await cancelFreeOrders(db, { eventId: e.id, hostId, now })).toEqual({ cancelled: 1 });
    const statuses = await db
      .select({ id: order.id, status: order.status })
      .from(order)
      .where(inArray(order.id, [f.orderId, p.orderId]));
    expect(Object.fromEntries(statuses.map((o) => [o.id, o.status]))).toEqual({
      [f.orderId]: "cancelled",
      [p.orderId]: "paid",
    });
  });

  it("is not found for another host, and cancels nothing", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, venueId, startsAt: now }, [{ pricePence: 0, capacity: 5 }]);
    const b = await buyTickets(db, { eventId: e.id, buyer: await createBuyer(db), now, sign: codes.sign });
    const other = await createHost(db, { email: "free-other-host@example.com" });
    expect((await codeOf(cancelFreeOrders(db, { eventId: e.id, hostId: other.id, now }))).code).toBe("not_found");
    expect((await db.select().from(order).where(eq(order.id, b.orderId)))[0]!.status).toBe("free");
  });
});
