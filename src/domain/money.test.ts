import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACTIVE_PROVIDER_FEE, feeFor, parsePounds, poundsForInput } from "./money";

describe("feeFor", () => {
  it("takes 1% of the amount for the active provider, rounded half-up", () => {
    expect(feeFor(1000, ACTIVE_PROVIDER_FEE)).toBe(10);
    expect(feeFor(1050, ACTIVE_PROVIDER_FEE)).toBe(11); // 10.5p rounds up
    expect(feeFor(1049, ACTIVE_PROVIDER_FEE)).toBe(10); // 10.49p rounds down
  });

  it("adds the fixed part, as for the other provider's 1.5% + 20p", () => {
    expect(feeFor(2000, { basisPoints: 150, fixedMinor: 20 })).toBe(50);
  });

  it("charges nothing on a free ticket", () => {
    expect(feeFor(0, { basisPoints: 150, fixedMinor: 20 })).toBe(0);
  });

  it("refuses fractions and negatives", () => {
    expect(() => feeFor(10.5, ACTIVE_PROVIDER_FEE)).toThrow(RangeError);
    expect(() => feeFor(-1, ACTIVE_PROVIDER_FEE)).toThrow(RangeError);
  });

  it("is a whole number within half a penny of the exact fee, and never decreases with the amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 2000 }), (amount, bps) => {
        const fee = feeFor(amount, { basisPoints: bps, fixedMinor: 0 });
        expect(Number.isInteger(fee)).toBe(true);
        expect(Math.abs(fee - (amount * bps) / 10_000)).toBeLessThanOrEqual(0.5);
        expect(feeFor(amount + 1, { basisPoints: bps, fixedMinor: 0 })).toBeGreaterThanOrEqual(fee);
      }),
    );
  });
});

describe("pounds as people type them", () => {
  it("become pence without passing through a float, or null when they aren't an amount", () => {
    expect(parsePounds("12")).toBe(1200);
    expect(parsePounds("12.5")).toBe(1250);
    expect(parsePounds(" £1,200.05 ")).toBe(120005);
    expect(parsePounds("€8.50")).toBe(850);
    expect(parsePounds("0.29")).toBe(29);
    for (const bad of ["", "-1", "1.234", "ten", "1e3", "12."]) expect(parsePounds(bad), bad).toBeNull();
  });

  it("round-trip through the form field", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (pence) => parsePounds(poundsForInput(pence)) === pence),
    );
    expect(poundsForInput(606)).toBe("6.06");
    expect(poundsForInput(5)).toBe("0.05");
  });
});
