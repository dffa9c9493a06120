import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, Db } from "~/db/client.server";
import { order, orderLine, ticket, ticketTransfer, ticketType, trackingLink } from "~/db/schema";
import { ACTIVE_PROVIDER_FEE, feeFor } from "~/domain/money";
import { orderMoney, type ReportRange, rangeInstants } from "~/domain/reports";
import { createTicketCodes } from "~/server/ticket-codes.server";
import { createEvent, createHost } from "../../tests/factories/events";
import { buyTickets, createBuyer } from "../../tests/factories/orders";
import { createTestDatabase } from "../../tests/setup/test-db";
import {
  answeredQuestionLabels,
  hostOrdersForExport,
  hostOrdersReport,
  hostOverview,
  type MoneyByCurrency,
  ORDERS_REPORT_PAGE_SIZE,
} from "./host-reports";

const codes = createTicketCodes("a test ticket secret that is long enough");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Noon on Thursday 26 November 2026 in London (GMT).
const now = new Date("2026-11-26T12:00:00Z");
const week: ReportRange = { from: "2026-11-20", to: "2026-11-26" };
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

interface LineSeed {
  ticketTypeId: string;
  name: string;
  quantity: number;
  unitPricePence: number;
  companion?: boolean;
}

/**
 * An order as checkout, cancellation and refunds leave it (its lines and tickets too), for the states
 * a buyer's booking cannot reach in one step: a discount used, a refund in full or in part with the
 * tickets it gave back void, a cancelled free order, companions, tickets let in.
 */
async function seedOrder(
  db: Db,
  input: {
    eventId: string;
    hostId: string;
    currency?: "GBP" | "EUR";
    at: Date;
    lines: LineSeed[];
    discountPence?: number;
    discountCode?: string;
    bookingFeePence?: number;
    status?: "paid" | "free" | "refunded" | "cancelled";
    refundedPence?: number;
    voidTickets?: number;
    checkedIn?: number;
    buyer?: string;
    answers?: Record<string, string>;
    questions?: { id: string; label: string; required: boolean; kind: "text" }[];
  },
) {
  const subtotal = input.lines.reduce((n, l) => n + l.quantity * l.unitPricePence, 0);
  const discount = input.discountPence ?? 0;
  const fee = input.bookingFeePence ?? 0;
  const total = subtotal - discount + fee;
  const [o] = await db
    .insert(order)
    .values({
      reference: `R${randomUUID().slice(0, 8).toUpperCase()}`,
      eventId: input.eventId,
      hostId: input.hostId,
      buyerEmail: `${(input.buyer ?? "Sam Seed").toLowerCase().replace(/\s+/g, ".")}@example.com`,
      buyerName: input.buyer ?? "Sam Seed",
      status: input.status ?? (total === 0 ? "free" : "paid"),
      currency: input.currency ?? "GBP",
      subtotalPence: subtotal,
      discountPence: discount,
      discountCode: input.discountCode ?? null,
      bookingFeePence: fee,
      totalPence: total,
      // The booking fee when the buyer paid it, else the fee out of the host's price, as a sale records it.
      platformFeePence: fee > 0 ? fee : feeFor(total, ACTIVE_PROVIDER_FEE),
      refundedPence: input.refundedPence ?? 0,
      answers: input.answers ?? {},
      questions: input.questions ?? [],
      createdAt: input.at,
    })
    .returning();
  await db.insert(orderLine).values(input.lines.map((l) => ({ orderId: o!.id, ...l, companion: !!l.companion })));
  let voids = input.voidTickets ?? 0;
  let ins = input.checkedIn ?? 0;
  for (const l of input.lines)
    for (let i = 0; i < l.quantity; i++) {
      const status = voids > 0 ? (voids--, "void" as const) : ins > 0 ? (ins--, "checked_in" as const) : "valid";
      await db.insert(ticket).values({
        orderId: o!.id,
        eventId: input.eventId,
        ticketTypeId: l.ticketTypeId,
        code: `seed-${randomUUID()}`,
        status,
        companion: !!l.companion,
        checkedInAt: status === "checked_in" ? input.at : null,
      });
    }
  return o!;
}

/** What the report should say, summed straight from the host's order and ticket rows in JavaScript. */
async function fromRows(db: Db, hostId: string, range: ReportRange, eventId?: string) {
  const { start, end } = rangeInstants(range);
  const orders = (await db.select().from(order).where(eq(order.hostId, hostId))).filter(
    (o) => o.createdAt >= start && o.createdAt < end && (!eventId || o.eventId === eventId),
  );
  const ids = orders.map((o) => o.id);
  const tickets = ids.length ? await db.select().from(ticket).where(inArray(ticket.orderId, ids)) : [];
  const money: Record<"gross" | "fees" | "refunds" | "net" | "discounts", MoneyByCurrency> = {
    gross: {},
    fees: {},
    refunds: {},
    net: {},
    discounts: {},
  };
  const add = (k: keyof typeof money, c: string, v: number) => (money[k][c] = (money[k][c] ?? 0) + v);
  for (const o of orders) {
    const m = orderMoney(o);
    add("gross", o.currency, m.gross);
    add("fees", o.currency, m.fees);
    add("refunds", o.currency, m.refunds);
    add("net", o.currency, m.net);
    add("discounts", o.currency, o.discountPence);
  }
  const standing = tickets.filter((t) => t.status !== "void");
  return {
    orders: orders.length,
    ...money,
    sold: standing.filter((t) => !t.companion).length,
    companions: standing.filter((t) => t.companion).length,
    checkedIn: tickets.filter((t) => t.status === "checked_in").length,
    cancelled: tickets.filter((t) => t.status === "void").length,
    rows: orders,
  };
}

function sumMoney(rows: { gross: MoneyByCurrency }[]): MoneyByCurrency {
  const out: MoneyByCurrency = {};
  for (const r of rows) for (const [c, v] of Object.entries(r.gross)) out[c] = (out[c] ?? 0) + v;
  return out;
}

describe("a host's reports", () => {
  let host: { id: string };
  let gigId: string;
  let euroId: string;
  let theirsId: string;

  beforeAll(async () => {
    const db = database.db;
    host = await createHost(db);
    const other = await createHost(db);
    const bea = await createBuyer(db, "Bea Buyer");
    const ann = await createBuyer(db, "Ann Other");
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
    const theirs = await createEvent(db, { hostId: other.id, name: "Not Yours", startsAt: now });
    [gigId, euroId, theirsId] = [gig.id, euro.id, theirs.id];
    const types = await db
      .select()
      .from(ticketType)
      .where(inArray(ticketType.eventId, [gig.id, euro.id]));
    const std = types.find((t) => t.name === "Standard")!;
    const vip = types.find((t) => t.name === "VIP")!;
    const entry = types.find((t) => t.name === "Entry")!;

    // Through checkout: paid orders today, yesterday and in euros; one a day before the range; one of another host's.
    const bought = await buyTickets(db, {
      eventId: gig.id,
      buyer: bea,
      quantity: 2,
      now: new Date(now.getTime() - 2 * HOUR),
      sign: codes.sign,
    });
    await buyTickets(db, {
      eventId: gig.id,
      buyer: ann,
      quantity: 1,
      ticketTypeId: vip.id,
      now: new Date(now.getTime() - DAY),
      sign: codes.sign,
    });
    await buyTickets(db, {
      eventId: euro.id,
      buyer: bea,
      quantity: 3,
      now: new Date(now.getTime() - 3 * DAY),
      sign: codes.sign,
    });
    await buyTickets(db, {
      eventId: gig.id,
      buyer: bea,
      quantity: 1,
      now: new Date("2026-11-19T23:30:00Z"),
      sign: codes.sign,
    });
    await buyTickets(db, {
      eventId: theirs.id,
      buyer: bea,
      quantity: 4,
      now: new Date(now.getTime() - DAY),
      sign: codes.sign,
    });

    // A ticket passed to a friend who claimed it: its holder and code change, nothing else.
    const passed = bought.tickets[0]!;
    await db.insert(ticketTransfer).values({
      ticketId: passed.id,
      fromUserId: bea.id,
      fromName: "Bea Buyer",
      toEmail: ann.email,
      tokenHash: `hash-${randomUUID()}`,
      status: "claimed",
      claimedByUserId: ann.id,
      decidedAt: now,
    });
    await db
      .update(ticket)
      .set({ holderUserId: ann.id, codeVersion: sql`${ticket.codeVersion} + 1`, status: "checked_in" })
      .where(eq(ticket.id, passed.id));

    const q = [{ id: "q1", label: "Dietary needs?", required: false, kind: "text" as const }];
    const at = (days: number, hours = 0) => new Date(now.getTime() - days * DAY - hours * HOUR);
    // A discount code, a booking fee, answers, a companion ticket and two let in.
    await seedOrder(db, {
      eventId: gig.id,
      hostId: host.id,
      at: at(2),
      lines: [
        { ticketTypeId: std.id, name: "Standard", quantity: 2, unitPricePence: 1500 },
        { ticketTypeId: std.id, name: "Standard", quantity: 1, unitPricePence: 0, companion: true },
      ],
      discountPence: 300,
      discountCode: "early",
      bookingFeePence: 27,
      checkedIn: 2,
      buyer: "Dee Discount",
      answers: { q1: "Vegan" },
      questions: q,
    });
    await seedOrder(db, {
      eventId: gig.id,
      hostId: host.id,
      at: at(4),
      lines: [{ ticketTypeId: vip.id, name: "VIP", quantity: 1, unitPricePence: 2500 }],
      discountPence: 2500,
      discountCode: "comp",
      buyer: "Carl Comp",
      status: "free",
    });
    // Refunded in part (one of two tickets given back) and in full (fee returned too).
    await seedOrder(db, {
      eventId: gig.id,
      hostId: host.id,
      at: at(5),
      lines: [{ ticketTypeId: std.id, name: "Standard", quantity: 2, unitPricePence: 1500 }],
      bookingFeePence: 30,
      status: "refunded",
      refundedPence: 1500,
      voidTickets: 1,
      buyer: "Pat Partial",
    });
    await seedOrder(db, {
      eventId: euro.id,
      hostId: host.id,
      currency: "EUR",
      at: at(6, -1),
      lines: [{ ticketTypeId: entry.id, name: "Entry", quantity: 2, unitPricePence: 1000 }],
      bookingFeePence: 20,
      status: "refunded",
      refundedPence: 2020,
      voidTickets: 2,
      buyer: "Ria Refund",
      discountCode: "early",
      discountPence: 0,
    });
    // A free order cancelled, its tickets void.
    await seedOrder(db, {
      eventId: gig.id,
      hostId: host.id,
      at: at(1),
      lines: [{ ticketTypeId: std.id, name: "Standard", quantity: 2, unitPricePence: 0 }],
      status: "cancelled",
      voidTickets: 2,
      buyer: "Cal Cancel",
    });
    // Three placed in the same instant: the file's keyset must keep all three.
    for (const buyer of ["Tia Tie", "Tom Tie", "Ted Tie"])
      await seedOrder(db, {
        eventId: gig.id,
        hostId: host.id,
        at: at(3),
        lines: [{ ticketTypeId: std.id, name: "Standard", quantity: 1, unitPricePence: 1500 }],
        bookingFeePence: 15,
        buyer,
        answers: { q1: "None" },
        questions: q,
      });
  });

  it("adds up to what the order and ticket rows say, in total and along every breakdown", async () => {
    const db = database.db;
    // One order came through a tracking link the host made on Promote.
    const [link] = await db
      .insert(trackingLink)
      .values({
        hostId: host.id,
        eventId: gigId,
        code: `r${randomUUID().slice(0, 8)}`,
        name: "Instagram bio",
        utmSource: "instagram",
        utmMedium: "social",
        utmCampaign: "big-gig",
      })
      .returning();
    await db.update(order).set({ trackingLinkId: link!.id }).where(eq(order.buyerName, "Dee Discount"));
    const report = await hostOverview(db, { hostId: host.id, eventId: null, range: week });
    const rows = await fromRows(db, host.id, week);
    expect(rows.orders).toBe(11);
    const { totals } = report;
    expect(totals.orders).toBe(rows.orders);
    expect(totals.gross).toEqual(rows.gross);
    expect(totals.discounts).toEqual(rows.discounts);
    expect(totals.fees).toEqual(rows.fees);
    expect(totals.refunds).toEqual(rows.refunds);
    expect(totals.net).toEqual(rows.net);
    expect(totals.sold).toBe(rows.sold);
    expect(totals.companions).toBe(rows.companions);
    expect(totals.checkedIn).toBe(rows.checkedIn);
    expect(totals.cancelled).toBe(rows.cancelled);
    expect(totals.companions).toBe(1);
    expect(totals.checkedIn).toBe(3);
    for (const c of Object.keys(totals.gross))
      expect(totals.net[c]).toBe(totals.gross[c]! - totals.refunds[c]! - totals.fees[c]!);
    expect(totals.checkInRate).toBe(Math.floor((3 * 100) / (rows.sold + rows.companions)));

    // Every breakdown sums back to the totals.
    for (const parts of [report.overTime, report.byEvent, report.byWeekday]) {
      expect(sumMoney(parts)).toEqual(totals.gross);
      expect(parts.reduce((n, p) => n + p.orders, 0)).toBe(totals.orders);
      expect(parts.reduce((n, p) => n + p.sold, 0)).toBe(totals.sold);
      expect(parts.reduce((n, p) => n + p.checkedIn, 0)).toBe(totals.checkedIn);
    }
    expect(report.overTime).toHaveLength(7);
    expect(report.byTicketType.reduce((n, t) => n + t.sold, 0)).toBe(totals.sold);
    expect(report.byTicketType.reduce((n, t) => n + t.companions, 0)).toBe(totals.companions);
    expect(report.byEvent.map((e) => e.name).sort()).toEqual(["Big Gig", "Dublin Night"]);

    // By discount code: the orders that carried each, straight from the rows.
    for (const code of ["early", "comp"]) {
      const used = rows.rows.filter((o) => o.discountCode === code);
      const line = report.byDiscount.find((d) => d.code === code)!;
      expect(line.orders).toBe(used.length);
      expect(Object.values(line.discounts).reduce((a, b) => a + b, 0)).toBe(
        used.reduce((n, o) => n + o.discountPence, 0),
      );
    }
    // By ticket type: the face value of the standing tickets, as their lines priced them.
    const vip = report.byTicketType.find((t) => t.name === "VIP")!;
    expect(vip).toMatchObject({ sold: 2, faceValue: { GBP: 5000 } });
    const through = rows.rows.filter((o) => o.trackingLinkId === link!.id);
    expect(report.byTrackingLink).toEqual([
      expect.objectContaining({
        name: "Instagram bio",
        eventName: "Big Gig",
        orders: through.length,
        gross: { GBP: through.reduce((n, o) => n + o.totalPence, 0) },
      }),
    ]);
  });

  it("reports one event alone, the same way", async () => {
    const db = database.db;
    for (const eventId of [gigId, euroId]) {
      const report = await hostOverview(db, { hostId: host.id, eventId, range: week });
      const rows = await fromRows(db, host.id, week, eventId);
      expect(report.totals).toMatchObject({
        orders: rows.orders,
        gross: rows.gross,
        net: rows.net,
        refunds: rows.refunds,
        fees: rows.fees,
        sold: rows.sold,
        checkedIn: rows.checkedIn,
      });
    }
    // Another host's event is not found, as if it did not exist.
    await expect(hostOverview(db, { hostId: host.id, eventId: theirsId, range: week })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("counts an order by the London day it was placed, and the range can be any", async () => {
    const db = database.db;
    const longer: ReportRange = { from: "2026-11-19", to: "2026-11-26" };
    const report = await hostOverview(db, { hostId: host.id, eventId: null, range: longer });
    const rows = await fromRows(db, host.id, longer);
    expect(report.totals.orders).toBe(rows.orders);
    expect(rows.orders).toBe(12);
    expect(report.overTime[0]).toMatchObject({ bucket: "2026-11-19", orders: 1 });
    // In summer, 23:30 UTC on Friday is half past midnight on Saturday in London: Saturday's sale.
    const [std] = await db.select().from(ticketType).where(eq(ticketType.eventId, gigId)).limit(1);
    await seedOrder(db, {
      eventId: gigId,
      hostId: host.id,
      at: new Date("2026-07-03T23:30:00Z"),
      lines: [{ ticketTypeId: std!.id, name: std!.name, quantity: 1, unitPricePence: 1500 }],
    });
    const saturday = await hostOverview(db, {
      hostId: host.id,
      eventId: null,
      range: { from: "2026-07-04", to: "2026-07-04" },
    });
    expect(saturday.totals).toMatchObject({ orders: 1, sold: 1 });
    expect(saturday.byWeekday.find((w) => w.weekday === 6)).toMatchObject({ orders: 1, sold: 1 });
    const friday = await hostOverview(db, {
      hostId: host.id,
      eventId: null,
      range: { from: "2026-07-03", to: "2026-07-03" },
    });
    expect(friday.totals.orders).toBe(0);
    const summer = await hostOverview(db, {
      hostId: host.id,
      eventId: null,
      range: { from: "2026-04-01", to: "2026-09-30" },
    });
    expect(summer.bucket).toBe("week");
    expect(summer.overTime.find((p) => p.bucket === "2026-06-29")).toMatchObject({ orders: 1 });
    const empty = await hostOverview(db, {
      hostId: host.id,
      eventId: null,
      range: { from: "2026-01-01", to: "2026-01-31" },
    });
    expect(empty.totals).toMatchObject({ orders: 0, sold: 0, checkInRate: null, gross: {} });
    expect(empty.overTime).toHaveLength(31);
  });

  it("lists orders a page at a time, filtered, and streams every one of them to the file", async () => {
    const db = database.db;
    const base = { hostId: host.id, eventId: null, range: week, status: null, q: "" };
    const rows = await fromRows(db, host.id, week);
    const first = await hostOrdersReport(db, { ...base, page: 1 });
    expect(first.total).toBe(rows.orders);
    expect(first.rows.length).toBe(Math.min(ORDERS_REPORT_PAGE_SIZE, rows.orders));
    expect(first.rows.map((r) => r.createdAt.getTime())).toEqual(
      [...first.rows.map((r) => r.createdAt.getTime())].sort((a, b) => b - a),
    );

    // A page past the end (orders changed since the link was made) is the last page.
    const past = await hostOrdersReport(db, { ...base, page: 99 });
    expect(past).toMatchObject({ page: first.pageCount, pageCount: first.pageCount });
    expect(past.rows.map((r) => r.id)).toEqual(
      (await hostOrdersReport(db, { ...base, page: first.pageCount })).rows.map((r) => r.id),
    );
    expect(past.rows.length).toBeGreaterThan(0);

    const refunded = await hostOrdersReport(db, { ...base, status: "refunded", page: 1 });
    expect(refunded.rows.map((r) => r.buyerName).sort()).toEqual(["Pat Partial", "Ria Refund"]);
    const cancelled = await hostOrdersReport(db, { ...base, status: "cancelled", page: 1 });
    expect(cancelled.rows.map((r) => r.buyerName)).toEqual(["Cal Cancel"]);
    const found = await hostOrdersReport(db, { ...base, q: "dee x", page: 1 });
    expect(found.total).toBe(0);
    const byName = await hostOrdersReport(db, { ...base, q: "DISCOUNT", page: 1 });
    expect(byName.rows.map((r) => r.buyerName)).toEqual(["Dee Discount"]);
    const byRef = await hostOrdersReport(db, { ...base, q: byName.rows[0]!.reference.toLowerCase(), page: 1 });
    expect(byRef.total).toBe(1);
    const wild = await hostOrdersReport(db, { ...base, q: "%", page: 1 });
    expect(wild.total).toBe(0);
    const euro = await hostOrdersReport(db, { ...base, eventId: euroId, page: 1 });
    expect(euro.total).toBe(rows.rows.filter((o) => o.eventId === euroId).length);

    // The file, three orders a batch so that ties in time fall across batches.
    const seen: string[] = [];
    let gross = 0;
    for await (const batch of hostOrdersForExport(db, base, 3)) {
      expect(batch.length).toBeLessThanOrEqual(3);
      for (const r of batch) {
        seen.push(r.id);
        gross += r.totalPence;
      }
    }
    expect(seen).toHaveLength(rows.orders);
    expect(new Set(seen).size).toBe(rows.orders);
    expect(gross).toBe(rows.rows.reduce((n, o) => n + o.totalPence, 0));
    expect(await answeredQuestionLabels(db, base)).toEqual(["Dietary needs?"]);
    await expect(hostOrdersReport(db, { ...base, eventId: theirsId, page: 1 })).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
