import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { hold, order, ticketType } from "~/db/schema";
import { createTestProvider } from "~/server/payments/test-provider.server";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { recordedWork } from "../../tests/factories/after-commit";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import { cancelFreeOrder, requestCancellation } from "./cancel-order";
import { completeOrder } from "./complete-order";
import { declineCancellation } from "./decide-cancellation";
import { holdSigningIn } from "./hold-signing-in";
import { holdTickets } from "./hold-tickets";
import { joinWaitlist } from "./join-waitlist";
import { submitCheckout } from "./submit-checkout";
import { releaseHoldNow } from "./waitlist-offers";
import { createDbThrottle } from "./throttle";
import { sendTicket } from "./transfer-ticket";

const now = new Date("2026-11-24T12:00:00Z");
const codes = createTicketCodes("a test ticket secret that is long enough");
let database: Database;
let hostId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  hostId = (await createHost(database.db)).id;
});
afterAll(() => database.close());

async function eventWith(pricePence: number, capacity = 10) {
  const e = await createEvent(database.db, { hostId, startsAt: new Date("2026-12-05T19:30:00Z") }, [
    { pricePence, capacity },
  ]);
  const [type] = await database.db.select().from(ticketType).where(eq(ticketType.eventId, e.id));
  return { e, typeId: type!.id };
}

describe("the emails a use case makes necessary, recorded in its own transaction", () => {
  it("an order's confirmation, once, however often the order is completed", async () => {
    const { e } = await eventWith(1000);
    const bea = await createBuyer(database.db);
    const bought = await buyTickets(database.db, { eventId: e.id, buyer: bea, quantity: 2, now, sign: codes.sign });
    const [o] = await database.db.select().from(order).where(eq(order.id, bought.orderId));
    // The same payment again (a second webhook): the order is found, nothing more is recorded.
    await completeOrder(database.db, {
      holdId: o!.holdId!,
      buyer: { userId: bea.id, email: bea.email, name: bea.name },
      payment: { provider: "test", providerPaymentId: o!.providerPaymentId!, amountPence: o!.totalPence },
      now,
      sign: codes.sign,
    });
    expect(await recordedWork(database.db, "order-confirmation", { orderId: bought.orderId })).toEqual([
      { kind: "order-confirmation", orderId: bought.orderId },
    ]);
  });

  it("the host's note of a cancellation request, once while open; the buyer's answer when declined", async () => {
    const { e } = await eventWith(1000);
    const bea = await createBuyer(database.db);
    const bought = await buyTickets(database.db, { eventId: e.id, buyer: bea, now, sign: codes.sign });
    const first = await requestCancellation(database.db, {
      reference: bought.reference,
      userId: bea.id,
      reason: "Can't make it",
      now,
    });
    await requestCancellation(database.db, {
      reference: bought.reference,
      userId: bea.id,
      reason: "Really can't",
      now,
    });
    expect(await recordedWork(database.db, "cancellation-requested", { requestId: first.requestId })).toHaveLength(1);

    await declineCancellation(database.db, {
      requestId: first.requestId,
      hostId,
      message: "  Sorry, no refunds this close  ",
      now,
    });
    expect(await recordedWork(database.db, "cancellation-outcome", { orderId: bought.orderId })).toEqual([
      {
        kind: "cancellation-outcome",
        orderId: bought.orderId,
        outcome: "declined",
        refundPence: 0,
        hostMessage: "Sorry, no refunds this close",
      },
    ]);
    // Declined twice: refused, and nothing more recorded.
    await expect(
      declineCancellation(database.db, { requestId: first.requestId, hostId, message: "", now }),
    ).rejects.toThrow("already been decided");
    expect(await recordedWork(database.db, "cancellation-outcome", { orderId: bought.orderId })).toHaveLength(1);
  });

  it("a free order cancelled by its buyer: their note, and the offers to whoever waits for the places", async () => {
    const { e } = await eventWith(0, 1);
    const bea = await createBuyer(database.db);
    const bought = await buyTickets(database.db, { eventId: e.id, buyer: bea, now, sign: codes.sign });
    const sam = await createBuyer(database.db, "Sam Waiting");
    await joinWaitlist(database.db, { eventId: e.id, userId: sam.id, quantity: 1, now });
    const offersBefore = (await recordedWork(database.db, "waitlist-offers")).length;
    await cancelFreeOrder(database.db, { reference: bought.reference, userId: bea.id, now });
    expect(
      await recordedWork(database.db, "cancellation-outcome", { orderId: bought.orderId, outcome: "cancelled" }),
    ).toHaveLength(1);
    expect(await recordedWork(database.db, "waitlist-offers")).toHaveLength(offersBefore + 1);
  });

  it("a friend's email with the claim link when a ticket is sent, and none when the send is refused", async () => {
    const { e } = await eventWith(1000);
    const bea = await createBuyer(database.db);
    const bought = await buyTickets(database.db, { eventId: e.id, buyer: bea, now, sign: codes.sign });
    const ticketId = bought.tickets[0]!.id;
    await expect(
      sendTicket(database.db, {
        ticketId,
        from: { id: bea.id, email: bea.email, name: "Bea" },
        toEmail: bea.email,
        now,
      }),
    ).rejects.toThrow();
    expect(await recordedWork(database.db, "ticket-shared", { ticketId })).toEqual([]);

    const sent = await sendTicket(database.db, {
      ticketId,
      from: { id: bea.id, email: bea.email, name: "Bea" },
      toEmail: "Sam@Example.com",
      toName: " Sam ",
      now,
    });
    expect(await recordedWork(database.db, "ticket-shared", { ticketId })).toEqual([
      {
        kind: "ticket-shared",
        ticketId,
        from: { id: bea.id, name: "Bea" },
        toEmail: "sam@example.com",
        toName: "Sam",
        token: sent.token,
      },
    ]);
  });
});

describe("submitting a checkout", () => {
  it("makes a free hold an order at once, its confirmation recorded with it", async () => {
    const { e, typeId } = await eventWith(0);
    const bea = await createBuyer(database.db);
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId: bea.id,
      lines: [{ ticketTypeId: typeId, quantity: 1 }],
      now,
    });
    const deps = {
      db: database.db,
      throttle: createDbThrottle(database.db),
      payments: createTestProvider(database.db, "http://localhost:3000"),
      sign: codes.sign,
      publicUrl: "http://localhost:3000",
    };
    const next = await submitCheckout(deps, {
      holdId: held.holdId,
      buyer: bea,
      buyerName: bea.name,
      answers: {},
      ip: "203.0.113.7",
      now,
    });
    expect(next.kind).toBe("order");
    const [o] = await database.db.select().from(order).where(eq(order.holdId, held.holdId));
    expect(o).toMatchObject({ reference: next.kind === "order" ? next.reference : null, status: "free" });
    expect(await recordedWork(database.db, "order-confirmation", { orderId: o!.id })).toHaveLength(1);
  });

  it("starts a payment for a paid hold, and records nothing until it is paid", async () => {
    const { e, typeId } = await eventWith(1000);
    const bea = await createBuyer(database.db);
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId: bea.id,
      lines: [{ ticketTypeId: typeId, quantity: 1 }],
      now: new Date(),
    });
    const deps = {
      db: database.db,
      throttle: createDbThrottle(database.db),
      payments: createTestProvider(database.db, "http://localhost:3000"),
      sign: codes.sign,
      publicUrl: "http://localhost:3000",
    };
    const next = await submitCheckout(deps, {
      holdId: held.holdId,
      buyer: bea,
      buyerName: bea.name,
      answers: {},
      ip: "203.0.113.7",
      now: new Date(),
    });
    expect(next).toMatchObject({ kind: "payment", redirectUrl: expect.stringContaining("/pay/test/") });
    expect(await database.db.select().from(order).where(eq(order.holdId, held.holdId))).toEqual([]);
  });
});

describe("a checkout is the buyer's own", () => {
  it("another person's press is not found and their release gives nothing back; time up is 'expired'", async () => {
    const { e, typeId } = await eventWith(1000);
    const bea = await createBuyer(database.db);
    const eve = await createBuyer(database.db, "Eve Elsewhere");
    const held = await holdTickets(database.db, {
      eventId: e.id,
      userId: bea.id,
      lines: [{ ticketTypeId: typeId, quantity: 1 }],
      now,
    });
    const deps = {
      db: database.db,
      throttle: createDbThrottle(database.db),
      payments: createTestProvider(database.db, "http://localhost:3000"),
      sign: codes.sign,
      publicUrl: "http://localhost:3000",
    };
    const press = (buyer: typeof bea, at: Date) =>
      submitCheckout(deps, {
        holdId: held.holdId,
        buyer,
        buyerName: buyer.name,
        answers: {},
        ip: "203.0.113.7",
        now: at,
      });
    await expect(press(eve, now)).rejects.toMatchObject({ code: "not_found" });
    await releaseHoldNow(database.db, { holdId: held.holdId, userId: eve.id, now, as: "released" });
    const [still] = await database.db.select().from(hold).where(eq(hold.id, held.holdId));
    expect(still!.status).toBe("active");
    expect(await press(bea, new Date(still!.expiresAt.getTime() + 1000))).toEqual({ kind: "expired" });
  });
});

describe("holding while signing in on the way", () => {
  const checkout = (typeId: string) => ({
    lines: [{ ticketTypeId: typeId, quantity: 1 }],
    seats: undefined,
    coupon: null,
    unlockedTicketTypeIds: [],
    idempotencyKey: undefined,
  });

  it("signs the person in with what they typed and holds their places, passing on the sign-in's cookies", async () => {
    const { e, typeId } = await eventWith(1000);
    const bea = await createBuyer(database.db);
    const asked: { email: string; password: string }[] = [];
    const signIn = async (credentials: { email: string; password: string }) => (
      asked.push(credentials),
      { userId: bea.id, setCookies: ["session=abc; Path=/"] }
    );
    const result = await holdSigningIn(
      { db: database.db, throttle: createDbThrottle(database.db), signIn },
      {
        slug: e.slug,
        buyerId: null,
        credentials: { email: bea.email, password: "right" },
        checkout: checkout(typeId),
        ip: "203.0.113.8",
        now: new Date(),
      },
    );
    expect(asked).toEqual([{ email: bea.email, password: "right" }]);
    expect(result).toMatchObject({ kind: "held", setCookies: ["session=abc; Path=/"] });
    const [h] = await database.db
      .select()
      .from(hold)
      .where(eq(hold.id, result.kind === "held" ? result.holdId : ""));
    expect(h).toMatchObject({ userId: bea.id, status: "active" });
  });

  it("holds nothing when the sign-in is refused, and says so with the sign-in's own error", async () => {
    const { e, typeId } = await eventWith(1000);
    const refused = new Error("INVALID_EMAIL_OR_PASSWORD");
    const result = await holdSigningIn(
      { db: database.db, throttle: createDbThrottle(database.db), signIn: () => Promise.reject(refused) },
      {
        slug: e.slug,
        buyerId: null,
        credentials: { email: "who@example.com", password: "wrong" },
        checkout: checkout(typeId),
        ip: "203.0.113.9",
        now: new Date(),
      },
    );
    expect(result).toEqual({ kind: "sign-in-failed", error: refused });
    expect(await database.db.select().from(hold).where(eq(hold.eventId, e.id))).toEqual([]);
  });

  it("keeps the new sign-in when the places cannot be held", async () => {
    const { e, typeId } = await eventWith(1000, 1);
    const bea = await createBuyer(database.db);
    const result = await holdSigningIn(
      {
        db: database.db,
        throttle: createDbThrottle(database.db),
        signIn: async () => ({ userId: bea.id, setCookies: ["session=def; Path=/"] }),
      },
      {
        slug: e.slug,
        buyerId: null,
        credentials: { email: bea.email, password: "right" },
        checkout: { ...checkout(typeId), lines: [{ ticketTypeId: typeId, quantity: 2 }] },
        ip: "203.0.113.10",
        now: new Date(),
      },
    );
    expect(result).toMatchObject({
      kind: "not-held",
      setCookies: ["session=def; Path=/"],
      error: { code: expect.any(String) },
    });
  });
});
