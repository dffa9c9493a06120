import { ACTIVE_PROVIDER_FEE, parsePounds, type Currency } from "~/domain/money";
import {
  FEE_MODES,
  headlinePrice,
  MIN_PAID_ORDER_PENCE,
  priceOrder,
  priceTerms,
  type FeeMode,
  type PriceBreakdown,
} from "~/domain/pricing";
import { formatMoney } from "~/lib/format";

/**
 * The pricing page's calculator: a ticket price, a quantity and who pays the booking fee, priced by
 * `priceOrder`, the function checkout charges with. It runs in the browser as people type (the
 * domain is pure) and on the server for the first paint and for browsers without JavaScript.
 */

export const CURRENCIES: readonly Currency[] = ["GBP", "EUR"];
export const MAX_QUANTITY = 100;
/** The calculator's top price, £10,000 a ticket: far above any grassroots ticket. */
export const MAX_PRICE_PENCE = 1_000_000;

/** What the form holds, as typed. */
export interface CalculatorInput {
  price: string;
  quantity: string;
  feeMode: FeeMode;
  currency: Currency;
}

export const CALCULATOR_DEFAULTS: CalculatorInput = { price: "12.50", quantity: "2", feeMode: "pass", currency: "GBP" };

export type CalculatorField = "price" | "quantity";

export type CalculatorResult =
  | {
      ok: true;
      facePence: number;
      quantity: number;
      breakdown: PriceBreakdown;
      /** The all-in price of one ticket as event cards show it. */
      cardPricePence: number;
      /** A paid order under £1.00 can't be checked out (spec §5). */
      belowMinimum: boolean;
    }
  | { ok: false; errors: Partial<Record<CalculatorField, string>> };

export function calculateFees(input: CalculatorInput): CalculatorResult {
  const errors: Partial<Record<CalculatorField, string>> = {};
  const facePence = parsePounds(input.price.trim() === "" ? "0" : input.price);
  const top = formatMoney(MAX_PRICE_PENCE, input.currency);
  if (facePence === null || facePence > MAX_PRICE_PENCE)
    errors.price = `Ticket price: enter an amount from 0 to ${top}, like 12.50.`;
  const quantityText = input.quantity.trim();
  const quantity = /^\d{1,3}$/.test(quantityText) ? Number(quantityText) : NaN;
  if (!(quantity >= 1 && quantity <= MAX_QUANTITY))
    errors.quantity = `Number of tickets: enter a whole number from 1 to ${MAX_QUANTITY}.`;
  if (facePence === null || errors.price || errors.quantity) return { ok: false, errors };
  const terms = priceTerms(input.feeMode, input.currency);
  const breakdown = priceOrder([{ quantity, unitPricePence: facePence }], { feeMode: terms.feeMode, fee: terms.fee });
  return {
    ok: true,
    facePence,
    quantity,
    breakdown,
    cardPricePence: headlinePrice(facePence, terms).totalMinor,
    belowMinimum: breakdown.totalPence > 0 && breakdown.totalPence < MIN_PAID_ORDER_PENCE,
  };
}

/** The calculator's fields read from an address's query (`?price=8&quantity=3&feeMode=absorb`), else the defaults. */
export function calculatorInputFrom(query: {
  price?: string;
  quantity?: string;
  feeMode?: string;
  currency?: string;
}): CalculatorInput {
  return {
    price: query.price ?? CALCULATOR_DEFAULTS.price,
    quantity: query.quantity ?? CALCULATOR_DEFAULTS.quantity,
    feeMode: FEE_MODES.find((m) => m === query.feeMode) ?? CALCULATOR_DEFAULTS.feeMode,
    currency: CURRENCIES.find((c) => c === query.currency) ?? CALCULATOR_DEFAULTS.currency,
  };
}

/** The fee as a sentence: "1% of the order" (with "+ 20p" were there a fixed part). */
export function describeFee(currency: Currency): string {
  const { basisPoints, fixedMinor } = ACTIVE_PROVIDER_FEE;
  const percent = `${(basisPoints / 100).toLocaleString("en-GB", { maximumFractionDigits: 2 })}%`;
  return fixedMinor > 0 ? `${percent} + ${formatMoney(fixedMinor, currency)}` : percent;
}

/** Example face values for the fee table, in minor units. */
export const EXAMPLE_PRICES = [0, 500, 1000, 1500, 2500, 4000];

export interface ExampleRow {
  facePence: number;
  /** What a buyer pays for one ticket when the fee is passed on, and the fee inside it. */
  passTotal: number;
  passFee: number;
  /** What the host receives for one ticket when they absorb the fee. */
  absorbHost: number;
}

/** One ticket at each example price, both ways, straight from `priceOrder`. */
export function exampleRows(currency: Currency): ExampleRow[] {
  return EXAMPLE_PRICES.map((facePence) => {
    const line = [{ quantity: 1, unitPricePence: facePence }];
    const pass = priceOrder(line, { feeMode: "pass", fee: priceTerms("pass", currency).fee });
    const absorb = priceOrder(line, { feeMode: "absorb", fee: priceTerms("absorb", currency).fee });
    return { facePence, passTotal: pass.totalPence, passFee: pass.bookingFeePence, absorbHost: absorb.hostPence };
  });
}
