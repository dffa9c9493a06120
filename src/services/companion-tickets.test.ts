import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "~/db/client.server";
import { event, hold, holdLine, order, orderLine, ticket, ticketType, user } from "~/db/schema";
import { createTestProvider } from "~/server/payments/test-provider.server";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { companionMessages } from "~/texts/companion-messages";
import { createEvent, createHost, createVenue } from "../../tests/factories/events";
import { createBuyer } from "../../tests/factories/orders";
import { whileLocked } from "../../tests/setup/locks";
import { createTestDatabase } from "../../tests/setup/test-db";
import { cancelFreeOrder } from "./cancel-order";
import { chooseCompanions, setCompanionTickets } from "./companion-tickets";
import { completeOrder } from "./complete-order";
import { describeHold } from "./describe-hold";
import { duplicateEvent } from "./duplicate-event";
import { getCheckout } from "./get-checkout";
import { getOrder } from "./get-order";
import { holdTickets } from "./hold-tickets";
import { hostDashboard } from "./host-dashboard";
import { orderReceipt } from "./order-receipt";
import { releaseHolds } from "./release-holds";
import { submitCheckout } from "./submit-checkout";
import { createDbThrottle } from "./throttle";
import { claimTicket, findTransfer, sendTicket } from "./transfer-ticket";
import { listMyTickets } from "./list-my-tickets";
import { updateProfile } from "./update-profile";
import { releaseHoldNow } from "./waitlist-offers";

/**
 * Free companion tickets (decision 0031): the host's setting, the buyer's choice at checkout, and
 * the places they take, claimed, sold, given back and cancelled like any other.
 */
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;
let otherHostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
  otherHostId = (await createHost(database.db)).id;
});
afterAll(() => database.close());

const profile = { firstName: "Bea", lastName: "Buyer", username: "", phone: "", bio: "", hostTitle: "" };

/** A buyer who keeps access needs (a companion among them) on their profile. */
async function buyerWithNeeds(needs = ["wheelchair_user", "companion"]) {
  const buyer = await createBuyer(database.db);
  await updateProfile(database.db, { userId: buyer.id, input: profile, access: { needs, notes: "" }, now: new Date() });
  return buyer;
}

async function eventWith(opts: { pricePence?: number; capacity?: number; companions?: boolean } = {}) {
  const now = new Date();
  const e = await createEvent(
    database.db,
    {
      hostId,
      startsAt: new Date(now.getTime() + 20 * 86_400_000),
      companionTickets: opts.companions ?? true,
    },
    [{ pricePence: opts.pricePence ?? 0, capacity: opts.capacity ?? 10 }],
  );
  const [type] = await database.db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  return { e, typeId: type!.id };
}

function deps() {
  return {
    db: database.db,
    throttle: createDbThrottle(database.db),
    payments: createTestProvider(database.db, "http://localhost:3000"),
    sign: codes.sign,
    publicUrl: "http://localhost:3000",
  };
}

/** Checkout's press on the buyer's hold, sharing their needs, with `companions` asked for. */
function press(
  buyer: { id: string; email: string; name: string },
  holdId: string,
  companions: number,
  answers: Record<string, string> = {},
) {
  return submitCheckout(deps(), {
    holdId,
    buyer,
    buyerName: buyer.name,
    answers,
    shareAccessNeeds: true,
    companions,
    ip: "203.0.113.20",
    now: new Date(),
  });
}

async function holdFor(buyerId: string, eventId: string, typeId: string, quantity = 1, now = new Date()) {
  return holdTickets(database.db, { eventId, userId: buyerId, lines: [{ ticketTypeId: typeId, quantity }], now });
}

/** The buyer shares their needs on the hold (as checkout's press does first). */
async function share(holdId: string, userId: string) {
  await database.db
    .update(hold)
    .set({ accessNeeds: { needs: ["companion"], notes: "" } })
    .where(and(eq(hold.id, holdId), eq(hold.userId, userId)));
}

const stockOf = async (typeId: string) =>
  (
    await database.db
      .select({ sold: ticketType.sold, held: ticketType.held })
      .from(ticketType)
      .where(eq(ticketType.id, typeId))
  )[0]!;

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe("the host's setting", () => {
  it("is off for a new event, turns on and off for the host's own event only, and a copy keeps it", async () => {
    const e = await createEvent(database.db, { hostId, startsAt: new Date(Date.now() + 86_400_000) });
    expect(e.companionTickets).toBe(false);

    expect(
      await refusal(setCompanionTickets(database.db, { hostId: otherHostId, eventId: e.id, on: true })),
    ).toMatchObject({ code: "not_found" });
    await setCompanionTickets(database.db, { hostId, eventId: e.id, on: true });
    const copy = await duplicateEvent(database.db, { eventId: e.id, hostId, now: new Date() });
    const flags = async (id: string) =>
      (await database.db.select({ on: event.companionTickets }).from(event).where(eq(event.id, id)))[0]!.on;
    expect(await flags(e.id)).toBe(true);
    expect(await flags(copy.eventId)).toBe(true);

    await setCompanionTickets(database.db, { hostId, eventId: e.id, on: false });
    expect(await flags(e.id)).toBe(false);
  });

  it("can't be turned on at a seated venue, whose buyers book companion seats instead", async () => {
    const venue = await createVenue(database.db, hostId, { seatRows: 3, seatColumns: 4 });
    const e = await createEvent(database.db, {
      hostId,
      venueId: venue.id,
      startsAt: new Date(Date.now() + 86_400_000),
    });
    expect(await refusal(setCompanionTickets(database.db, { hostId, eventId: e.id, on: true }))).toMatchObject({
      code: "validation_failed",
      message: companionMessages.host.seatedRefused,
      details: { field: "companionTickets" },
    });
    // Turning them off is always allowed.
    await setCompanionTickets(database.db, { hostId, eventId: e.id, on: false });
  });
});

describe("companions at checkout", () => {
  it("books one free ticket and one free companion: two tickets of the type, the companion marked", async () => {
    const bea = await buyerWithNeeds();
    const { e, typeId } = await eventWith({ pricePence: 0 });
    const held = await holdFor(bea.id, e.id, typeId);
    const before = await getCheckout(database.db, { holdId: held.holdId, userId: bea.id });
    // Offered, at most one per ticket booked, and suggested because the saved needs include a companion.
    expect(before!.companions).toEqual({ offered: true, most: 1, chosen: 0, suggested: 1 });

    const next = await press(bea, held.holdId, 1);
    expect(next.kind).toBe("order");
    expect(await stockOf(typeId)).toEqual({ sold: 2, held: 0 });

    const [o] = await database.db.select().from(order).where(eq(order.holdId, held.holdId));
    expect(o).toMatchObject({ status: "free", totalPence: 0, bookingFeePence: 0 });
    const lines = await database.db.select().from(orderLine).where(eq(orderLine.orderId, o!.id));
    expect(lines.map((l) => [l.quantity, l.unitPricePence, l.companion]).sort()).toEqual([
      [1, 0, false],
      [1, 0, true],
    ]);
    const shown = await getOrder(database.db, { reference: o!.reference, userId: bea.id });
    expect(shown!.tickets.map((t) => t.typeName).sort()).toEqual(["Ticket 1", "Ticket 1 · Companion ticket · free"]);
    const receipt = await orderReceipt(database.db, { reference: o!.reference, userId: bea.id });
    expect(receipt!.rows.map((r) => r.label)).toContain("1 × Companion ticket · free");

    // The host sees the order with its companion.
    const dashboard = await hostDashboard(database.db, { hostId, now: new Date(), range: 7 });
    expect(dashboard.orders.rows.find((r) => r.id === o!.id)).toMatchObject({ tickets: 2, companions: 1 });
  });

  it("adds nothing to a paid order's price or booking fee, and the payment completes with them", async () => {
    const bea = await buyerWithNeeds();
    const { e, typeId } = await eventWith({ pricePence: 1200 });
    const held = await holdFor(bea.id, e.id, typeId, 2);
    await share(held.holdId, bea.id);
    const before = (await describeHold(database.db, held.holdId)).breakdown;
    await chooseCompanions(database.db, { holdId: held.holdId, userId: bea.id, requested: 2, now: new Date() });
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 4 });
    const after = (await describeHold(database.db, held.holdId)).breakdown;
    expect(after).toEqual(before);

    const done = await completeOrder(database.db, {
      holdId: held.holdId,
      buyer: { userId: bea.id, email: bea.email, name: bea.name },
      payment: { provider: "test", providerPaymentId: `pi_${randomUUID()}`, amountPence: before.totalPence },
      now: new Date(),
      sign: codes.sign,
    });
    expect(done.outcome).toBe("fulfilled");
    expect(await stockOf(typeId)).toEqual({ sold: 4, held: 0 });
    const [o] = await database.db.select().from(order).where(eq(order.id, done.orderId));
    expect(o).toMatchObject({
      subtotalPence: 2400,
      totalPence: before.totalPence,
      bookingFeePence: before.bookingFeePence,
    });
    const tickets = await database.db.select().from(ticket).where(eq(ticket.orderId, done.orderId));
    expect(tickets.filter((t) => t.companion)).toHaveLength(2);
  });

  it("refuses companions without sharing, where not offered, and past one per ticket, naming the field", async () => {
    const bea = await buyerWithNeeds();
    const { e, typeId } = await eventWith();
    const held = await holdFor(bea.id, e.id, typeId);
    const ask = (requested: number) =>
      refusal(chooseCompanions(database.db, { holdId: held.holdId, userId: bea.id, requested, now: new Date() }));

    expect(await ask(1)).toMatchObject({
      code: "validation_failed",
      message: companionMessages.buyer.needsSharing,
      details: { field: "companions" },
    });
    await share(held.holdId, bea.id);
    expect(await ask(2)).toMatchObject({ message: companionMessages.buyer.range(1), details: { field: "companions" } });
    expect(await ask(-1)).toMatchObject({ details: { field: "companions", reason: "out_of_range" } });
    await database.db.update(event).set({ companionTickets: false }).where(eq(event.id, e.id));
    expect(await ask(1)).toMatchObject({ message: companionMessages.buyer.notOffered });
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 1 });

    // Another buyer's hold is not found.
    const other = await createBuyer(database.db);
    expect(
      await refusal(
        chooseCompanions(database.db, { holdId: held.holdId, userId: other.id, requested: 0, now: new Date() }),
      ),
    ).toMatchObject({ code: "not_found" });
  });

  it("says when there is no room, keeping the buyer's answers and choice; then takes what room there is", async () => {
    const bea = await buyerWithNeeds();
    const { e, typeId } = await eventWith({ capacity: 3 });
    const held = await holdFor(bea.id, e.id, typeId, 2);
    const pressWith = (companions: number) => press(bea, held.holdId, companions, { q1: "Aisle, please" });
    expect(await refusal(pressWith(2))).toMatchObject({
      code: "conflict",
      message: companionMessages.buyer.noRoom(1),
      details: { field: "companions", reason: "companions_short", most: 1 },
    });
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 2 });
    const [kept] = await database.db.select().from(hold).where(eq(hold.id, held.holdId));
    expect(kept).toMatchObject({ status: "active", answers: { q1: "Aisle, please" } });
    expect(kept!.accessNeeds).not.toBeNull();

    expect((await pressWith(1)).kind).toBe("order");
    expect(await stockOf(typeId)).toEqual({ sold: 3, held: 0 });
  });

  it("gives companion places back when the buyer asks for fewer, and when the hold lapses or is released", async () => {
    const bea = await buyerWithNeeds();
    const { e, typeId } = await eventWith();
    const now = new Date();
    const choose = (holdId: string, requested: number) =>
      chooseCompanions(database.db, { holdId, userId: bea.id, requested, now });

    const first = await holdFor(bea.id, e.id, typeId, 2, now);
    await share(first.holdId, bea.id);
    await choose(first.holdId, 2);
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 4 });
    await choose(first.holdId, 1);
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 3 });
    const lines = await database.db.select().from(holdLine).where(eq(holdLine.holdId, first.holdId));
    expect(lines.map((l) => [l.quantity, l.companion, l.unitPricePence]).sort()).toEqual([
      [1, true, 0],
      [2, false, 0],
    ]);

    // Lapsed: the sweep gives back the places booked and the companion's.
    await releaseHolds(database.db, { now: new Date(now.getTime() + 11 * 60_000), holdIds: [first.holdId] });
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 0 });

    // Released by the buyer ("Cancel and release tickets").
    const second = await holdFor(bea.id, e.id, typeId, 1, now);
    await share(second.holdId, bea.id);
    await choose(second.holdId, 1);
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 2 });
    await releaseHoldNow(database.db, { holdId: second.holdId, userId: bea.id, now, as: "released" });
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 0 });
    // A lapsed hold's companions can't be chosen any more.
    expect(await refusal(choose(second.holdId, 0))).toMatchObject({ code: "conflict" });
  });

  it("cancels the companions with the order they came with", async () => {
    const bea = await buyerWithNeeds();
    const { e, typeId } = await eventWith();
    const held = await holdFor(bea.id, e.id, typeId);
    const next = await press(bea, held.holdId, 1);
    expect(await stockOf(typeId)).toEqual({ sold: 2, held: 0 });
    await cancelFreeOrder(database.db, {
      reference: next.kind === "order" ? next.reference : "",
      userId: bea.id,
      now: new Date(),
    });
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 0 });
    const [o] = await database.db.select().from(order).where(eq(order.holdId, held.holdId));
    const statuses = await database.db.select({ status: ticket.status }).from(ticket).where(eq(ticket.orderId, o!.id));
    expect(statuses.map((s) => s.status)).toEqual(["void", "void"]);
  });

  it("passes a companion ticket to a friend like any other: their own code, still a companion", async () => {
    const bea = await buyerWithNeeds();
    const pa = await createBuyer(database.db, "Pat Assistant");
    await database.db.update(user).set({ emailVerified: true }).where(eq(user.id, pa.id));
    const { e, typeId } = await eventWith();
    const held = await holdFor(bea.id, e.id, typeId);
    await press(bea, held.holdId, 1);
    const [o] = await database.db.select().from(order).where(eq(order.holdId, held.holdId));
    const [companion] = await database.db
      .select()
      .from(ticket)
      .where(and(eq(ticket.orderId, o!.id), eq(ticket.companion, true)));
    const now = new Date();
    const sent = await sendTicket(database.db, {
      ticketId: companion!.id,
      from: { ...bea, name: bea.name },
      toEmail: pa.email,
      now,
    });
    expect((await findTransfer(database.db, sent.token))?.typeName).toBe("Ticket 1 · Companion ticket · free");
    await claimTicket(database.db, codes.sign, { token: sent.token, user: { id: pa.id, name: pa.name }, now });
    const [after] = await database.db.select().from(ticket).where(eq(ticket.id, companion!.id));
    expect(after).toMatchObject({ holderUserId: pa.id, companion: true, codeVersion: 1, status: "valid" });
    const theirs = (await listMyTickets(database.db, { userId: pa.id, now })).upcoming[0]!.tickets;
    expect(theirs.map((t) => t.typeName)).toEqual(["Ticket 1 · Companion ticket · free"]);
  });

  it("never counts companions in a person's share of an event", async () => {
    const bea = await buyerWithNeeds();
    const { e, typeId } = await eventWith();
    await database.db.update(event).set({ maxTicketsPerPerson: 3 }).where(eq(event.id, e.id));
    const held = await holdFor(bea.id, e.id, typeId, 2);
    await press(bea, held.holdId, 2);
    // Two booked (and two companions) of three: one more may be held, not two.
    expect(await refusal(holdFor(bea.id, e.id, typeId, 2))).toMatchObject({
      details: { reason: "over_share", has: 2 },
    });
    expect((await holdFor(bea.id, e.id, typeId, 1)).holdId).toBeTruthy();
  });
});

describe("companion claims never oversell", () => {
  /** `buyers` each holding one place of `capacity`, sharing needs: what's left is `capacity - buyers`. */
  async function crowd(capacity: number, buyers: number) {
    const { e, typeId } = await eventWith({ capacity });
    const holds: { holdId: string; userId: string }[] = [];
    for (let i = 0; i < buyers; i++) {
      const buyer = await buyerWithNeeds();
      const held = await holdFor(buyer.id, e.id, typeId);
      await share(held.holdId, buyer.id);
      holds.push({ holdId: held.holdId, userId: buyer.id });
    }
    return { typeId, holds };
  }

  it("gives the last place to exactly one of the buyers asking for a companion at once", async () => {
    const { typeId, holds } = await crowd(6, 5);
    const now = new Date();
    const outcomes = await Promise.allSettled(
      holds.map((h) => chooseCompanions(database.db, { ...h, requested: 1, now })),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.status === "rejected"))
      expect((o as PromiseRejectedResult).reason).toMatchObject({ details: { reason: "companions_short" } });
    expect(await stockOf(typeId)).toEqual({ sold: 0, held: 6 });
  });

  it.runIf(inject("testDb").engine === "postgres")(
    "on PostgreSQL, claims on separate connections all wait for the ticket type's row, and one wins the last place",
    async () => {
      const { typeId, holds } = await crowd(4, 3);
      const now = new Date();
      const outcomes = await whileLocked(
        database,
        (tx) => tx.execute(sql`select 1 from ticket_type where id = ${typeId} for update`),
        holds.length,
        () => holds.map((h) => chooseCompanions(database.db, { ...h, requested: 1, now })),
      );
      expect(outcomes.map((o) => o.status).toSorted()).toEqual(["fulfilled", "rejected", "rejected"]);
      expect(await stockOf(typeId)).toEqual({ sold: 0, held: 4 });
      const { rows } = await database.db.execute<{ n: number }>(sql`
        select count(*)::int as n from hold_line where companion and ticket_type_id = ${typeId}`);
      expect(Number(rows[0]!.n)).toBe(1);
    },
  );
});
