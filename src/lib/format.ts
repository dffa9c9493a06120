/** Display formats for people in the UK: en-GB, Europe/London, 12-hour clock (spec §9). */
export const LONDON = "Europe/London";

const money = new Map<string, Intl.NumberFormat>();
export function formatMoney(minor: number, currency = "GBP"): string {
  let f = money.get(currency);
  if (!f) {
    f = new Intl.NumberFormat("en-GB", { style: "currency", currency });
    money.set(currency, f);
  }
  const text = f.format(minor / 100);
  // Whole pounds read better without ".00" (£12, not £12.00).
  return minor % 100 === 0 ? text.replace(/\.00$/, "") : text;
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** 'Sat, 14 Nov, 7:30 pm' in London time. */
export function formatEventDateTime(date: Date): string {
  return dateTime.format(date).replace(/\s*([ap]m)$/i, (_, ampm: string) => ` ${ampm.toLowerCase()}`);
}

/** Large numbers shortened with k, M, B, T (spec §9). */
export function shortNumber(n: number): string {
  return new Intl.NumberFormat("en-GB", { notation: "compact", maximumFractionDigits: 1 }).format(n);
}

const clock = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, hour: "numeric", minute: "2-digit", hour12: true });

/** '2:35 pm' in London time. */
export function formatLondonTime(date: Date): string {
  return clock.format(date).replace(/\s*([ap]m)$/i, (_, ampm: string) => ` ${ampm.toLowerCase()}`);
}

const monthYear = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, month: "long", year: "numeric" });

/** 'November 2026' in London time. */
export function formatMonthYear(date: Date): string {
  return monthYear.format(date);
}
