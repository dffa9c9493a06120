import { describe, expect, it } from "vitest";
import { priceTerms } from "./pricing";
import {
  cardPrice,
  cardPriceLabel,
  inSaleWindow,
  isOnSale,
  isVisible,
  remaining,
  type TicketLike,
} from "./ticket-availability";

const now = new Date("2026-11-24T12:00:00Z");
const before = new Date("2026-11-20T12:00:00Z");
const after = new Date("2026-11-30T12:00:00Z");
const passing = priceTerms("pass", "GBP");
const from = (totalMinor: number) => ({
  kind: "from",
  price: { totalMinor, bookingFeeMinor: totalMinor === 0 ? 0 : expect.any(Number), currency: "GBP" },
});
const ticket = (over: Partial<TicketLike> = {}): TicketLike => ({
  kind: "general",
  pricePence: 1000,
  capacity: 100,
  sold: 0,
  held: 0,
  salesStartAt: null,
  salesEndAt: null,
  ...over,
});

describe("remaining places", () => {
  it("takes sold and held places off the capacity, never below zero", () => {
    expect(remaining(ticket({ sold: 60, held: 15 }))).toBe(25);
    expect(remaining(ticket({ sold: 100 }))).toBe(0);
    expect(remaining(ticket({ capacity: 10, sold: 8, held: 5 }))).toBe(0);
  });
});

describe("sale window", () => {
  it("opens at its start and closes at its end", () => {
    expect(inSaleWindow({ salesStartAt: now, salesEndAt: null }, now)).toBe(true);
    expect(inSaleWindow({ salesStartAt: after, salesEndAt: null }, now)).toBe(false);
    expect(inSaleWindow({ salesStartAt: null, salesEndAt: now }, now)).toBe(false);
    expect(inSaleWindow({ salesStartAt: before, salesEndAt: after }, now)).toBe(true);
  });
});

describe("visibility and sale by kind", () => {
  it("shows general and scheduled-visible tickets always, but sells scheduled ones only in their window", () => {
    const early = ticket({ kind: "scheduled_visible", salesStartAt: after });
    expect(isVisible(early, now)).toBe(true);
    expect(isOnSale(early, now)).toBe(false);
    expect(isOnSale(ticket({ kind: "scheduled_visible", salesStartAt: before, salesEndAt: after }), now)).toBe(true);
  });

  it("shows scheduled-hidden tickets only inside their window", () => {
    expect(isVisible(ticket({ kind: "scheduled_hidden", salesStartAt: after }), now)).toBe(false);
    expect(isVisible(ticket({ kind: "scheduled_hidden", salesStartAt: before, salesEndAt: after }), now)).toBe(true);
    expect(isVisible(ticket({ kind: "scheduled_hidden", salesStartAt: before, salesEndAt: now }), now)).toBe(false);
  });

  it("keeps private tickets out of sight until unlocked", () => {
    expect(isVisible(ticket({ kind: "private" }), now)).toBe(false);
    expect(isOnSale(ticket({ kind: "private" }), now)).toBe(false);
    expect(isOnSale(ticket({ kind: "private" }), now, true)).toBe(true);
  });

  it("stops selling at capacity, counting holds", () => {
    expect(isOnSale(ticket({ sold: 99 }), now)).toBe(true);
    expect(isOnSale(ticket({ sold: 99, held: 1 }), now)).toBe(false);
    expect(isOnSale(ticket({ sold: 100 }), now)).toBe(false);
  });
});

describe("the card's price", () => {
  it("says Free Entry when every public ticket is free", () => {
    expect(cardPrice([ticket({ pricePence: 0 }), ticket({ pricePence: 0, sold: 100 })], now, passing)).toEqual({
      kind: "free",
    });
  });

  it("is the all-in price (1% booking fee) of the cheapest ticket on sale", () => {
    expect(cardPrice([ticket({ pricePence: 1500 }), ticket({ pricePence: 1000 })], now, passing)).toEqual(from(1010));
    // The cheap ones are gone: the card moves up to what can still be bought.
    expect(cardPrice([ticket({ pricePence: 1500 }), ticket({ pricePence: 1000, sold: 100 })], now, passing)).toEqual(
      from(1515),
    );
  });

  it("shows the cheapest public price on a sold-out card", () => {
    expect(
      cardPrice([ticket({ pricePence: 1500, sold: 100 }), ticket({ pricePence: 1000, sold: 100 })], now, passing),
    ).toEqual(from(1010));
  });

  it("never lets a private or out-of-window hidden ticket set the public price", () => {
    const tickets = [
      ticket({ pricePence: 2000 }),
      ticket({ kind: "private", pricePence: 500 }),
      ticket({ kind: "scheduled_hidden", pricePence: 300, salesStartAt: after }),
    ];
    expect(cardPrice(tickets, now, passing)).toEqual(from(2020));
    // A free private ticket does not make a paid event "Free Entry".
    expect(cardPrice([ticket({ pricePence: 2000 }), ticket({ kind: "private", pricePence: 0 })], now, passing)).toEqual(
      from(2020),
    );
  });

  it("mixes free and paid: the free ticket on sale is the cheapest", () => {
    expect(cardPrice([ticket({ pricePence: 0 }), ticket({ pricePence: 800 })], now, passing)).toEqual(from(0));
  });

  it("has no price without public tickets", () => {
    expect(cardPrice([], now, passing)).toEqual({ kind: "none" });
    expect(cardPrice([ticket({ kind: "private" })], now, passing)).toEqual({ kind: "none" });
  });
});

describe("the card's price in words", () => {
  it("says Free Entry, one price, or From the cheapest", () => {
    expect(cardPriceLabel([ticket({ pricePence: 0 })], now, passing)).toBe("Free Entry");
    expect(cardPriceLabel([ticket({ pricePence: 1200 })], now, passing)).toBe("£12.12");
    expect(cardPriceLabel([ticket({ pricePence: 1000 }), ticket({ pricePence: 1500 })], now, passing)).toBe(
      "From £10.10",
    );
    expect(cardPriceLabel([ticket({ pricePence: 0 }), ticket({ pricePence: 1500 })], now, passing)).toBe(
      "Free tickets available",
    );
    expect(cardPriceLabel([], now, passing)).toBeNull();
  });

  it("honours the host's fee mode and says the event's currency", () => {
    const tickets = [ticket({ pricePence: 1000 }), ticket({ pricePence: 1500 })];
    expect(cardPriceLabel(tickets, now, priceTerms("absorb", "GBP"))).toBe("From £10");
    expect(cardPriceLabel(tickets, now, priceTerms("pass", "EUR"))).toBe("From €10.10");
    expect(cardPriceLabel([ticket({ pricePence: 1200 })], now, priceTerms("absorb", "EUR"))).toBe("€12");
  });
});
