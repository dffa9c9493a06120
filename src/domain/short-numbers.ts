import { formatMoney } from "~/lib/format";

/**
 * Large numbers shortened with k, M, B, T (spec §9): the one rule every figure that is shortened
 * follows (report tiles, chart axes). Pure.
 *
 * - Below 1,000 a number is shown whole (rounded to the nearest unit): 999 → "999".
 * - From 1,000: one decimal at most, with no trailing ".0": 1,000 → "1k", 1,050 → "1.1k",
 *   12,345 → "12.3k", 2,500,000 → "2.5M".
 * - Rounding never prints a step's 1,000: 999,999 → "1M" (not "1000k"), 999.6 → "1k".
 * - Negatives keep their sign: −1,500 → "-1.5k". Beyond T the figure stays in T: "1,200T".
 */
const STEPS = ["", "k", "M", "B", "T"] as const;

export function shortenNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  const sign = n < 0 ? "-" : "";
  let magnitude = Math.abs(n);
  let step = 0;
  // The figure as it will print at this step, rounded as printed: whole units, then one decimal.
  const shown = () => (step === 0 ? Math.round(magnitude) : Math.round(magnitude * 10) / 10);
  while (step < STEPS.length - 1 && shown() >= 1000) {
    magnitude /= 1000;
    step++;
  }
  const value = shown();
  if (value === 0) return "0";
  const text = step === STEPS.length - 1 && value >= 1000 ? Math.round(value).toLocaleString("en-GB") : String(value);
  return `${sign}${text}${STEPS[step]}`;
}

/**
 * An amount in minor units shortened the same way, in its currency: below 1,000 pounds (or euros)
 * it is shown exactly (£999.99, £12); from 1,000 it is shortened: £1.2k, £3.5M, -£1.5k. Pence are
 * never shortened as if they were pounds: 150,000p is £1.5k.
 */
export function shortenMoney(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not whole minor units: ${minor}`);
  if (Math.abs(minor) < 100_000) return formatMoney(minor, currency);
  const symbol = formatMoney(0, currency).replace(/[\d.,\s]/g, "");
  const text = shortenNumber(Math.abs(minor) / 100);
  return `${minor < 0 ? "-" : ""}${symbol}${text}`;
}
