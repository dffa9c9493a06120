import { addDaysYmd, londonWallTimeToUtc, londonYmd } from "~/lib/london-time";

/**
 * What Partner Studio's dashboard judges (spec §9: the chart shows the last 7 days unless the host
 * picks another range). Pure: callers pass `now`.
 */

export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = 7;
/** Events starting within this many days with places unsold need the host's attention. */
export const STARTING_SOON_DAYS = 7;

/** A range from the address (`?range=30`); anything else is the default. */
export function dashboardRange(raw: string | null | undefined): DashboardRange {
  const n = Number(raw);
  return (DASHBOARD_RANGES as readonly number[]).includes(n) ? (n as DashboardRange) : DEFAULT_DASHBOARD_RANGE;
}

/**
 * The London days of a range ending today, oldest first, and the instant the first one began: "the
 * last 7 days" is today and the six London days before it.
 */
export function rangeDays(now: Date, days: DashboardRange): { days: string[]; from: Date } {
  const today = londonYmd(now);
  const list = Array.from({ length: days }, (_, i) => addDaysYmd(today, i - days + 1));
  return { days: list, from: londonWallTimeToUtc(list[0]!, "00:00") };
}

export type AttentionReason = "draft_without_venue" | "draft_without_tickets" | "starting_soon_unsold";

export interface AttentionInput {
  status: string;
  isCancelled: boolean;
  isOnline: boolean;
  hasVenue: boolean;
  ticketTypes: number;
  startsAt: Date;
  capacity: number;
  sold: number;
}

/**
 * Why an event needs the host, if it does: a draft that cannot be published yet (no venue, unless
 * it is online; no tickets: spec §4 publishing needs both), or a published event starting within
 * seven days with places still unsold.
 */
export function attentionReasons(e: AttentionInput, now: Date): AttentionReason[] {
  const reasons: AttentionReason[] = [];
  if (e.status === "draft") {
    if (!e.hasVenue && !e.isOnline) reasons.push("draft_without_venue");
    if (e.ticketTypes === 0) reasons.push("draft_without_tickets");
  }
  const startsIn = e.startsAt.getTime() - now.getTime();
  if (
    e.status === "published" &&
    !e.isCancelled &&
    startsIn > 0 &&
    startsIn <= STARTING_SOON_DAYS * 86_400_000 &&
    e.sold < e.capacity
  )
    reasons.push("starting_soon_unsold");
  return reasons;
}
