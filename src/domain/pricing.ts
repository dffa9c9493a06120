import { ACTIVE_PROVIDER_FEE, assertMinorUnits, feeFor, type Currency, type FeeRate } from "./money";

/**
 * What an order costs (issue: fees and all-in prices). Integer pence throughout; the booking fee is
 * a percentage plus a fixed part of the discounted subtotal, rounded half-up once per order.
 */

/** Spec §5: a paid order must come to at least £1.00. */
export const MIN_PAID_ORDER_PENCE = 100;
/** Spec §5/§9: pay what you wish, from the minimum to £10,000 more. */
export const PAY_WHAT_YOU_WISH_MAX_EXTRA_PENCE = 1_000_000;

/** Who pays the booking fee: the buyer on top of the price ("pass"), or the host out of it ("absorb"). */
export const FEE_MODES = ["pass", "absorb"] as const;
export type FeeMode = (typeof FEE_MODES)[number];

export interface PricedLine {
  quantity: number;
  /** Face value per ticket, or the amount chosen for a pay-what-you-wish ticket. */
  unitPricePence: number;
  /** The least a discount may bring each ticket to: a pay-what-you-wish ticket's minimum (0 when absent). */
  floorPence?: number;
}

export type DiscountRule = { kind: "percent"; basisPoints: number } | { kind: "fixed"; pence: number };

export interface PriceBreakdown {
  subtotalPence: number;
  discountPence: number;
  bookingFeePence: number;
  /** What the buyer pays. */
  totalPence: number;
  /** What reaches the host before payouts: the discounted subtotal, less the fee when they absorb it. */
  hostPence: number;
}

/**
 * Ticketyboo's fee on a priced order: the booking fee the buyer pays, or, when the host absorbs it, the
 * part of their price it comes out of. What the order records as sold and a connected account's
 * application fee.
 */
export function platformFeeOf(b: Pick<PriceBreakdown, "totalPence" | "hostPence">): number {
  return b.totalPence - b.hostPence;
}

function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The discount on a subtotal: a percentage rounded half-up, or a fixed amount; never more than the subtotal. */
export function discountFor(subtotalPence: number, rule: DiscountRule | null | undefined): number {
  assertMinorUnits(subtotalPence);
  if (!rule) return 0;
  const raw =
    rule.kind === "percent"
      ? roundHalfUp(subtotalPence * Math.min(10_000, Math.max(0, rule.basisPoints)), 10_000)
      : Math.max(0, rule.pence);
  return Math.min(subtotalPence, raw);
}

/**
 * The discount on an order's lines: as `discountFor` on their subtotal, except that no ticket is
 * brought below its floor (a pay-what-you-wish ticket's minimum, issue: "a discount never takes a
 * chosen amount below the minimum"). A percentage is taken of each ticket's price but at most down
 * to its floor, and rounded half-up once for the order; a fixed amount comes off what lies above
 * the floors.
 */
export function discountForLines(lines: readonly PricedLine[], rule: DiscountRule | null | undefined): number {
  let subtotal = 0;
  let aboveFloors = 0;
  let percentScaled = 0;
  const basisPoints = rule?.kind === "percent" ? Math.min(10_000, Math.max(0, rule.basisPoints)) : 0;
  for (const line of lines) {
    const floor = Math.min(line.unitPricePence, Math.max(0, line.floorPence ?? 0));
    subtotal += line.quantity * line.unitPricePence;
    aboveFloors += line.quantity * (line.unitPricePence - floor);
    percentScaled +=
      line.quantity * Math.min(line.unitPricePence * basisPoints, (line.unitPricePence - floor) * 10_000);
  }
  if (!rule) return 0;
  const raw = rule.kind === "percent" ? roundHalfUp(percentScaled, 10_000) : Math.max(0, rule.pence);
  return Math.min(subtotal, aboveFloors, raw);
}

export function priceOrder(
  lines: readonly PricedLine[],
  opts: { discount?: DiscountRule | null; feeMode: FeeMode; fee: FeeRate },
): PriceBreakdown {
  let subtotal = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 0)
      throw new RangeError(`Not a whole, non-negative quantity: ${line.quantity}`);
    assertMinorUnits(line.unitPricePence);
    if (line.floorPence !== undefined) assertMinorUnits(line.floorPence);
    subtotal += line.quantity * line.unitPricePence;
  }
  const discount = discountForLines(lines, opts.discount);
  const charged = subtotal - discount;
  const fee = feeFor(charged, opts.fee);
  const bookingFee = opts.feeMode === "pass" ? fee : 0;
  return {
    subtotalPence: subtotal,
    discountPence: discount,
    bookingFeePence: bookingFee,
    totalPence: charged + bookingFee,
    hostPence: opts.feeMode === "pass" ? charged : Math.max(0, charged - fee),
  };
}

/** What an event's tickets are priced on: who pays the booking fee, the fee itself, and the event's currency. */
export interface PriceTerms {
  feeMode: FeeMode;
  fee: FeeRate;
  currency: Currency;
}

/** An event's price terms, with the fee of the card provider in use (spec §9). */
export function priceTerms(feeMode: FeeMode, currency: Currency): PriceTerms {
  return { feeMode, currency, fee: ACTIVE_PROVIDER_FEE };
}

export interface HeadlinePrice {
  /** What the buyer pays for the one ticket, in minor units of `currency`. */
  totalMinor: number;
  /** The booking fee inside that total: 0 when the host absorbs it. */
  bookingFeeMinor: number;
  currency: Currency;
}

/**
 * The price a buyer sees for one ticket anywhere before checkout (cards, map pins, search, JSON-LD,
 * the price filters, the booking panel): exactly what checkout charges for a basket of that one
 * ticket, because it is `priceOrder` of that basket. All-in (DMCC Act 2024): the fee is inside it
 * when passed on, and it is the face value when the host absorbs the fee. A pay-what-you-wish ticket's
 * headline is that of its minimum. No discount code is in it: a code is known only to whoever holds
 * it, and a fixed one comes off the order rather than each ticket; the booking panel's total and
 * checkout's breakdown show it, and it can only lower what is charged.
 */
export function headlinePrice(facePence: number, terms: PriceTerms): HeadlinePrice {
  const order = priceOrder([{ quantity: 1, unitPricePence: facePence }], { feeMode: terms.feeMode, fee: terms.fee });
  return { totalMinor: order.totalPence, bookingFeeMinor: order.bookingFeePence, currency: terms.currency };
}

/**
 * The highest face value whose headline price stays within `maxTotalMinor`, so the database can
 * filter face values against a price band. Headline prices never fall as the face value rises, so
 * this is exact.
 */
export function maxFaceForHeadline(maxTotalMinor: number, terms: PriceTerms): number {
  assertMinorUnits(maxTotalMinor);
  const fits = (face: number) => headlinePrice(face, terms).totalMinor <= maxTotalMinor;
  let lo = 0;
  let hi = maxTotalMinor;
  if (fits(hi)) return hi;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

export type CheckoutProblem = "empty" | "below_minimum";

/** Spec §5: at least one ticket; a paid order of at least £1.00 (free orders skip payment). */
export function checkoutProblem(lines: readonly PricedLine[], breakdown: PriceBreakdown): CheckoutProblem | null {
  if (lines.reduce((n, l) => n + l.quantity, 0) < 1) return "empty";
  if (breakdown.totalPence > 0 && breakdown.totalPence < MIN_PAID_ORDER_PENCE) return "below_minimum";
  return null;
}

/** A pay-what-you-wish amount is whole pence from the minimum up to £10,000 more. */
export function isValidChosenAmount(amountPence: number, minimumPence: number): boolean {
  return (
    Number.isSafeInteger(amountPence) &&
    amountPence >= minimumPence &&
    amountPence <= minimumPence + PAY_WHAT_YOU_WISH_MAX_EXTRA_PENCE
  );
}

/** The most a pay-what-you-wish ticket may be bought for: its minimum and £10,000 more. */
export function maxChosenAmount(minimumPence: number): number {
  return minimumPence + PAY_WHAT_YOU_WISH_MAX_EXTRA_PENCE;
}

/**
 * A pay-what-you-wish amount as typed (pounds and pence, or already read into pence; null or NaN
 * when it could not be read), judged by the one rule both the booking panel and the hold use:
 * true when it can be bought at.
 */
export function chosenAmountAccepted(amount: number | null | undefined, minimumPence: number): amount is number {
  return typeof amount === "number" && isValidChosenAmount(amount, minimumPence);
}
