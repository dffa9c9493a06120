import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACTIVE_PROVIDER_FEE, feeFor, type Currency, type FeeRate } from "./money";
import {
  checkoutProblem,
  discountFor,
  FEE_MODES,
  headlinePrice,
  isValidChosenAmount,
  maxFaceForHeadline,
  PAY_WHAT_YOU_WISH_MAX_EXTRA_PENCE,
  priceOrder,
  priceTerms,
  type DiscountRule,
  type PriceTerms,
} from "./pricing";

const OTHER_PROVIDER_FEE: FeeRate = { basisPoints: 150, fixedMinor: 20 };

describe("priceOrder", () => {
  it("adds the booking fee on the discounted subtotal, rounded once for the order", () => {
    // 2 × £12.34 = £24.68; 1% is 24.68p, rounded once to 25p (per ticket it would be 12p + 12p).
    expect(priceOrder([{ quantity: 2, unitPricePence: 1234 }], { feeMode: "pass", fee: ACTIVE_PROVIDER_FEE })).toEqual({
      subtotalPence: 2468,
      discountPence: 0,
      bookingFeePence: 25,
      totalPence: 2493,
      hostPence: 2468,
    });
  });

  it("takes the discount before the fee, and a host who absorbs the fee pays it from their takings", () => {
    const lines = [{ quantity: 2, unitPricePence: 1000 }];
    const tenPercent: DiscountRule = { kind: "percent", basisPoints: 1000 };
    expect(priceOrder(lines, { discount: tenPercent, feeMode: "pass", fee: ACTIVE_PROVIDER_FEE })).toEqual({
      subtotalPence: 2000,
      discountPence: 200,
      bookingFeePence: 18,
      totalPence: 1818,
      hostPence: 1800,
    });
    expect(priceOrder(lines, { discount: tenPercent, feeMode: "absorb", fee: OTHER_PROVIDER_FEE })).toEqual({
      subtotalPence: 2000,
      discountPence: 200,
      bookingFeePence: 0,
      totalPence: 1800,
      hostPence: 1800 - 47, // 1.5% of £18 = 27p, plus 20p
    });
  });

  it("charges nothing, fee included, for a free order", () => {
    expect(
      priceOrder([{ quantity: 3, unitPricePence: 0 }], { feeMode: "pass", fee: OTHER_PROVIDER_FEE }).totalPence,
    ).toBe(0);
    expect(
      priceOrder([{ quantity: 1, unitPricePence: 500 }], {
        discount: { kind: "fixed", pence: 900 },
        feeMode: "pass",
        fee: OTHER_PROVIDER_FEE,
      }).totalPence,
    ).toBe(0);
  });

  it("refuses fractional or negative quantities and prices", () => {
    expect(() =>
      priceOrder([{ quantity: 1.5, unitPricePence: 100 }], { feeMode: "pass", fee: ACTIVE_PROVIDER_FEE }),
    ).toThrow(RangeError);
    expect(() =>
      priceOrder([{ quantity: 1, unitPricePence: -1 }], { feeMode: "pass", fee: ACTIVE_PROVIDER_FEE }),
    ).toThrow(RangeError);
    expect(() =>
      priceOrder([{ quantity: 1, unitPricePence: 99.5 }], { feeMode: "pass", fee: ACTIVE_PROVIDER_FEE }),
    ).toThrow(RangeError);
  });

  const line = fc.record({
    quantity: fc.integer({ min: 0, max: 20 }),
    unitPricePence: fc.integer({ min: 0, max: 1_000_000 }),
  });
  const discount: fc.Arbitrary<DiscountRule | null> = fc.oneof(
    fc.constant(null),
    fc.record({ kind: fc.constant("percent" as const), basisPoints: fc.integer({ min: -500, max: 12_000 }) }),
    fc.record({ kind: fc.constant("fixed" as const), pence: fc.integer({ min: -500, max: 5_000_000 }) }),
  );
  const fee = fc.record({
    basisPoints: fc.integer({ min: 0, max: 1000 }),
    fixedMinor: fc.integer({ min: 0, max: 100 }),
  });

  it("never produces a negative or fractional amount, and the parts always add up", () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 10 }),
        discount,
        fc.constantFrom("pass" as const, "absorb" as const),
        fee,
        (lines, rule, feeMode, rate) => {
          const b = priceOrder(lines, { discount: rule, feeMode, fee: rate });
          for (const value of Object.values(b)) {
            expect(Number.isSafeInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
          expect(b.discountPence).toBeLessThanOrEqual(b.subtotalPence);
          expect(b.totalPence).toBe(b.subtotalPence - b.discountPence + b.bookingFeePence);
          expect(b.hostPence).toBeLessThanOrEqual(b.subtotalPence - b.discountPence);
        },
      ),
    );
  });
});

describe("discounts", () => {
  it("rounds percentages half-up and caps both kinds at the subtotal", () => {
    expect(discountFor(999, { kind: "percent", basisPoints: 1000 })).toBe(100); // 99.9p
    expect(discountFor(995, { kind: "percent", basisPoints: 1000 })).toBe(100); // 99.5p
    expect(discountFor(994, { kind: "percent", basisPoints: 1000 })).toBe(99);
    expect(discountFor(500, { kind: "fixed", pence: 800 })).toBe(500);
    expect(discountFor(500, { kind: "percent", basisPoints: 15_000 })).toBe(500);
    expect(discountFor(500, null)).toBe(0);
  });
});

describe("checkout rules", () => {
  it("needs a ticket, and a paid order of at least £1.00; free orders are fine", () => {
    const price = (lines: { quantity: number; unitPricePence: number }[]) =>
      priceOrder(lines, { feeMode: "pass", fee: ACTIVE_PROVIDER_FEE });
    expect(checkoutProblem([], price([]))).toBe("empty");
    expect(checkoutProblem([{ quantity: 0, unitPricePence: 500 }], price([{ quantity: 0, unitPricePence: 500 }]))).toBe(
      "empty",
    );
    expect(checkoutProblem([{ quantity: 1, unitPricePence: 98 }], price([{ quantity: 1, unitPricePence: 98 }]))).toBe(
      "below_minimum",
    );
    expect(
      checkoutProblem([{ quantity: 1, unitPricePence: 99 }], price([{ quantity: 1, unitPricePence: 99 }])),
    ).toBeNull(); // 99p + 1p fee
    expect(
      checkoutProblem([{ quantity: 2, unitPricePence: 0 }], price([{ quantity: 2, unitPricePence: 0 }])),
    ).toBeNull();
  });

  it("accepts pay-what-you-wish amounts from the minimum to £10,000 more, in whole pence", () => {
    expect(isValidChosenAmount(500, 500)).toBe(true);
    expect(isValidChosenAmount(499, 500)).toBe(false);
    expect(isValidChosenAmount(500 + 1_000_000, 500)).toBe(true);
    expect(isValidChosenAmount(500 + 1_000_001, 500)).toBe(false);
    expect(isValidChosenAmount(750.5, 500)).toBe(false);
  });
});

const CURRENCIES: readonly Currency[] = ["GBP", "EUR"];
const anyTerms: fc.Arbitrary<PriceTerms> = fc.record({
  feeMode: fc.constantFrom(...FEE_MODES),
  currency: fc.constantFrom(...CURRENCIES),
  fee: fc.oneof(
    fc.constant(ACTIVE_PROVIDER_FEE),
    fc.record({ basisPoints: fc.integer({ min: 0, max: 2_000 }), fixedMinor: fc.integer({ min: 0, max: 200 }) }),
  ),
});
/** Face values as hosts set them: free, pennies, round pounds, anything up to £10,000. */
const anyFace = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 99 }),
  fc.integer({ min: 1, max: 100 }).map((pounds) => pounds * 100),
  fc.integer({ min: 0, max: 1_000_000 }),
);
const anyDiscount: fc.Arbitrary<DiscountRule> = fc.oneof(
  fc.record({ kind: fc.constant("percent" as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }),
  fc.record({ kind: fc.constant("fixed" as const), pence: fc.integer({ min: 0, max: 2_000_000 }) }),
);

describe("headlinePrice: the one price a buyer sees before checkout", () => {
  it("is the face value plus the fee when passed on, the face value when absorbed, in the event's currency", () => {
    expect(headlinePrice(1000, priceTerms("pass", "GBP"))).toEqual({
      totalMinor: 1010,
      bookingFeeMinor: 10,
      currency: "GBP",
    });
    expect(headlinePrice(1000, priceTerms("absorb", "GBP"))).toEqual({
      totalMinor: 1000,
      bookingFeeMinor: 0,
      currency: "GBP",
    });
    expect(headlinePrice(250, priceTerms("pass", "EUR"))).toEqual({
      totalMinor: 253,
      bookingFeeMinor: 3,
      currency: "EUR",
    });
    expect(headlinePrice(0, { feeMode: "pass", currency: "GBP", fee: OTHER_PROVIDER_FEE })).toEqual({
      totalMinor: 0,
      bookingFeeMinor: 0,
      currency: "GBP",
    });
  });

  it("equals what checkout charges for one ticket, for any fee mode, currency, fee and price", () => {
    fc.assert(
      fc.property(anyTerms, anyFace, (terms, face) => {
        const charged = priceOrder([{ quantity: 1, unitPricePence: face }], { feeMode: terms.feeMode, fee: terms.fee });
        const headline = headlinePrice(face, terms);
        expect(headline.totalMinor).toBe(charged.totalPence);
        expect(headline.bookingFeeMinor).toBe(charged.bookingFeePence);
        expect(headline.currency).toBe(terms.currency);
        // All-in: nothing is added on top of it, and an absorbed fee is not the buyer's.
        expect(headline.totalMinor).toBe(terms.feeMode === "pass" ? face + feeFor(face, terms.fee) : face);
      }),
    );
  });

  it("shows no discount code, and a code can only bring checkout's charge for that ticket down", () => {
    fc.assert(
      fc.property(anyTerms, anyFace, fc.option(anyDiscount), (terms, face, discount) => {
        const charged = priceOrder([{ quantity: 1, unitPricePence: face }], {
          discount,
          feeMode: terms.feeMode,
          fee: terms.fee,
        });
        const headline = headlinePrice(face, terms);
        expect(charged.totalPence).toBeLessThanOrEqual(headline.totalMinor);
        if (charged.discountPence === 0) expect(charged.totalPence).toBe(headline.totalMinor);
      }),
    );
  });

  it("for pay what you wish, is the price at the minimum, and any amount chosen costs at least that", () => {
    fc.assert(
      fc.property(
        anyTerms,
        anyFace,
        fc.integer({ min: 0, max: PAY_WHAT_YOU_WISH_MAX_EXTRA_PENCE }),
        (terms, minimum, extra) => {
          const chosen = minimum + extra;
          expect(isValidChosenAmount(chosen, minimum)).toBe(true);
          const charged = priceOrder([{ quantity: 1, unitPricePence: chosen }], {
            feeMode: terms.feeMode,
            fee: terms.fee,
          });
          expect(charged.totalPence).toBe(headlinePrice(chosen, terms).totalMinor);
          expect(charged.totalPence).toBeGreaterThanOrEqual(headlinePrice(minimum, terms).totalMinor);
        },
      ),
    );
  });
});

describe("maxFaceForHeadline: a price band turned back into face values", () => {
  it("finds the highest face value whose headline price fits, on either fee mode", () => {
    expect(maxFaceForHeadline(999, priceTerms("pass", "GBP"))).toBe(989);
    expect(maxFaceForHeadline(999, priceTerms("absorb", "GBP"))).toBe(999);
    expect(maxFaceForHeadline(0, priceTerms("pass", "GBP"))).toBe(0);
  });

  it("holds for any budget and terms", () => {
    fc.assert(
      fc.property(anyTerms, fc.integer({ min: 0, max: 1_000_000 }), (terms, budget) => {
        const face = maxFaceForHeadline(budget, terms);
        expect(headlinePrice(face, terms).totalMinor).toBeLessThanOrEqual(budget);
        expect(headlinePrice(face + 1, terms).totalMinor).toBeGreaterThan(budget);
      }),
    );
  });
});
