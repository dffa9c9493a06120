import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cancellationOption,
  checkReason,
  parseRefund,
  REASON_REQUIRED,
  refundable,
  type CancellableOrder,
  type OrderTicketState,
} from "./cancellation";

const now = new Date("2026-11-24T12:00:00Z");
const event = {
  startsAt: new Date("2026-12-01T19:00:00Z"),
  endsAt: new Date("2026-12-01T23:00:00Z"),
  isCancelled: false,
};
const paid: CancellableOrder = { status: "paid", totalPence: 2020, refundedPence: 0, currency: "GBP", userId: "bea" };
const mine: OrderTicketState[] = [{ status: "valid", holderUserId: "bea" }];
const opts: Parameters<typeof cancellationOption>[3] = { buyerId: "bea", now, openRequest: null };

describe("what a buyer may do about an order", () => {
  it("cancels a free order at once, and asks the host about a paid one", () => {
    expect(cancellationOption({ ...paid, status: "free", totalPence: 0 }, mine, event, opts)).toEqual({
      kind: "cancel_now",
    });
    expect(cancellationOption(paid, mine, event, opts)).toEqual({ kind: "request" });
    expect(cancellationOption(paid, mine, event, { ...opts, openRequest: "pending" })).toEqual({ kind: "pending" });
  });

  it("offers nothing once it's over, used, passed on, already cancelled, or someone else's", () => {
    const none = (o = paid, t = mine, e = event, x = opts) => cancellationOption(o, t, e, x).kind;
    expect(none(paid, mine, event, { ...opts, now: new Date("2026-12-02T00:00:00Z") })).toBe("none");
    expect(none(paid, [{ status: "checked_in", holderUserId: "bea" }])).toBe("none");
    expect(none(paid, [...mine, { status: "valid", holderUserId: "friend" }])).toBe("none");
    expect(none({ ...paid, status: "refunded" })).toBe("none");
    expect(none(paid, mine, event, { ...opts, openRequest: "approved" })).toBe("none");
    expect(none(paid, mine, event, { ...opts, buyerId: "someone-else" })).toBe("none");
  });

  it("explains on the order page only what the page doesn't already show", () => {
    const explained = (t: Parameters<typeof cancellationOption>[1], x = opts) => {
      const o = cancellationOption(paid, t, event, x);
      return o.kind === "none" && o.explain === true;
    };
    expect(explained([...mine, { status: "valid", holderUserId: "friend" }])).toBe(true);
    expect(explained([{ status: "checked_in", holderUserId: "bea" }])).toBe(true);
    // Over, or cancelled: the page says so in its own way.
    expect(explained(mine, { ...opts, now: new Date("2026-12-02T00:00:00Z") })).toBe(false);
    expect(explained(mine, { ...opts, openRequest: "approved" })).toBe(false);
  });
});

describe("the reason", () => {
  it("is required, in the spec's words, and trimmed", () => {
    expect(checkReason("   ")).toEqual({ ok: false, error: REASON_REQUIRED });
    expect(REASON_REQUIRED).toBe("Error requesting cancellation .Please write a reason");
    expect(checkReason("  Can't make it, sorry  ")).toEqual({ ok: true, reason: "Can't make it, sorry" });
    expect(checkReason("x".repeat(1001)).ok).toBe(false);
  });
});

describe("the refund a host types", () => {
  it("defaults to everything still refundable, in whole pence", () => {
    expect(parseRefund("", paid)).toEqual({ ok: true, pence: 2020 });
    expect(parseRefund("£10.50", paid)).toEqual({ ok: true, pence: 1050 });
    expect(parseRefund("0", paid)).toEqual({ ok: true, pence: 0 });
    expect(parseRefund("20.21", paid).ok).toBe(false);
    for (const bad of ["-1", "1.234", "ten", "1e3"]) expect(parseRefund(bad, paid).ok, bad).toBe(false);
  });

  it("never refunds more than was paid, less what has been refunded, nor a negative or fractional amount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.string({ maxLength: 12 }),
        (total, refunded, typed) => {
          const o = { totalPence: total, refundedPence: Math.min(refunded, total), currency: "GBP" };
          const r = parseRefund(typed, o);
          return !r.ok || (Number.isInteger(r.pence) && r.pence >= 0 && r.pence <= refundable(o));
        },
      ),
    );
  });
});
