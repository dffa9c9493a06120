import { addDaysYmd, londonWallTimeToUtc, londonYmd } from "~/lib/london-time";
import { refundedShare } from "./money";

/*
 * What Partner Studio's reports judge (issue 21): the range of London days a report covers, how its
 * sales are grouped over time, and what the figures mean. Pure: callers pass `now`.
 */

/** Spec §9: a chart shows the last 7 days unless the host picks another range. */
export const DEFAULT_REPORT_DAYS = 7;
/** The longest range a report covers: five years of London days. */
export const MAX_REPORT_DAYS = 1827;
/** Sales over time are drawn a day a point up to this many days, a week a point up to two years, else a month. */
const DAILY_UP_TO = 92;
const WEEKLY_UP_TO = 731;

/** An inclusive range of London days, 'YYYY-MM-DD'. */
export interface ReportRange {
  from: string;
  to: string;
}

export type RangeProblem = { field: "from" | "to"; message: string };

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDay(ymd: string): boolean {
  const m = YMD.exec(ymd);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === ymd && Number(m[1]) >= 2000;
}

/** The days between two London dates, both counted. */
export function daysInRange(range: ReportRange): number {
  return Math.round((Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The last `days` London days, today included. */
export function lastDays(now: Date, days = DEFAULT_REPORT_DAYS): ReportRange {
  const to = londonYmd(now);
  return { from: addDaysYmd(to, 1 - days), to };
}

/**
 * A range as the host typed it (`?from=…&to=…`, either may be blank): blank ends default to the last
 * 7 days (a blank start is 6 days before the end; a blank end is today, or 6 days after a start long
 * ago). A problem names the field and says what to type instead.
 */
export function readReportRange(
  raw: { from?: string | null; to?: string | null },
  now: Date,
): { ok: true; range: ReportRange } | { ok: false; problem: RangeProblem } {
  const today = londonYmd(now);
  const from = (raw.from ?? "").trim();
  const to = (raw.to ?? "").trim();
  if (from && !isRealDay(from))
    return { ok: false, problem: { field: "from", message: "Enter the start date as a real date, like 2026-11-20." } };
  if (to && !isRealDay(to))
    return { ok: false, problem: { field: "to", message: "Enter the end date as a real date, like 2026-11-26." } };
  const end = to || (from && addDaysYmd(from, DEFAULT_REPORT_DAYS - 1) < today ? addDaysYmd(from, 6) : today);
  const start = from || addDaysYmd(end, 1 - DEFAULT_REPORT_DAYS);
  if (start > today)
    return {
      ok: false,
      problem: { field: "from", message: "The start date is in the future: there are no sales yet." },
    };
  if (start > end)
    return { ok: false, problem: { field: "to", message: "The end date must be on or after the start date." } };
  const range = { from: start, to: end };
  if (daysInRange(range) > MAX_REPORT_DAYS)
    return {
      ok: false,
      problem: { field: "from", message: "A report covers at most five years: choose a later start date." },
    };
  return { ok: true, range };
}

/** The instants a range covers: from the first day's London midnight to the one after its last day. */
export function rangeInstants(range: ReportRange): { start: Date; end: Date } {
  return {
    start: londonWallTimeToUtc(range.from, "00:00"),
    end: londonWallTimeToUtc(addDaysYmd(range.to, 1), "00:00"),
  };
}

export type Bucket = "day" | "week" | "month";

/** How sales over a range are grouped: a day a point for short ranges, weeks (from Monday), then months. */
export function bucketFor(range: ReportRange): Bucket {
  const days = daysInRange(range);
  return days <= DAILY_UP_TO ? "day" : days <= WEEKLY_UP_TO ? "week" : "month";
}

/** The first day of the bucket holding a London day: itself, its week's Monday, or its month's first. */
export function bucketStart(ymd: string, bucket: Bucket): string {
  if (bucket === "day") return ymd;
  if (bucket === "month") return `${ymd.slice(0, 8)}01`;
  const weekday = new Date(`${ymd}T12:00:00Z`).getUTCDay(); // 0 Sunday
  return addDaysYmd(ymd, -((weekday + 6) % 7));
}

/** Every bucket of a range, oldest first, so days without sales still show (as nothing sold). */
export function bucketsOf(range: ReportRange, bucket: Bucket): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDaysYmd(d, 1)) {
    const b = bucketStart(d, bucket);
    if (out[out.length - 1] !== b) out.push(b);
  }
  return out;
}

/** ISO days of the week, Monday (1) first, as the by-day-of-week table lists them. */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/**
 * An order's money as the reports count it. `gross` is what the buyer paid (after any discount, with
 * the booking fee); `refunds` what was given back; `fees` the booking fee Ticketyboo keeps, less the
 * refunded share of it (a part refund takes the host's share and our fee in proportion, as the
 * billing terms and payouts do; a full refund gives it all back); `net` what is left for the host.
 * So for every order, and for any sum of orders: net = gross − refunds − fees (decision 0050).
 */
export function orderMoney(o: { totalPence: number; bookingFeePence: number; refundedPence: number }) {
  const kept = o.totalPence - o.refundedPence;
  // The host's share is worked out as payouts work it out (`orderNet`), so the two never differ by a penny.
  const share = o.totalPence - o.bookingFeePence;
  const net = share - refundedShare(share, o.refundedPence, o.totalPence);
  return { gross: o.totalPence, refunds: o.refundedPence, fees: kept - net, net };
}

/** The share of tickets let in, as a whole percent rounded down (so 100% means everyone): null with none. */
export function checkInRate(checkedIn: number, tickets: number): number | null {
  return tickets === 0 ? null : Math.floor((checkedIn * 100) / tickets);
}

/** What the orders report filters on by status: "refunded" includes an order refunded in part. */
export const ORDER_REPORT_FILTERS = ["paid", "free", "refunded", "cancelled"] as const;
export type OrderReportFilter = (typeof ORDER_REPORT_FILTERS)[number];
/** An order's status as the report shows it. */
export type OrderReportStatus = OrderReportFilter | "part_refunded";
export const ORDER_REPORT_STATUS_TEXT: Record<OrderReportStatus, string> = {
  paid: "Paid",
  free: "Free",
  refunded: "Refunded",
  part_refunded: "Refunded in part",
  cancelled: "Cancelled",
};

/** An order's status as the report shows it: a partial refund is told apart from a full one. */
export function orderReportStatus(o: {
  status: "paid" | "free" | "refunded" | "cancelled";
  totalPence: number;
  refundedPence: number;
}): OrderReportStatus {
  if (o.status === "refunded" && o.refundedPence < o.totalPence) return "part_refunded";
  return o.status;
}
