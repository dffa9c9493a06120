import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACTIVE_PROVIDER_FEE } from "./money";
import { orderNet, payableFrom, PAYOUT_DELAY_DAYS, platformFee, summarisePayouts, type PayoutOrder } from "./payouts";
import { platformFeeOf, priceOrder } from "./pricing";

const order = (over: Partial<PayoutOrder> = {}): PayoutOrder => ({
  eventId: "e1",
  currency: "GBP",
  totalPence: 2020,
  platformFeePence: 20,
  refundedPence: 0,
  applicationFeePence: null,
  ...over,
});

const ended = new Date("2026-11-01T22:00:00Z");
const later = new Date("2026-12-20T22:00:00Z");
const events = [
  { id: "e1", name: "Quiz", endsAt: ended },
  { id: "e2", name: "Gig", endsAt: later },
];
const now = new Date("2026-11-26T12:00:00Z");

describe("one order's share", () => {
  it("keeps the fee the order recorded at the sale, or the application fee a connected account's sale kept", () => {
    expect(platformFee(order())).toBe(20);
    expect(orderNet(order())).toBe(2000);
    expect(orderNet(order({ totalPence: 2000, platformFeePence: 20 }))).toBe(1980);
    expect(orderNet(order({ applicationFeePence: 25 }))).toBe(1995);
    expect(orderNet(order({ totalPence: 0, platformFeePence: 0 }))).toBe(0);
  });

  it("never reprices an earlier sale: a fee recorded at another day's rate stays as it was charged", () => {
    // £20 absorbed, sold when the rate was 2.5%: 50p, where today's 1% would make it 20p.
    const sold = order({ totalPence: 2000, platformFeePence: 50 });
    expect(platformFee(sold)).toBe(50);
    expect(orderNet(sold)).toBe(1950);
    const [row] = summarisePayouts({ events, orders: [sold], payouts: [], now }).events;
    expect(row).toMatchObject({ grossPence: 2000, feesPence: 50, netPence: 1950, balancePence: 1950 });
  });

  it("pays the host what checkout priced as theirs, for either fee mode, whatever the event says later", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ quantity: fc.integer({ min: 0, max: 6 }), unitPricePence: fc.integer({ min: 0, max: 50_000 }) }),
          {
            minLength: 1,
            maxLength: 4,
          },
        ),
        fc.option(
          fc.oneof(
            fc.record({ kind: fc.constant("percent" as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }),
            fc.record({ kind: fc.constant("fixed" as const), pence: fc.integer({ min: 0, max: 100_000 }) }),
          ),
        ),
        fc.constantFrom("pass" as const, "absorb" as const),
        (lines, discount, feeMode) => {
          const charged = priceOrder(lines, { discount, feeMode, fee: ACTIVE_PROVIDER_FEE });
          const o = order({ totalPence: charged.totalPence, platformFeePence: platformFeeOf(charged) });
          expect(platformFee(o)).toBe(
            feeMode === "pass" ? charged.bookingFeePence : charged.totalPence - charged.hostPence,
          );
          expect(orderNet(o)).toBe(charged.totalPence === 0 ? 0 : charged.hostPence);
        },
      ),
    );
  });

  it("gives nothing after a full refund and the refunded proportion of the net after a part refund", () => {
    expect(orderNet(order({ refundedPence: 2020 }))).toBe(0);
    expect(orderNet(order({ refundedPence: 1010 }))).toBe(1000);
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom("pass" as const, "absorb" as const),
        (total, refund, feeMode) => {
          const fee = feeMode === "pass" ? Math.round(total / 101) : Math.round(total / 100);
          const o = order({ totalPence: total, platformFeePence: fee, refundedPence: Math.min(refund, total) });
          const net = orderNet(o);
          expect(net).toBeGreaterThanOrEqual(0);
          expect(net).toBeLessThanOrEqual(total - platformFee(o));
        },
      ),
    );
  });
});

describe("a host's payouts", () => {
  it("is payable two days after the event ends", () => {
    expect(PAYOUT_DELAY_DAYS).toBe(2);
    expect(payableFrom(ended).toISOString()).toBe("2026-11-03T22:00:00.000Z");
  });

  it("owes an ended event's collected net now and an upcoming one's later, and counts sales paid at the sale", () => {
    const { events: rows, totals } = summarisePayouts({
      events,
      orders: [
        order(),
        order({ refundedPence: 2020 }),
        order({ eventId: "e2" }),
        order({ eventId: "e2", applicationFeePence: 20 }),
      ],
      payouts: [],
      now,
    });
    expect(rows.map((r) => [r.name, r.state, r.netPence, r.balancePence])).toEqual([
      ["Gig", "upcoming", 4000, 2000],
      ["Quiz", "due", 2000, 2000],
    ]);
    expect(totals).toEqual([
      {
        currency: "GBP",
        grossPence: 8080,
        feesPence: 80,
        refundsPence: 2020,
        netPence: 6000,
        paidPence: 2000,
        dueNowPence: 2000,
        upcomingPence: 2000,
      },
    ]);
  });

  it("marks an event paid once paid out, and a refund after that is taken from what is due", () => {
    const paid = summarisePayouts({
      events,
      orders: [order()],
      payouts: [{ eventId: "e1", currency: "GBP", amountPence: 2000, paidAt: now }],
      now,
    });
    expect(paid.events[0]).toMatchObject({ state: "paid", balancePence: 0, paidOutPence: 2000 });
    const refundedAfter = summarisePayouts({
      events,
      orders: [order({ refundedPence: 2020 })],
      payouts: [{ eventId: "e1", currency: "GBP", amountPence: 2000, paidAt: now }],
      now,
    });
    expect(refundedAfter.totals[0]).toMatchObject({ dueNowPence: -2000, paidPence: 2000 });
  });

  it("says a payout set aside and not yet confirmed by the provider is being paid, not paid", () => {
    const sending = summarisePayouts({
      events,
      orders: [order()],
      payouts: [{ eventId: "e1", currency: "GBP", amountPence: 2000, paidAt: now, sending: true }],
      now,
    });
    expect(sending.events[0]).toMatchObject({ state: "sending", balancePence: 0, paidOutPence: 2000 });
    expect(sending.totals[0]).toMatchObject({ dueNowPence: 0, paidPence: 2000 });
  });

  it("always adds up: net = paid at sale + paid out + balance, and totals are the rows' sums", () => {
    const arbOrder = fc.record({
      eventId: fc.constantFrom("e1", "e2"),
      currency: fc.constantFrom("GBP" as const, "EUR" as const),
      totalPence: fc.integer({ min: 0, max: 100_000 }),
      refundPart: fc.integer({ min: 0, max: 100 }),
      feeMode: fc.constantFrom("pass" as const, "absorb" as const),
      routed: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(arbOrder, { maxLength: 30 }), (raw) => {
        const orders = raw.map((r) => {
          const fee = r.feeMode === "pass" ? Math.floor(r.totalPence / 101) : Math.floor(r.totalPence / 100);
          return order({
            eventId: r.eventId,
            currency: r.currency,
            totalPence: r.totalPence,
            platformFeePence: fee,
            refundedPence: Math.floor((r.totalPence * r.refundPart) / 100),
            applicationFeePence: r.routed ? Math.floor(r.totalPence / 100) : null,
          });
        });
        const { events: rows, totals } = summarisePayouts({ events, orders, payouts: [], now });
        for (const row of rows) expect(row.netPence).toBe(row.paidAtSalePence + row.paidOutPence + row.balancePence);
        for (const t of totals) {
          const mine = rows.filter((r) => r.currency === t.currency);
          expect(t.netPence).toBe(mine.reduce((s, r) => s + r.netPence, 0));
          expect(t.paidPence + t.dueNowPence + t.upcomingPence).toBe(t.netPence);
        }
      }),
    );
  });
});
