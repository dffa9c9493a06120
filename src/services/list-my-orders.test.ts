import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { order, user } from "~/db/schema";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { requestCancellation } from "./cancel-order";
import { listMyOrders } from "./list-my-orders";
import { orderReceipt } from "./order-receipt";
import { claimTicket, sendTicket } from "./transfer-ticket";

const now = new Date("2026-11-24T12:00:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db, { hostTitle: "The Crown Collective" })).id;
});
afterAll(() => database.close());

describe("my orders", () => {
  it("are the person's own, newest first, a page at a time, with tickets, totals and refunds", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z") });
    const bea = await createBuyer(db, "Bea Buyer");
    const sam = await createBuyer(db, "Sam Friend");
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, sam.id));
    const bought = [];
    for (const [i, quantity] of [2, 1, 3].entries()) {
      const o = await buyTickets(db, { eventId: e.id, buyer: bea, quantity, now, sign: codes.sign });
      await db
        .update(order)
        .set({ createdAt: new Date(now.getTime() + i * 60_000), paidAt: new Date(now.getTime() + i * 60_000) })
        .where(eq(order.id, o.orderId));
      bought.push(o);
    }
    // The middle order was partly refunded; one of the first order's tickets went to a friend.
    await db.update(order).set({ refundedPence: 100 }).where(eq(order.id, bought[1]!.orderId));
    const sent = await sendTicket(db, {
      ticketId: bought[0]!.tickets[0]!.id,
      from: bea,
      toEmail: sam.email,
      now,
    });
    await claimTicket(db, codes.sign, { token: sent.token, user: { id: sam.id, name: sam.name }, now });
    // Bea asked for the newest one to be cancelled: the host has yet to decide.
    await requestCancellation(db, { reference: bought[2]!.reference, userId: bea.id, reason: "I'm ill", now });

    const first = await listMyOrders(db, { userId: bea.id, page: 1, pageSize: 2 });
    expect(first).toMatchObject({ page: 1, pages: 2, total: 3 });
    expect(first.orders.map((o) => [o.reference, o.tickets, o.standing])).toEqual([
      [bought[2]!.reference, 3, "Refund asked for"],
      [bought[1]!.reference, 1, "Partly refunded"],
    ]);
    expect(first.orders[1]).toMatchObject({ refundedPence: 100, totalPence: bought[1]!.totalPence });
    expect(first.orders[0]!.event).toMatchObject({ name: e.name, slug: e.slug });
    // The passed-on ticket still belongs to Bea's order: it is listed whole, and only for her.
    const second = await listMyOrders(db, { userId: bea.id, page: 2, pageSize: 2 });
    expect(second.orders.map((o) => [o.reference, o.tickets])).toEqual([[bought[0]!.reference, 2]]);
    expect(await listMyOrders(db, { userId: sam.id, page: 1 })).toEqual({ orders: [], page: 1, pages: 1, total: 0 });
    // A page past the end shows the last one.
    expect((await listMyOrders(db, { userId: bea.id, page: 9, pageSize: 2 })).page).toBe(2);
  });

  it("have a receipt for their buyer only", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, startsAt: new Date("2026-12-06T19:30:00Z") });
    const bea = await createBuyer(db, "Bea Buyer");
    const eve = await createBuyer(db, "Eve Elsewhere");
    const o = await buyTickets(db, { eventId: e.id, buyer: bea, quantity: 2, now, sign: codes.sign });
    expect(await orderReceipt(db, { reference: o.reference, userId: eve.id })).toBeNull();
    const receipt = await orderReceipt(db, { reference: o.reference, userId: bea.id });
    expect(receipt).toMatchObject({
      reference: o.reference,
      standing: "Paid",
      buyer: { name: "Bea Buyer", email: bea.email },
      host: "The Crown Collective",
      paidWith: "Test card (no money taken)",
      cancelledOn: null,
    });
    expect(receipt!.rows.at(-1)).toMatchObject({ label: "Total paid", kind: "total" });
  });
});
