import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitiseBasket, type BasketTicket } from "./basket";
import { remaining } from "./ticket-availability";

const now = new Date("2026-11-24T12:00:00Z");
const ticket = (id: string, over: Partial<BasketTicket> = {}): BasketTicket => ({
  id,
  kind: "general",
  pricePence: 1000,
  capacity: 100,
  sold: 0,
  held: 0,
  salesStartAt: null,
  salesEndAt: null,
  maxPerOrder: 10,
  ...over,
});

describe("sanitiseBasket", () => {
  it("keeps a basket that is fine as it is, coupon and all", () => {
    const result = sanitiseBasket(
      { lines: [{ ticketTypeId: "a", quantity: 2 }], coupon: "crowd10" },
      [ticket("a")],
      now,
    );
    expect(result).toEqual({
      changed: false,
      basket: { lines: [{ ticketTypeId: "a", quantity: 2 }], coupon: "crowd10" },
    });
  });

  it("caps counts to what remains and to the per-order limit, and then clears the coupon", () => {
    const result = sanitiseBasket(
      {
        lines: [
          { ticketTypeId: "a", quantity: 5 },
          { ticketTypeId: "b", quantity: 12 },
        ],
        coupon: "crowd10",
      },
      [ticket("a", { capacity: 10, sold: 7 }), ticket("b", { maxPerOrder: 6 })],
      now,
    );
    expect(result).toEqual({
      changed: true,
      basket: {
        lines: [
          { ticketTypeId: "a", quantity: 3 },
          { ticketTypeId: "b", quantity: 6 },
        ],
        coupon: null,
      },
    });
  });

  it("counts places held by other baskets as gone", () => {
    const result = sanitiseBasket(
      { lines: [{ ticketTypeId: "a", quantity: 2 }], coupon: null },
      [ticket("a", { capacity: 10, sold: 7, held: 2 })],
      now,
    );
    expect(result.basket.lines).toEqual([{ ticketTypeId: "a", quantity: 1 }]);
  });

  it("drops private tickets unless unlocked, and scheduled ones outside their window", () => {
    const tickets = [
      ticket("p", { kind: "private" }),
      ticket("soon", { kind: "scheduled_visible", salesStartAt: new Date("2026-11-30T00:00:00Z") }),
      ticket("gone", { kind: "scheduled_hidden", salesEndAt: new Date("2026-11-20T00:00:00Z") }),
    ];
    const basket = { lines: ["p", "soon", "gone"].map((id) => ({ ticketTypeId: id, quantity: 1 })), coupon: "x" };
    expect(sanitiseBasket(basket, tickets, now)).toEqual({ changed: true, basket: { lines: [], coupon: null } });
    expect(sanitiseBasket(basket, tickets, now, new Set(["p"])).basket.lines).toEqual([
      { ticketTypeId: "p", quantity: 1 },
    ]);
  });

  it("drops unknown, repeated and nonsensical lines", () => {
    const result = sanitiseBasket(
      {
        lines: [
          { ticketTypeId: "a", quantity: 1 },
          { ticketTypeId: "a", quantity: 4 },
          { ticketTypeId: "nope", quantity: 1 },
          { ticketTypeId: "b", quantity: -2 },
          { ticketTypeId: "c", quantity: 1.5 },
        ],
        coupon: "x",
      },
      [ticket("a"), ticket("b"), ticket("c")],
      now,
    );
    expect(result).toEqual({ changed: true, basket: { lines: [{ ticketTypeId: "a", quantity: 1 }], coupon: null } });
  });

  it("never asks for more than remains, or for anything negative or fractional, whatever the input", () => {
    const ticketArb = fc.record({
      id: fc.constantFrom("a", "b", "c", "d"),
      kind: fc.constantFrom(
        "general" as const,
        "private" as const,
        "scheduled_visible" as const,
        "scheduled_hidden" as const,
      ),
      pricePence: fc.integer({ min: 0, max: 10_000 }),
      capacity: fc.integer({ min: 0, max: 50 }),
      sold: fc.integer({ min: 0, max: 60 }),
      held: fc.integer({ min: 0, max: 10 }),
      salesStartAt: fc.option(
        fc.date({ min: new Date("2026-11-01"), max: new Date("2026-12-31"), noInvalidDate: true }),
        { nil: null },
      ),
      salesEndAt: fc.option(
        fc.date({ min: new Date("2026-11-01"), max: new Date("2026-12-31"), noInvalidDate: true }),
        { nil: null },
      ),
      maxPerOrder: fc.integer({ min: 0, max: 20 }),
    });
    const lineArb = fc.record({
      ticketTypeId: fc.constantFrom("a", "b", "c", "d", "x"),
      quantity: fc.oneof(fc.integer({ min: -5, max: 100 }), fc.double({ min: -5, max: 100 })),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(ticketArb, { selector: (t) => t.id }),
        fc.array(lineArb, { maxLength: 8 }),
        fc.option(fc.string(), { nil: null }),
        (tickets, lines, coupon) => {
          const { basket, changed } = sanitiseBasket({ lines, coupon }, tickets, now);
          for (const line of basket.lines) {
            const t = tickets.find((x) => x.id === line.ticketTypeId)!;
            expect(Number.isSafeInteger(line.quantity)).toBe(true);
            expect(line.quantity).toBeGreaterThan(0);
            expect(line.quantity).toBeLessThanOrEqual(remaining(t));
            expect(line.quantity).toBeLessThanOrEqual(t.maxPerOrder);
          }
          if (changed) expect(basket.coupon).toBeNull();
          // Sanitising is stable: a clean basket stays as it is.
          expect(sanitiseBasket(basket, tickets, now).changed).toBe(false);
        },
      ),
    );
  });
});
