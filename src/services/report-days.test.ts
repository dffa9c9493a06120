import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { hold, order, orderLine, ticket, ticketType, user } from "~/db/schema";
import { orderMoney } from "~/domain/reports";
import { londonYmd } from "~/lib/london-time";
import { createTestProvider } from "~/server/payments/test-provider.server";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase, openOtherInstance } from "../../tests/setup/test-db";
import { cancelEvent } from "./cancel-event";
import { cancelFreeOrder, requestCancellation } from "./cancel-order";
import { chooseCompanions } from "./companion-tickets";
import { completeOrder } from "./complete-order";
import { approveCancellation } from "./decide-cancellation";
import { hashDoorToken } from "./door-access";
import { createScannerLink } from "./event-scanners";
import { setCheckedIn } from "./guest-list";
import { createDiscount } from "./host-discounts";
import { hostOverview } from "./host-reports";
import { holdTickets } from "./hold-tickets";
import type { PaymentProvider } from "./payment-provider";
import { scanWithLink } from "./scan-ticket";
import { createTrackingLink } from "./tracking-links";
import { claimTicket, sendTicket } from "./transfer-ticket";

/*
 * The reports' daily roll-up (decision 0043) is kept by triggers. Whatever the services write, it
 * must equal the sums over the orders, tickets and lines, worked out here a second way in JavaScript.
 */

const codes = createTicketCodes("a test ticket secret that is long enough");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Noon on Thursday 26 November 2026 in London (GMT).
const now = new Date("2026-11-26T12:00:00Z");
let database: Database;
let provider: PaymentProvider;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = createTestProvider(database.db, "http://localhost:3000");
});
afterAll(() => database.close());

type Figures = Record<string, number>;

/** The roll-up as the database keeps it: every key with something in it. */
async function kept(db: Db) {
  const out = new Map<string, Figures>();
  const orders = await db.execute<Record<string, string | number | null>>(sql`
    select host_id, day::text as day, event_id, currency, discount_code, tracking_link_id, orders,
           gross_pence, discount_pence, fee_pence, refunded_pence
      from report_day_orders`);
  for (const r of orders.rows) {
    const figures = {
      orders: Number(r.orders),
      gross: Number(r.gross_pence),
      discounts: Number(r.discount_pence),
      fees: Number(r.fee_pence),
      refunds: Number(r.refunded_pence),
    };
    if (Object.values(figures).some((v) => v !== 0))
      out.set(
        `order ${r.host_id} ${r.day} ${r.event_id} ${r.currency} ${r.discount_code} ${r.tracking_link_id}`,
        figures,
      );
  }
  const tickets = await db.execute<Record<string, string | number>>(sql`
    select host_id, day::text as day, event_id, ticket_type_id, currency, sold, companions, checked_in, cancelled,
           face_value_pence
      from report_day_tickets`);
  for (const r of tickets.rows) {
    const figures = {
      sold: Number(r.sold),
      companions: Number(r.companions),
      checkedIn: Number(r.checked_in),
      cancelled: Number(r.cancelled),
      faceValue: Number(r.face_value_pence),
    };
    if (Object.values(figures).some((v) => v !== 0))
      out.set(`ticket ${r.host_id} ${r.day} ${r.event_id} ${r.ticket_type_id} ${r.currency}`, figures);
  }
  return out;
}

/** The same, summed in JavaScript from every order, ticket and order line there is. */
async function summed(db: Db) {
  const out = new Map<string, Figures>();
  const add = (key: string, figures: Figures) => {
    const into = out.get(key) ?? Object.fromEntries(Object.keys(figures).map((k) => [k, 0]));
    for (const [k, v] of Object.entries(figures)) into[k]! += v;
    out.set(key, into);
  };
  const orders = new Map((await db.select().from(order)).map((o) => [o.id, o]));
  const lines = await db.select().from(orderLine);
  const price = (t: { orderId: string; ticketTypeId: string; companion: boolean }) =>
    lines.find((l) => l.orderId === t.orderId && l.ticketTypeId === t.ticketTypeId && l.companion === t.companion)
      ?.unitPricePence ?? 0;
  for (const o of orders.values()) {
    const m = orderMoney(o);
    add(
      `order ${o.hostId} ${londonYmd(o.createdAt)} ${o.eventId} ${o.currency} ${o.discountCode} ${o.trackingLinkId}`,
      { orders: 1, gross: m.gross, discounts: o.discountPence, fees: m.fees, refunds: m.refunds },
    );
  }
  for (const t of await db.select().from(ticket)) {
    const o = orders.get(t.orderId)!;
    const standing = t.status !== "void";
    add(`ticket ${o.hostId} ${londonYmd(o.createdAt)} ${o.eventId} ${t.ticketTypeId} ${o.currency}`, {
      sold: standing && !t.companion ? 1 : 0,
      companions: standing && t.companion ? 1 : 0,
      checkedIn: t.status === "checked_in" ? 1 : 0,
      cancelled: standing ? 0 : 1,
      faceValue: standing ? price(t) : 0,
    });
  }
  return out;
}

/** The roll-up equals the sums, and no change is left waiting outside it. */
async function expectTrue(db: Db, step: string) {
  const [k, s] = [await kept(db), await summed(db)];
  expect(Object.fromEntries([...k].sort()), step).toEqual(Object.fromEntries([...s].sort()));
  const waiting = await db.execute<{ n: number }>(sql`
    select (select count(*) from report_day_orders_pending) + (select count(*) from report_day_tickets_pending)
         + (select count(*) from report_day_pending_xact) as n`);
  expect(Number(waiting.rows[0]!.n), step).toBe(0);
}

async function typesOf(db: Db, eventId: string) {
  return db.select().from(ticketType).where(eq(ticketType.eventId, eventId)).orderBy(ticketType.sortOrder);
}

describe("the reports' daily roll-up", () => {
  it("follows every write the services make, and equals the sums over the orders after each", async () => {
    const db = database.db;
    await expectTrue(db, "as migrated");
    const host = await createHost(db);
    const bea = await createBuyer(db, "Bea Buyer");
    const ann = await createBuyer(db, "Ann Other");
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, ann.id));
    const gig = await createEvent(
      db,
      { hostId: host.id, name: "Big Gig", startsAt: new Date(now.getTime() + 20 * DAY), companionTickets: true },
      [
        { pricePence: 1500, capacity: 200, name: "Standard" },
        { pricePence: 2500, capacity: 50, name: "VIP" },
      ],
    );
    const euro = await createEvent(
      db,
      { hostId: host.id, name: "Dublin Night", currency: "EUR", startsAt: new Date(now.getTime() + 10 * DAY) },
      [{ pricePence: 1000, capacity: 50, name: "Entry" }],
    );
    const free = await createEvent(
      db,
      { hostId: host.id, name: "Free Talk", startsAt: new Date(now.getTime() + DAY) },
      [{ pricePence: 0, capacity: 50, name: "Free" }],
    );
    const [std, vip] = await typesOf(db, gig.id);
    await createDiscount(db, {
      hostId: host.id,
      draft: {
        name: "Early birds",
        code: "early",
        kind: "fixed",
        value: 300,
        isActive: true,
        isPrivate: false,
        startsAt: null,
        endsAt: null,
        maxUses: null,
        eventIds: null,
      },
    });
    const link = await createTrackingLink(db, {
      hostId: host.id,
      eventId: gig.id,
      createdBy: host.id,
      name: "Instagram bio",
      medium: "social",
      now,
    });

    // Checkout: a code and a tracking link; a VIP ticket with a companion; euros; a free order.
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);
    const held = await holdTickets(db, {
      eventId: gig.id,
      userId: bea.id,
      lines: [{ ticketTypeId: std!.id, quantity: 2 }],
      coupon: "early",
      trackingCode: link.code,
      now: at(30),
    });
    const coded = await completeOrder(db, {
      holdId: held.holdId,
      buyer: { userId: bea.id, email: bea.email, name: bea.name },
      payment: {
        provider: "test",
        providerPaymentId: `pi_test_${randomUUID()}`,
        amountPence: held.breakdown.totalPence,
      },
      now: at(30),
      sign: codes.sign,
    });
    const [codedRow] = await db.select().from(order).where(eq(order.id, coded.orderId));
    expect(codedRow).toMatchObject({ discountCode: "early", trackingLinkId: link.id });
    await expectTrue(db, "an order with a code, through a link");

    const vipHold = await holdTickets(db, {
      eventId: gig.id,
      userId: ann.id,
      lines: [{ ticketTypeId: vip!.id, quantity: 1 }],
      now: at(2),
    });
    await db
      .update(hold)
      .set({ accessNeeds: { needs: ["companion"], notes: "" } })
      .where(and(eq(hold.id, vipHold.holdId), eq(hold.userId, ann.id)));
    expect(await chooseCompanions(db, { holdId: vipHold.holdId, userId: ann.id, requested: 1, now: at(2) })).toEqual({
      companions: 1,
    });
    const withCompanion = await completeOrder(db, {
      holdId: vipHold.holdId,
      buyer: { userId: ann.id, email: ann.email, name: ann.name },
      payment: {
        provider: "test",
        providerPaymentId: `pi_test_${randomUUID()}`,
        amountPence: vipHold.breakdown.totalPence,
      },
      now: at(2),
      sign: codes.sign,
    });
    expect(await db.select().from(ticket).where(eq(ticket.orderId, withCompanion.orderId))).toHaveLength(2);
    await expectTrue(db, "a companion ticket");

    const euros = await buyTickets(db, { eventId: euro.id, buyer: bea, quantity: 3, now: at(50), sign: codes.sign });
    const freeOrder = await buyTickets(db, { eventId: free.id, buyer: ann, quantity: 2, now: at(1), sign: codes.sign });
    const late = await buyTickets(db, { eventId: gig.id, buyer: ann, quantity: 2, now: at(26), sign: codes.sign });
    await expectTrue(db, "euros, a free order, another day");

    // The door: by hand, then undone; two scans through a scanner link (the door's hot path).
    const [first, second] = late.tickets;
    await setCheckedIn(db, { hostId: host.id, eventId: gig.id, kind: "ticket", id: first!.id, checkedIn: true, now });
    await expectTrue(db, "checked in by hand");
    await setCheckedIn(db, { hostId: host.id, eventId: gig.id, kind: "ticket", id: first!.id, checkedIn: false, now });
    await expectTrue(db, "check-in undone");
    const scanner = await createScannerLink(db, {
      hostId: host.id,
      eventId: gig.id,
      label: "Gate",
      hours: 2,
      by: host.id,
      now,
    });
    const scans = await Promise.all(
      [first!, second!].map((t, i) =>
        scanWithLink(db, codes.verify, {
          eventId: gig.id,
          linkTokenHash: hashDoorToken(scanner.token),
          deviceId: "gate-phone",
          scan: { clientScanId: `gate-${i}`, code: t.code, gate: "Gate" },
          now,
        }),
      ),
    );
    expect(scans.map((s) => s?.outcome)).toEqual(["checked_in", "checked_in"]);
    await expectTrue(db, "let in at the door");

    // A ticket passed to a friend: its holder and code change, and nothing the reports count.
    const before = await kept(db);
    const sent = await sendTicket(db, {
      ticketId: euros.tickets[0]!.id,
      from: { id: bea.id, email: bea.email, name: bea.name },
      toEmail: ann.email,
      now,
    });
    await claimTicket(db, codes.sign, { token: sent.token, user: { id: ann.id, name: ann.name }, now });
    expect(await kept(db)).toEqual(before);
    await expectTrue(db, "a ticket passed on");

    // Refunds in part and in full, a free order cancelled, then a whole event cancelled.
    for (const [o, buyer, refund] of [
      [coded, bea, "10.00"],
      [withCompanion, ann, ""],
    ] as const) {
      const asked = await requestCancellation(db, { reference: o.reference, userId: buyer.id, reason: "Ill", now });
      const done = await approveCancellation(db, provider, {
        requestId: asked.requestId,
        hostId: host.id,
        refund,
        now,
      });
      expect(done.outcome).toBe("approved");
      await expectTrue(db, `refunded (${refund || "in full"})`);
    }
    await cancelFreeOrder(db, { reference: freeOrder.reference, userId: ann.id, now });
    await expectTrue(db, "a free order cancelled");
    const cancelled = await cancelEvent(db, provider, { eventId: euro.id, hostId: host.id, actedBy: host.id, now });
    expect(cancelled.refunds).toEqual({ refunded: 1, waiting: 0 });
    const [euroOrder] = await db.select().from(order).where(eq(order.id, euros.orderId));
    expect(euroOrder).toMatchObject({ status: "refunded", refundedPence: euros.totalPence });
    await expectTrue(db, "an event cancelled and refunded");

    // The overview reads the roll-up: refunds count on the day each order was placed.
    const range = { from: "2026-11-24", to: "2026-11-26" };
    const overview = await hostOverview(db, { hostId: host.id, eventId: null, range });
    const refunds: Record<string, number> = {};
    for (const o of await db.select().from(order).where(eq(order.hostId, host.id)))
      if (o.createdAt >= new Date("2026-11-24T00:00:00Z"))
        refunds[o.currency] = (refunds[o.currency] ?? 0) + o.refundedPence;
    expect(refunds.GBP).toBeGreaterThan(1000);
    expect(overview.totals.refunds).toEqual(refunds);

    // No service moves an order to another day or reprices a line, deletes a ticket or an order, but
    // a statement written by hand is followed all the same.
    await db
      .update(order)
      .set({ createdAt: new Date("2026-07-03T23:30:00Z") })
      .where(eq(order.id, late.orderId));
    await expectTrue(db, "an order moved to a summer Saturday");
    await db
      .update(orderLine)
      .set({ unitPricePence: 1200 })
      .where(and(eq(orderLine.orderId, late.orderId), eq(orderLine.ticketTypeId, std!.id)));
    await expectTrue(db, "a line repriced");
    await db.update(ticket).set({ ticketTypeId: vip!.id }).where(eq(ticket.id, late.tickets[1]!.id));
    await expectTrue(db, "a ticket moved to another type");
    await db.update(ticket).set({ orderId: coded.orderId }).where(eq(ticket.id, first!.id));
    await expectTrue(db, "a ticket moved to another order, of another day");
    await db.delete(ticket).where(eq(ticket.id, second!.id));
    await expectTrue(db, "a ticket deleted");
    await db.delete(order).where(eq(order.id, late.orderId));
    await expectTrue(db, "an order deleted with its lines and tickets");

    // Work that rolls back leaves nothing behind, in part (a savepoint) or whole.
    await db.transaction(async (tx) => {
      await tx.update(ticket).set({ status: "void" }).where(eq(ticket.orderId, coded.orderId));
      await tx
        .transaction(async (inner) => {
          await inner.update(order).set({ refundedPence: 0 }).where(eq(order.id, coded.orderId));
          throw new Error("undone");
        })
        .catch(() => {});
    });
    await expectTrue(db, "a savepoint rolled back");
    await db
      .transaction(async (tx) => {
        await tx.update(ticket).set({ status: "checked_in" }).where(eq(ticket.orderId, coded.orderId));
        throw new Error("undone");
      })
      .catch(() => {});
    await expectTrue(db, "a transaction rolled back");

    // Worked out afresh, it is the same.
    const kept1 = await kept(db);
    await db.execute(sql`select report_day_rebuild()`);
    expect(await kept(db)).toEqual(kept1);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "loses nothing when instances write the same keys at once, and commits crossing keys never deadlock",
    async () => {
      const db = database.db;
      const host = await createHost(db);
      const gig = await createEvent(db, { hostId: host.id, startsAt: new Date(now.getTime() + 5 * DAY) }, [
        { pricePence: 1000, capacity: 500 },
      ]);
      const other = await openOtherInstance(database, 6);
      try {
        // Twenty checkouts for the same host, day and event, from two instances at once.
        const buyers = await Promise.all(Array.from({ length: 20 }, (_, i) => createBuyer(db, `Buyer ${i}`)));
        const bought = await Promise.all(
          buyers.map((buyer, i) =>
            buyTickets(i % 2 ? other.db : db, { eventId: gig.id, buyer, quantity: 1, now, sign: codes.sign }),
          ),
        );
        await expectTrue(db, "twenty orders at once");
        const report = await hostOverview(db, {
          hostId: host.id,
          eventId: null,
          range: { from: "2026-11-26", to: "2026-11-26" },
        });
        expect(report.totals).toMatchObject({ orders: 20, sold: 20 });

        // Two transactions, each changing tickets of two days' orders, in opposite orders and
        // overlapping in time: neither waits for the other until it commits.
        const yesterday = await Promise.all(
          buyers.slice(0, 2).map((buyer) =>
            buyTickets(db, {
              eventId: gig.id,
              buyer,
              quantity: 1,
              now: new Date(now.getTime() - DAY),
              sign: codes.sign,
            }),
          ),
        );
        const [a, b] = [bought[0]!.tickets[0]!, bought[1]!.tickets[0]!];
        const [c, d] = [yesterday[0]!.tickets[0]!, yesterday[1]!.tickets[0]!];
        let release!: () => void;
        const bothStarted = new Promise<void>((resolve) => (release = resolve));
        let started = 0;
        const crossing = (instance: Db, firstId: string, secondId: string) =>
          instance.transaction(async (tx) => {
            await tx.update(ticket).set({ status: "checked_in", checkedInAt: now }).where(eq(ticket.id, firstId));
            if (++started === 2) release();
            await bothStarted;
            await tx.update(ticket).set({ status: "checked_in", checkedInAt: now }).where(eq(ticket.id, secondId));
          });
        await Promise.all([crossing(db, a.id, c.id), crossing(other.db, d.id, b.id)]);
        await expectTrue(db, "two commits crossing keys");
      } finally {
        await other.close();
      }
    },
  );
});
