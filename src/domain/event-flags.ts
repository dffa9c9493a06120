import { addDaysYmd, londonWallTimeToUtc, londonYmd } from "~/lib/london-time";

/**
 * What an event card says about an event (spec §2 "Event card", §4 "Event flags" and "Event
 * listing rule"). Pure: callers pass `now`.
 */

/** Spec §9: the "{n}% SoldOut" badge shows from 80% sold. */
export const MAJORITY_SOLD_SHARE = 0.8;
/** Spec §9: public lists start three days back, so a weekend's events stay findable on Monday. */
export const PUBLIC_WINDOW_DAYS = 3;

export interface EventStock {
  /** Total capacity over the event's ticket types; 0 when none is set. */
  capacity: number;
  sold: number;
  /** rows × columns of the venue's seat plan, when the event is seated. */
  seatCount?: number | null;
}

export interface EventTimes {
  startsAt: Date;
  endsAt: Date | null;
}

export interface ListingState {
  status: string;
  isPrivate: boolean;
  isCancelled: boolean;
}

/**
 * How many places the event has: its tickets' capacity, or for a seated event without one, its seats. Null: no limit
 * known.
 */
export function effectiveCapacity(e: EventStock): number | null {
  if (e.capacity > 0) return e.capacity;
  if (e.seatCount && e.seatCount > 0) return e.seatCount;
  return null;
}

export function isSoldOut(e: EventStock): boolean {
  const capacity = effectiveCapacity(e);
  return capacity !== null && e.sold >= capacity;
}

/** The whole percentage sold, rounded down (79.9% is 79%, never a premature 80%). */
export function soldPercent(e: EventStock): number {
  const capacity = effectiveCapacity(e);
  if (capacity === null) return 0;
  return Math.min(100, Math.floor((e.sold * 100) / capacity));
}

/** At least 80% sold (spec §9), compared in whole numbers so 80% exactly counts. */
export function isMajoritySold(e: EventStock): boolean {
  const capacity = effectiveCapacity(e);
  return capacity !== null && e.sold * 100 >= capacity * MAJORITY_SOLD_SHARE * 100;
}

/** When the event is over: its end time, or without one, the end of its London day. */
export function endOf(e: EventTimes): Date {
  if (e.endsAt) return e.endsAt;
  return londonWallTimeToUtc(addDaysYmd(londonYmd(e.startsAt), 1), "00:00");
}

export function hasEnded(e: EventTimes, now: Date): boolean {
  return now.getTime() >= endOf(e).getTime();
}

/**
 * A change of date that would end an event not yet over at a time already passed. For an event people
 * have bought for, that would make what Ticketyboo collected for it due to the host at once (payouts
 * follow the event's end: decision 0041), months early for a gig moved from next spring to last week.
 */
export function movesIntoThePast(before: EventTimes, after: EventTimes, now: Date): boolean {
  return !hasEnded(before, now) && hasEnded(after, now);
}

/** On today in London: it starts today, or it started earlier and is still going. */
export function isHappeningToday(e: EventTimes, now: Date): boolean {
  if (hasEnded(e, now)) return false;
  return londonYmd(e.startsAt) === londonYmd(now) || e.startsAt.getTime() <= now.getTime();
}

/** Spec §4: published, not private, not archived, not cancelled. */
export function isListed(e: ListingState): boolean {
  return e.status === "published" && !e.isPrivate && !e.isCancelled;
}

/** The earliest start a public list shows. */
export function publicWindowStart(now: Date): Date {
  return new Date(now.getTime() - PUBLIC_WINDOW_DAYS * 86_400_000);
}

export type CardBadge =
  { kind: "ended" } | { kind: "sold-out" } | { kind: "today" } | { kind: "majority-sold"; percent: number };

/**
 * The badges on an event's card, most important first. An ended event says only that; a sold-out
 * one says so (and 'Today' if it is tonight); '{n}% SoldOut' only while places remain.
 */
export function cardBadges(e: EventStock & EventTimes, now: Date): CardBadge[] {
  if (hasEnded(e, now)) return [{ kind: "ended" }];
  const badges: CardBadge[] = [];
  const soldOut = isSoldOut(e);
  if (soldOut) badges.push({ kind: "sold-out" });
  if (isHappeningToday(e, now)) badges.push({ kind: "today" });
  if (!soldOut && isMajoritySold(e)) badges.push({ kind: "majority-sold", percent: soldPercent(e) });
  return badges;
}

export function badgeLabel(badge: CardBadge): string {
  switch (badge.kind) {
    case "ended":
      return "Ended";
    case "sold-out":
      return "Sold Out";
    case "today":
      return "Today";
    case "majority-sold":
      return `${badge.percent}% SoldOut`;
  }
}

/**
 * The link an online event is joined by, for the people holding its tickets (never the public page):
 * none for an event at a venue, a cancelled one, or one whose host has not added it yet.
 */
export function joinLink(e: { isOnline: boolean; isCancelled: boolean; onlineUrl: string | null }): string | null {
  return e.isOnline && !e.isCancelled ? e.onlineUrl : null;
}

/**
 * The join link as a buyer's order page shows it: only while the order stands and its buyer still holds
 * one of its tickets. Refunded, cancelled, or every ticket given away, the link is no longer theirs,
 * however the host changes it.
 */
export function orderJoinLink(
  e: { isOnline: boolean; isCancelled: boolean; onlineUrl: string | null },
  o: { status: string; userId: string | null },
  tickets: readonly { status: string; holderUserId: string | null }[],
): string | null {
  if (o.status !== "paid" && o.status !== "free") return null;
  const holds = tickets.some((t) => (t.status === "valid" || t.status === "checked_in") && t.holderUserId === o.userId);
  return holds ? joinLink(e) : null;
}

/**
 * How many more places an event's ticket types offer than its venue holds, or 0. A seated venue's places are its
 * seats, and a venue without a capacity says nothing. The tickets tab says so: a ticket is mostly a person in a room.
 */
export function placesBeyondVenue(input: { places: number; venueCapacity: number | null; seated: boolean }): number {
  if (input.seated || input.venueCapacity === null) return 0;
  return Math.max(0, input.places - input.venueCapacity);
}
