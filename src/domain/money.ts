/** Money is an integer number of minor units (pence) with its currency. Never a float. */
export type Currency = "GBP" | "EUR";

export interface FeeRate {
  /** Percent of the amount, in basis points (100 = 1%). */
  basisPoints: number;
  /** Fixed part, in minor units. */
  fixedMinor: number;
}

/** The card provider's fee from spec §9: the active provider charges 1% + 0. */
export const ACTIVE_PROVIDER_FEE: FeeRate = { basisPoints: 100, fixedMinor: 0 };

/** Rounds a non-negative rational number of minor units half-up, once. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The fee on an amount: percent of the amount plus the fixed part, rounded half-up once. */
export function feeFor(amountMinor: number, rate: FeeRate): number {
  assertMinorUnits(amountMinor);
  if (amountMinor === 0) return 0;
  return roundHalfUp(amountMinor * rate.basisPoints, 10_000) + rate.fixedMinor;
}

export function assertMinorUnits(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`Not a whole, non-negative number of minor units: ${value}`);
}

/**
 * An amount typed by a person ("12", "12.5", "£12.50", "€8", "1,200") to minor units, or null when it isn't an amount.
 */
export function parsePounds(text: string): number | null {
  const clean = text.replace(/[£€,\s]/g, "");
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, part = ""] = clean.split(".");
  return Number(whole) * 100 + Number(part.padEnd(2, "0"));
}

/** Pence as a form field shows them for editing, pounds and pence without a sign: 606 → "6.06". */
export function poundsForInput(minor: number): string {
  assertMinorUnits(minor);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
}

/**
 * The part of `amount` a refund takes back, in proportion to the order it came from: `refunded` of
 * `total`, rounded half up once (a full refund takes all of it; none, nothing). As Stripe gives back
 * a transfer and our fee when part of a payment is refunded.
 */
export function refundedShare(amount: number, refunded: number, total: number): number {
  if (total <= 0) return 0;
  const taken = Math.min(Math.max(refunded, 0), total);
  return Math.floor((2 * taken * amount + total) / (2 * total));
}
