import { describe, expect, it } from "vitest";
import { orderStanding, receiptRows, type ReceiptOrder } from "./receipt";

const order = (o: Partial<ReceiptOrder> = {}): ReceiptOrder => ({
  status: "paid",
  currency: "GBP",
  subtotalPence: 1500,
  discountPence: 0,
  discountCode: null,
  bookingFeePence: 90,
  totalPence: 1590,
  refundedPence: 0,
  lines: [{ name: "General admission", quantity: 1, unitPricePence: 1500 }],
  ...o,
});

describe("where an order stands", () => {
  it.each([
    [order(), "Paid"],
    [order({ status: "free", totalPence: 0, subtotalPence: 0, bookingFeePence: 0 }), "Booked"],
    [order({ refundedPence: 500 }), "Partly refunded"],
    [order({ refundedPence: 1590 }), "Refunded"],
    [order({ status: "refunded", refundedPence: 1590 }), "Refunded"],
    [order({ status: "cancelled", refundedPence: 1590 }), "Refunded"],
    [order({ status: "cancelled", totalPence: 0, subtotalPence: 0, bookingFeePence: 0 }), "Cancelled"],
  ] as const)("%#: %s", (o, words) => expect(orderStanding(o)).toBe(words));

  it("says a refund is asked for while the host decides, unless it is already refunded in full", () => {
    expect(orderStanding(order(), true)).toBe("Refund asked for");
    expect(orderStanding(order({ refundedPence: 500 }), true)).toBe("Refund asked for");
    expect(orderStanding(order({ refundedPence: 1590 }), true)).toBe("Refunded");
    expect(orderStanding(order({ status: "cancelled", refundedPence: 1590 }), true)).toBe("Refunded");
  });
});

describe("a receipt's rows", () => {
  it("a free order says Free for its lines and its total, and has no refund rows", () => {
    const rows = receiptRows(
      order({
        status: "free",
        subtotalPence: 0,
        bookingFeePence: 0,
        totalPence: 0,
        lines: [{ name: "Free entry", quantity: 2, unitPricePence: 0 }],
      }),
    );
    expect(rows.map((r) => [r.label, r.amount])).toEqual([
      ["2 × Free entry", "Free"],
      ["Booking fee", "£0.00"],
      ["Total paid", "Free"],
    ]);
  });

  it("lines, discount with its code, fee, total, then the refund and what was kept, each amount in pence too", () => {
    const rows = receiptRows(
      order({
        currency: "EUR",
        subtotalPence: 2500,
        discountPence: 250,
        discountCode: "early",
        bookingFeePence: 135,
        totalPence: 2385,
        refundedPence: 2385,
        lines: [
          { name: "Adult", quantity: 2, unitPricePence: 1000 },
          { name: "Child", quantity: 1, unitPricePence: 500 },
        ],
      }),
    );
    expect(rows.map((r) => [r.label, r.amount, r.kind])).toEqual([
      ["2 × Adult at €10", "€20.00", "line"],
      ["1 × Child", "€5.00", "line"],
      ["Discount (EARLY)", "−€2.50", "adjustment"],
      ["Booking fee", "€1.35", "adjustment"],
      ["Total paid", "€23.85", "total"],
      ["Refunded", "−€23.85", "refund"],
      ["Paid after refunds", "€0.00", "total"],
    ]);
  });

  it("lists free companion tickets as such, adding nothing to what was paid", () => {
    const rows = receiptRows(
      order({
        lines: [
          { name: "General admission", quantity: 1, unitPricePence: 1500 },
          { name: "General admission", quantity: 1, unitPricePence: 0, companion: true },
        ],
      }),
    );
    expect(rows.slice(0, 2).map((r) => [r.label, r.amount])).toEqual([
      ["1 × General admission", "£15.00"],
      ["1 × Companion ticket · free", "Free"],
    ]);
    expect(rows.find((r) => r.label === "Total paid")?.amount).toBe("£15.90");
  });
});
