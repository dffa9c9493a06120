import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { afterCommitWork, event, order, ticket, ticketType, user } from "~/db/schema";
import { isAppError } from "~/lib/app-error";
import { createMailer } from "~/server/email/mailer.server";
import { type JobQueue, startJobs, stopJobs } from "~/server/jobs/boss.server";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { salesDeskMessages } from "~/texts/sales-desk-messages";
import { recordedWork } from "../../tests/factories/after-commit";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { returnOrderStock } from "./cancel-order";
import { doAfterCommitWork } from "./emails/after-sale";
import { listSoldTickets, resendTickets, salesDeskOrder, soldTicketTypes } from "./sales-desk";
import { createDbThrottle } from "./throttle";
import { holdTickets } from "./hold-tickets";
import { submitCheckout } from "./submit-checkout";
import { updateProfile } from "./update-profile";
import { createTestProvider } from "~/server/payments/test-provider.server";

const now = new Date("2026-11-25T12:00:00Z");
const startsAt = new Date("2026-12-05T19:30:00Z");
const publicUrl = "http://localhost:3000";
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let boss: JobQueue;
let hostId: string;
let otherHostId: string;
let eventId: string;
let otherEventId: string;
let standardId: string;
let vipId: string;
/** Bea's order: two standard tickets, with answers and shared access needs. */
let beaOrder: { orderId: string; reference: string; ticketIds: string[] };
let beaEmail: string;
/** Cal's order of one VIP ticket, refunded; Dee's of one standard, cancelled; the other host's. */
let calOrderId: string;
let deeOrderId: string;
let theirOrderId: string;

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isAppError(error), `expected a refusal, got ${String(error)}`).toBe(true);
  return error as { code: string; message: string };
}

beforeAll(async () => {
  database = await createTestDatabase();
  boss = await startJobs(database, { logger: pino({ level: "silent" }), maintenance: false });
  const db = database.db;
  hostId = (await createHost(db)).id;
  otherHostId = (await createHost(db, { hostTitle: "Northern Sparks" })).id;
  const ev = await createEvent(db, { hostId, startsAt, name: "Folk Night" }, [
    { name: "Standard", pricePence: 1000, capacity: 50 },
    { name: "VIP", pricePence: 2500, capacity: 10 },
  ]);
  eventId = ev.id;
  await db
    .update(event)
    .set({ questions: [{ id: "q1", label: "Any dietary needs?", required: true, kind: "text" }] })
    .where(eq(event.id, eventId));
  otherEventId = (await createEvent(db, { hostId: otherHostId, startsAt, name: "Their Night" })).id;
  const types = await db.select().from(ticketType).where(eq(ticketType.eventId, eventId));
  standardId = types.find((t) => t.name === "Standard")!.id;
  vipId = types.find((t) => t.name === "VIP")!.id;

  const bea = await createBuyer(db, "Bea Buyer");
  beaEmail = bea.email;
  const bought = await buyTickets(db, {
    eventId,
    buyer: { id: bea.id, email: bea.email, name: "Bea Buyer" },
    quantity: 2,
    ticketTypeId: standardId,
    now,
    sign: codes.sign,
  });
  // What checkout keeps on the order: the questions as asked, the answers and the shared needs.
  await db
    .update(order)
    .set({
      questions: [{ id: "q1", label: "Any dietary needs?", required: true, kind: "text" }],
      answers: { q1: "Vegan" },
      accessNeeds: { needs: ["wheelchair_user"], notes: "Step-free please" },
    })
    .where(eq(order.id, bought.orderId));
  beaOrder = { orderId: bought.orderId, reference: bought.reference, ticketIds: bought.tickets.map((t) => t.id) };
  // One of Bea's tickets is in.
  await db.update(ticket).set({ status: "checked_in", checkedInAt: now }).where(eq(ticket.id, beaOrder.ticketIds[0]!));

  const cal = await createBuyer(db, "Cal Caller");
  const calBought = await buyTickets(db, {
    eventId,
    buyer: { id: cal.id, email: cal.email, name: "Cal Caller" },
    ticketTypeId: vipId,
    now,
    sign: codes.sign,
  });
  calOrderId = calBought.orderId;
  const dee = await createBuyer(db, "Dee Doer");
  const deeBought = await buyTickets(db, {
    eventId,
    buyer: { id: dee.id, email: dee.email, name: "Dee Doer" },
    ticketTypeId: standardId,
    now,
    sign: codes.sign,
  });
  deeOrderId = deeBought.orderId;
  await db.transaction(async (tx) => {
    await returnOrderStock(tx, calOrderId, now);
    await tx.update(order).set({ status: "refunded", refundedPence: 2525 }).where(eq(order.id, calOrderId));
    await returnOrderStock(tx, deeOrderId, now);
    await tx.update(order).set({ status: "cancelled", cancelledAt: now }).where(eq(order.id, deeOrderId));
  });

  // The other host's sale, to the same Bea: never on this host's desk.
  theirOrderId = (
    await buyTickets(db, {
      eventId: otherEventId,
      buyer: { id: bea.id, email: bea.email, name: "Bea Buyer" },
      now,
      sign: codes.sign,
    })
  ).orderId;
});
afterAll(async () => {
  await stopJobs(boss);
  await database.close();
});

describe("the tickets sold", () => {
  it("lists every ticket of the host's events with its state, and none of another host's", async () => {
    const db = database.db;
    const list = await listSoldTickets(db, { hostId, query: { search: "", page: 1 } });
    expect(list.total).toBe(4);
    const states = Object.fromEntries(list.rows.map((r) => [r.id, r.state]));
    expect(states[beaOrder.ticketIds[0]!]).toBe("checked_in");
    expect(states[beaOrder.ticketIds[1]!]).toBe("valid");
    expect(list.rows.find((r) => r.orderId === calOrderId)).toMatchObject({ state: "refunded", ticketType: "VIP" });
    expect(list.rows.find((r) => r.orderId === deeOrderId)).toMatchObject({ state: "cancelled" });
    expect(list.rows.some((r) => r.orderId === theirOrderId)).toBe(false);
    const checkedIn = list.rows.find((r) => r.id === beaOrder.ticketIds[0]);
    expect(checkedIn).toMatchObject({
      holderName: "Bea Buyer",
      reference: beaOrder.reference,
      eventName: "Folk Night",
    });
    expect(checkedIn!.checkedInAt).toEqual(now);

    const theirs = await listSoldTickets(db, { hostId: otherHostId, query: { search: "", page: 1 } });
    expect(theirs.rows.map((r) => r.orderId)).toEqual([theirOrderId]);
  });

  it("searches by name, email, order reference and the ticket's code or id", async () => {
    const db = database.db;
    const found = async (search: string) =>
      (await listSoldTickets(db, { hostId, query: { search, page: 1 } })).rows.map((r) => r.id).sort();
    const bea = [...beaOrder.ticketIds].sort();
    expect(await found("bea buy")).toEqual(bea);
    expect(await found(beaEmail.toUpperCase())).toEqual(bea);
    expect(await found(beaOrder.reference.toLowerCase())).toEqual(bea);
    const [code] = await db.select({ code: ticket.code }).from(ticket).where(eq(ticket.id, beaOrder.ticketIds[1]!));
    expect(await found(code!.code.slice(4, 16))).toEqual([beaOrder.ticketIds[1]]);
    expect(await found(beaOrder.ticketIds[1]!.slice(0, 8))).toEqual([beaOrder.ticketIds[1]]);
    // LIKE's own characters are only characters.
    expect(await found("%")).toEqual([]);
    // Another host's order, by its reference, is not found here.
    const [their] = await db.select({ reference: order.reference }).from(order).where(eq(order.id, theirOrderId));
    expect(await found(their!.reference)).toEqual([]);
  });

  it("filters by event, ticket type and state, and pages on the server", async () => {
    const db = database.db;
    const count = async (query: Parameters<typeof listSoldTickets>[1]["query"]) =>
      (await listSoldTickets(db, { hostId, query })).total;
    expect(await count({ search: "", page: 1, eventId })).toBe(4);
    expect(await count({ search: "", page: 1, eventId: otherEventId })).toBe(0);
    expect(await count({ search: "", page: 1, eventId, ticketTypeId: vipId })).toBe(1);
    expect(await count({ search: "", page: 1, state: "valid" })).toBe(1);
    expect(await count({ search: "", page: 1, state: "checked_in" })).toBe(1);
    expect(await count({ search: "", page: 1, state: "refunded" })).toBe(1);
    expect(await count({ search: "", page: 1, state: "cancelled" })).toBe(1);
    // Bea's surname, which no id, code or email of Dee's can hold by chance ("bea" is hex, and Dee's
    // email and ids are random hex: about one run in a hundred matched it).
    expect(await count({ search: "buyer", page: 1, state: "cancelled" })).toBe(0);
    expect(await count({ search: "buyer", page: 1, state: "valid" })).toBe(1);
    const paged = await listSoldTickets(db, { hostId, query: { search: "", page: 9, sort: "name" }, pageSize: 3 });
    expect({ page: paged.page, pages: paged.pages, rows: paged.rows.length }).toEqual({ page: 2, pages: 2, rows: 1 });
    expect(paged.rows[0]!.holderName).toBe("Dee Doer");
    expect((await soldTicketTypes(db, { hostId, eventId })).map((t) => t.name)).toEqual(["Standard", "VIP"]);
    expect(await soldTicketTypes(db, { hostId: otherHostId, eventId })).toEqual([]);
  });
});

describe("an order on the desk", () => {
  it("shows the buyer, tickets, money in pence, answers as asked and the access needs shared", async () => {
    const o = await salesDeskOrder(database.db, { hostId, orderId: beaOrder.orderId });
    expect(o).toMatchObject({
      reference: beaOrder.reference,
      status: "paid",
      buyerName: "Bea Buyer",
      buyerEmail: beaEmail,
    });
    // Two £10 tickets and the 1% booking fee: £20.20 all in.
    expect(o.money).toMatchObject({ subtotalPence: 2000, bookingFeePence: 20, totalPence: 2020, refundedPence: 0 });
    expect(o.lines).toEqual([{ name: "Standard", quantity: 2, unitPricePence: 1000, companion: false }]);
    expect(Object.fromEntries(o.tickets.map((t) => [t.id, t.state]))).toEqual({
      [beaOrder.ticketIds[0]!]: "checked_in",
      [beaOrder.ticketIds[1]!]: "valid",
    });
    expect(o.tickets.every((t) => t.holderName === "Bea Buyer" && t.holderEmail === beaEmail)).toBe(true);
    expect(o.answers).toEqual([{ id: "q1", question: "Any dietary needs?", answer: "Vegan" }]);
    expect(o.accessNeeds).toEqual({ needs: ["Wheelchair user"], notes: "Step-free please" });

    const refunded = await salesDeskOrder(database.db, { hostId, orderId: calOrderId });
    expect(refunded.money).toMatchObject({ totalPence: 2525, refundedPence: 2525, keptPence: 0 });
    expect(refunded.tickets.map((t) => t.state)).toEqual(["refunded"]);
  });

  it("marks a free companion ticket booked with shared access needs, on the list and the order", async () => {
    const db = database.db;
    const e = await createEvent(db, { hostId, startsAt, name: "Access Night", companionTickets: true }, [
      { pricePence: 0, capacity: 10 },
    ]);
    const [type] = await db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
    const ash = await createBuyer(db, "Ash Access");
    const profile = { firstName: "Ash", lastName: "Access", username: "", phone: "", bio: "", hostTitle: "" };
    await updateProfile(db, {
      userId: ash.id,
      input: profile,
      access: { needs: ["wheelchair_user", "companion"], notes: "" },
      now,
    });
    const held = await holdTickets(db, {
      eventId: e.id,
      userId: ash.id,
      lines: [{ ticketTypeId: type!.id, quantity: 1 }],
      now,
    });
    // Checkout's press, sharing the needs and asking for one companion (a real free checkout).
    await submitCheckout(
      {
        db,
        throttle: createDbThrottle(db),
        payments: createTestProvider(db, publicUrl),
        sign: codes.sign,
        publicUrl,
      },
      {
        holdId: held.holdId,
        buyer: { id: ash.id, email: ash.email },
        buyerName: "Ash Access",
        answers: {},
        shareAccessNeeds: true,
        companions: 1,
        ip: "203.0.113.20",
        now,
      },
    );
    const list = await listSoldTickets(db, { hostId, query: { search: "", page: 1, eventId: e.id } });
    expect(list.rows.map((r) => r.companion).sort()).toEqual([false, true]);
    const o = await salesDeskOrder(db, { hostId, orderId: list.rows[0]!.orderId });
    expect(o.status).toBe("free");
    expect(o.tickets.filter((t) => t.companion).map((t) => t.name)).toEqual(["Ticket 1 · Companion ticket · free"]);
    expect(o.lines.map((l) => l.companion)).toEqual([false, true]);
    expect(o.accessNeeds).toEqual({ needs: ["Wheelchair user", "Companion or personal assistant"], notes: "" });
  });

  it("is no such order for another host, or for an id that isn't one", async () => {
    const db = database.db;
    expect((await refusal(salesDeskOrder(db, { hostId: otherHostId, orderId: beaOrder.orderId }))).code).toBe(
      "not_found",
    );
    expect((await refusal(salesDeskOrder(db, { hostId, orderId: theirOrderId }))).code).toBe("not_found");
    expect((await refusal(salesDeskOrder(db, { hostId, orderId: "not-a-uuid" }))).message).toBe(
      salesDeskMessages.noSuchOrder,
    );
  });
});

describe("resending tickets", () => {
  it("sends the order confirmation again, once per five minutes, then says so in the spec's words", async () => {
    const db = database.db;
    const throttle = createDbThrottle(db, { cleanupProbability: 0 });
    await db.delete(afterCommitWork);
    expect(await resendTickets(db, { hostId, orderId: beaOrder.orderId, now, throttle })).toEqual({ email: beaEmail });
    const work = await recordedWork(db, "order-confirmation", { orderId: beaOrder.orderId });
    expect(work).toHaveLength(1);

    // The same email as after the sale, with the tickets attached, and the desk shows it went.
    const mailer = createMailer({ database, boss, smtpUrl: undefined, publicUrl, logger: pino({ level: "silent" }) });
    await doAfterCommitWork({ db, mailer, publicUrl }, work[0]!, now);
    const shown = await salesDeskOrder(db, { hostId, orderId: beaOrder.orderId });
    expect(shown.emails).toHaveLength(1);
    expect(shown.emails[0]!.toAddress).toBe(beaEmail);

    const again = await refusal(
      resendTickets(db, { hostId, orderId: beaOrder.orderId, now: new Date(now.getTime() + 4 * 60_000), throttle }),
    );
    expect(again).toMatchObject({ code: "rate_limited", message: "An email has already been sent to this person!" });
    expect(await recordedWork(db, "order-confirmation", { orderId: beaOrder.orderId })).toHaveLength(1);
    // Five minutes on, it may go again.
    await resendTickets(db, { hostId, orderId: beaOrder.orderId, now: new Date(now.getTime() + 5 * 60_000), throttle });
    expect(await recordedWork(db, "order-confirmation", { orderId: beaOrder.orderId })).toHaveLength(2);
  });

  it("caps resends to one address across orders, so the desk can't fill an inbox", async () => {
    const db = database.db;
    const throttle = createDbThrottle(db, { cleanupProbability: 0 });
    const [cal] = await db.select().from(user).where(eq(user.name, "Cal Caller"));
    // Three more orders of Cal's, each resent in its own five minutes: the fourth resend within the hour is refused.
    const orders: string[] = [];
    for (let i = 0; i < 4; i++) {
      const bought = await buyTickets(db, {
        eventId,
        buyer: { id: cal!.id, email: cal!.email, name: "Cal Caller" },
        ticketTypeId: standardId,
        now,
        sign: codes.sign,
      });
      orders.push(bought.orderId);
    }
    const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    for (const [i, orderId] of orders.slice(0, 3).entries())
      await resendTickets(db, { hostId, orderId, now: later(i), throttle });
    expect((await refusal(resendTickets(db, { hostId, orderId: orders[3]!, now: later(3), throttle }))).message).toBe(
      salesDeskMessages.alreadySent,
    );
  });

  it("refuses another host's order without counting or sending, and an order that no longer stands", async () => {
    const db = database.db;
    const throttle = createDbThrottle(db, { cleanupProbability: 0 });
    await db.delete(afterCommitWork);
    const hostB = await refusal(resendTickets(db, { hostId: otherHostId, orderId: beaOrder.orderId, now, throttle }));
    expect(hostB.code).toBe("not_found");
    expect(
      await throttle.peek(`tickets-resend:host:${otherHostId}`, { limit: 1, windowMs: 60_000 }, now),
    ).toMatchObject({ count: 0 });
    const gone = await refusal(resendTickets(db, { hostId, orderId: deeOrderId, now, throttle }));
    expect(gone).toMatchObject({ code: "conflict", message: salesDeskMessages.nothingToSend });
    expect(await db.select().from(afterCommitWork)).toEqual([]);
  });
});
