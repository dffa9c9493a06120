import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACTIVE_PROVIDER_FEE, poundsForInput, type Currency } from "~/domain/money";
import { FEE_MODES, headlinePrice, priceOrder, priceTerms } from "~/domain/pricing";
import {
  CALCULATOR_DEFAULTS,
  calculateFees,
  calculatorInputFrom,
  describeFee,
  EXAMPLE_PRICES,
  exampleRows,
  MAX_PRICE_PENCE,
  MAX_QUANTITY,
} from "./fee-calculator";

const currencies: Currency[] = ["GBP", "EUR"];

describe("the pricing page's calculator", () => {
  it("comes to what checkout's priceOrder charges, for any price, quantity, fee mode and currency", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: MAX_PRICE_PENCE }),
        fc.integer({ min: 1, max: MAX_QUANTITY }),
        fc.constantFrom(...FEE_MODES),
        fc.constantFrom(...currencies),
        (facePence, quantity, feeMode, currency) => {
          const result = calculateFees({
            price: poundsForInput(facePence),
            quantity: String(quantity),
            feeMode,
            currency,
          });
          const checkout = priceOrder([{ quantity, unitPricePence: facePence }], { feeMode, fee: ACTIVE_PROVIDER_FEE });
          expect(result).toMatchObject({ ok: true, facePence, quantity, breakdown: checkout });
          if (!result.ok) return;
          expect(result.cardPricePence).toBe(headlinePrice(facePence, priceTerms(feeMode, currency)).totalMinor);
          expect(result.belowMinimum).toBe(checkout.totalPence > 0 && checkout.totalPence < 100);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("shows the known figures: 2 × £12.50 with the fee passed on, and absorbed", () => {
    const pass = calculateFees(CALCULATOR_DEFAULTS);
    expect(pass.ok && pass.breakdown).toEqual({
      subtotalPence: 2500,
      discountPence: 0,
      bookingFeePence: 25,
      totalPence: 2525,
      hostPence: 2500,
    });
    const absorb = calculateFees({ ...CALCULATOR_DEFAULTS, feeMode: "absorb" });
    expect(absorb.ok && [absorb.breakdown.totalPence, absorb.breakdown.hostPence]).toEqual([2500, 2475]);
  });

  it("reads prices as people type them, and free tickets have no fee", () => {
    for (const price of ["12.5", "£12.50", " 12.50 ", "12"]) {
      const r = calculateFees({ ...CALCULATOR_DEFAULTS, price, quantity: "1" });
      expect(r.ok && r.facePence, price).toBe(price.includes("12.5") ? 1250 : 1200);
    }
    for (const price of ["0", ""]) {
      const free = calculateFees({ ...CALCULATOR_DEFAULTS, price });
      expect(free.ok && free.breakdown).toMatchObject({ totalPence: 0, bookingFeePence: 0, hostPence: 0 });
    }
  });

  it("names the field that can't be read, and works nothing out", () => {
    expect(calculateFees({ ...CALCULATOR_DEFAULTS, price: "twelve" })).toEqual({
      ok: false,
      errors: { price: expect.stringMatching(/^Ticket price:/) },
    });
    expect(calculateFees({ ...CALCULATOR_DEFAULTS, price: "10000.01" })).toMatchObject({ ok: false });
    for (const quantity of ["0", "101", "1.5", "-1", "", "1e2"]) {
      expect(calculateFees({ ...CALCULATOR_DEFAULTS, quantity }), quantity).toEqual({
        ok: false,
        errors: { quantity: expect.stringMatching(/^Number of tickets:/) },
      });
    }
  });

  it("says when an order is under checkout's £1.00 minimum", () => {
    const r = calculateFees({ ...CALCULATOR_DEFAULTS, price: "0.50", quantity: "1" });
    expect(r.ok && r.belowMinimum).toBe(true);
  });

  it("takes only known fee modes and currencies from the address", () => {
    expect(calculatorInputFrom({})).toEqual(CALCULATOR_DEFAULTS);
    expect(calculatorInputFrom({ price: "8", quantity: "3", feeMode: "absorb", currency: "EUR" })).toEqual({
      price: "8",
      quantity: "3",
      feeMode: "absorb",
      currency: "EUR",
    });
    expect(calculatorInputFrom({ feeMode: "free-for-me", currency: "USD" })).toMatchObject({
      feeMode: "pass",
      currency: "GBP",
    });
  });

  it("states the fee and its examples from the price rules, not from text", () => {
    expect(describeFee("GBP")).toBe(`${ACTIVE_PROVIDER_FEE.basisPoints / 100}%`);
    const rows = exampleRows("GBP");
    expect(rows.map((r) => r.facePence)).toEqual(EXAMPLE_PRICES);
    for (const row of rows) {
      const line = [{ quantity: 1, unitPricePence: row.facePence }];
      expect(row.passTotal).toBe(priceOrder(line, { feeMode: "pass", fee: ACTIVE_PROVIDER_FEE }).totalPence);
      expect(row.absorbHost).toBe(priceOrder(line, { feeMode: "absorb", fee: ACTIVE_PROVIDER_FEE }).hostPence);
    }
  });
});
