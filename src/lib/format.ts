/**
 * Display formats for people in the UK: en-GB, Europe/London, 12-hour clock (spec §9). Every date
 * and time a person reads is written here, so noon is '12:00 pm' and midnight '12:05 am' everywhere:
 * always `hourCycle: "h12"` (1–12), never `hour12: true`, which en-GB reads as the 0–11 clock.
 */
export const LONDON = "Europe/London";

/** '7:30 PM' or '7:30pm' as people write it in the UK: '7:30 pm'. */
function lowerAmPm(text: string): string {
  return text.replace(/\s*([ap]m)$/i, (_, ampm: string) => ` ${ampm.toLowerCase()}`);
}

const money = new Map<string, Intl.NumberFormat>();
/**
 * Minor units in their currency, with its own symbol: £12, £10.10, €8.08. The currency is always said, never assumed.
 */
export function formatMoney(minor: number, currency: string): string {
  const text = formatAmount(minor, currency);
  // Whole pounds read better without ".00" (£12, not £12.00).
  return minor % 100 === 0 ? text.replace(/\.00$/, "") : text;
}

/**
 * Money with its pence always written (£40.00, £40.40), for amounts read down a column or added up
 * in a breakdown, where '£40' beside '£40.40' reads as a different kind of figure. Prices in prose and
 * headlines keep `formatMoney`.
 */
export function formatAmount(minor: number, currency: string): string {
  let f = money.get(currency);
  if (!f) {
    f = new Intl.NumberFormat("en-GB", { style: "currency", currency });
    money.set(currency, f);
  }
  return f.format(minor / 100);
}

/** A currency's own symbol, for a field where a person types an amount in it: £, €. */
export function currencySymbol(currency: string): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency })
    .formatToParts(0)
    .find((p) => p.type === "currency")!.value;
}

const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h12",
});

/** 'Sat 14 Nov, 7:30 pm' in London time. */
export function formatEventDateTime(date: Date): string {
  return lowerAmPm(dateTime.format(date));
}

const dateTimeWithYear = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h12",
});

/** 'Sat 14 Nov 2026, 7:30 pm' in London time: where a wrong year would otherwise go unseen (the event editor). */
export function formatEventDateTimeWithYear(date: Date): string {
  return lowerAmPm(dateTimeWithYear.format(date));
}

const clock = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  hour: "numeric",
  minute: "2-digit",
  hourCycle: "h12",
});

/** '2:35 pm' in London time. */
export function formatLondonTime(date: Date): string {
  return lowerAmPm(clock.format(date));
}

const stamp = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h12",
});

/** When something happened, to the second, in London time: '15 Jun 2026, 1:04:09 pm' (outbox, staff emails list). */
export function formatTimestamp(date: Date): string {
  return lowerAmPm(stamp.format(date));
}

const monthYear = new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, month: "long", year: "numeric" });

/** 'November 2026' in London time. */
export function formatMonthYear(date: Date): string {
  return monthYear.format(date);
}

const shortDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  weekday: "short",
  day: "numeric",
  month: "short",
});
const relative = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });

/** 'Sat 28 Nov' in London time. */
export function formatShortDate(date: Date): string {
  return shortDate.format(date).replace(",", "");
}

const numericDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

/** The spec's DD/MM/YYYY, of the London day: '05/12/2026'. */
export function formatNumericDate(date: Date): string {
  return numericDate.format(date);
}

// Made once: building a formatter costs far more than using one, and every event card asks twice.
const isoDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: LONDON,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

function londonDayNumber(date: Date): number {
  const [y, m, d] = isoDay.format(date).split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/**
 * The date on an event card (spec §2): 'Today at 7:30 pm' for today's events, otherwise the short
 * date and how far away it is in London days: 'Sat 28 Nov · in 4 days', 'Sun 22 Nov · 2 days ago'.
 */
export function formatCardDate(startsAt: Date, now: Date): string {
  const days = londonDayNumber(startsAt) - londonDayNumber(now);
  if (days === 0) return `Today at ${formatLondonTime(startsAt)}`;
  return `${formatShortDate(startsAt)} · ${relative.format(days, "day")}`;
}

/** The first part of an address ('56 Walton Street' of '56 Walton Street, Oxford OX2 6AE'). */
export function firstAddressSegment(address: string): string {
  return address.split(",")[0]!.trim();
}

const longDate = new Intl.DateTimeFormat("en-GB", {
  timeZone: LONDON,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** 'Thursday 26 November 2026' in London time. */
export function formatLongDate(date: Date): string {
  return longDate.format(date).replace(",", "");
}

/**
 * When an event runs, in London time: '7:30 pm – 11:30 pm' on one day, or with the end date
 * when it runs past the next morning ('Fri 27 Nov, 10:00 am – Sun 29 Nov, 6:00 pm').
 */
export function formatTimeRange(startsAt: Date, endsAt: Date | null): string {
  const start = formatLondonTime(startsAt);
  if (!endsAt) return start;
  const hours = (endsAt.getTime() - startsAt.getTime()) / 3_600_000;
  const sameDay = formatShortDate(startsAt) === formatShortDate(endsAt);
  if (sameDay || hours < 12) return `${start} – ${formatLondonTime(endsAt)}`;
  return `${formatShortDate(startsAt)}, ${start} – ${formatShortDate(endsAt)}, ${formatLondonTime(endsAt)}`;
}

/**
 * A date and time range written out in full for an email, where nothing around it says which
 * clock: 'Saturday 5 December 2026, 7:30 pm – 11:00 pm (UK time)'.
 */
export function formatWhenInFull(startsAt: Date, endsAt: Date | null): string {
  return `${formatLongDate(startsAt)}, ${formatTimeRange(startsAt, endsAt)} (UK time)`;
}

const calendarDay = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric" });
const calendarDate = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });

/** A London calendar day (YYYY-MM-DD) on a chart's axis: 'Thu 26' for a week, '26 Nov' for longer ranges. */
export function formatChartDay(ymd: string, withWeekday: boolean): string {
  const noon = new Date(`${ymd}T12:00:00Z`);
  return (withWeekday ? calendarDay : calendarDate).format(noon).replace(",", "");
}

const fullCalendarDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
});

/** A London calendar day (YYYY-MM-DD) in a table: 'Thu 26 Nov'. */
export function formatCalendarDay(ymd: string): string {
  return fullCalendarDay.format(new Date(`${ymd}T12:00:00Z`)).replace(",", "");
}
