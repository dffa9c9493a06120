import { addDaysYmd, londonWallTimeToUtc, londonYmd } from "~/lib/london-time";
import type { Currency } from "./money";

/**
 * The rules behind finding events: filters that live in the URL, the constants of spec §9, and
 * the recommendation fallback. Pure; callers pass `now`.
 */

/* ---------- Spec §9 constants ---------- */

export const SEARCH_DEBOUNCE_MS = 500;
/** pg_trgm word similarity from which a typo still matches. */
export const SEARCH_FUZZY_THRESHOLD = 0.5;
export const SEARCH_SUGGESTIONS_DESKTOP = 10;
export const SEARCH_SUGGESTIONS_MOBILE = 5;
export const SEARCH_MAX_QUERY_LENGTH = 100;
export const TRENDING_LIMIT = 12;
export const RECENTLY_PUBLISHED_DAYS = 90;
export const LOCATION_STALE_MS = 60_000;
export const RECOMMENDATIONS_MIN = 8;
/** The shared limit recommendations are trimmed to. */
export const RECOMMENDATIONS_LIMIT = 8;
/** Cards per page on listing and search pages (divides evenly into 1–4 columns). */
export const PAGE_SIZE = 24;

/** Spec §5: search text is trimmed (and we cap it); empty means no search. */
export function normaliseQuery(raw: string | null | undefined): string {
  return (raw ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_QUERY_LENGTH);
}

/* ---------- Dates ---------- */

export const DATE_FILTERS = [
  { slug: "today", label: "Today" },
  { slug: "tomorrow", label: "Tomorrow" },
  { slug: "weekend", label: "This weekend" },
  { slug: "week", label: "This week" },
  { slug: "dates", label: "Pick dates" },
] as const;
export type DateFilter = (typeof DATE_FILTERS)[number]["slug"];

/** When in words people type into a search ("quiz tonight"), and the date filter each means. */
const WHEN_WORDS: readonly (readonly [RegExp, DateFilter])[] = [
  [/(^|\s)(tonight|today)(?=\s|$)/i, "today"],
  [/(^|\s)tomorrow( night)?(?=\s|$)/i, "tomorrow"],
  [/(^|\s)(this )?weekend(?=\s|$)/i, "weekend"],
  [/(^|\s)this week(?=\s|$)/i, "week"],
];

/**
 * A search that says when ("comedy tonight", "this weekend"): the date filter it means, and the words left to search
 * for (possibly none). Event text seldom holds these words, so they would otherwise find nothing, or the wrong night.
 */
export function whenInQuery(q: string): { date: DateFilter; words: string } | null {
  for (const [pattern, date] of WHEN_WORDS) {
    if (!pattern.test(q)) continue;
    const words = normaliseQuery(q.replace(pattern, " ").replace(/(^|\s)(on|for|in|at)\s*$/i, ""));
    return { date, words };
  }
  return null;
}

export interface TimeRange {
  from: Date;
  /** Exclusive. */
  to: Date;
}

const londonMidnight = (ymd: string) => londonWallTimeToUtc(ymd, "00:00");
/** 1 = Monday … 7 = Sunday, for a London calendar date. */
function isoWeekday(ymd: string): number {
  const day = new Date(`${ymd}T12:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

const YMD = /^\d{4}-\d{2}-\d{2}$/;
export function isYmd(value: string | null | undefined): value is string {
  if (!value || !YMD.test(value)) return false;
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

/**
 * The start-time range a date filter means, in London days. "This weekend" runs from Friday
 * 5 pm to Monday; once the weekend has begun, from the start of today. "This week" runs to the end of Sunday.
 * "Pick dates" takes from/to as YYYY-MM-DD (inclusive) and is null when they make no sense.
 */
export function dateRange(
  filter: DateFilter,
  now: Date,
  picked?: { from?: string | null; to?: string | null },
): TimeRange | null {
  const today = londonYmd(now);
  const weekday = isoWeekday(today);
  switch (filter) {
    case "today":
      return { from: londonMidnight(today), to: londonMidnight(addDaysYmd(today, 1)) };
    case "tomorrow":
      return { from: londonMidnight(addDaysYmd(today, 1)), to: londonMidnight(addDaysYmd(today, 2)) };
    case "weekend": {
      const friday = addDaysYmd(today, weekday <= 5 ? 5 - weekday : -(weekday - 5));
      const fridayEvening = londonWallTimeToUtc(friday, "17:00");
      const startOfToday = londonMidnight(today);
      return {
        from: fridayEvening > startOfToday ? fridayEvening : startOfToday,
        to: londonMidnight(addDaysYmd(friday, 3)),
      };
    }
    case "week":
      return { from: londonMidnight(today), to: londonMidnight(addDaysYmd(today, 8 - weekday)) };
    case "dates": {
      const from = isYmd(picked?.from) ? picked.from : null;
      const to = isYmd(picked?.to) ? picked.to : from;
      if (!from || !to || to < from) return null;
      return { from: londonMidnight(from), to: londonMidnight(addDaysYmd(to, 1)) };
    }
  }
}

/* ---------- Prices ---------- */

/**
 * Price bands on headline prices (what a card shows, `headlinePrice`). Bands are in pounds, so an
 * event priced in another currency matches only "Free": without an exchange rate, €9 is not "under
 * £10".
 */
export const PRICE_FILTERS = [
  { slug: "free", label: "Free", maxTotalMinor: 0, currency: "GBP" },
  { slug: "under-10", label: "Under £10", maxTotalMinor: 999, currency: "GBP" },
  { slug: "under-20", label: "Under £20", maxTotalMinor: 1999, currency: "GBP" },
  { slug: "under-50", label: "Under £50", maxTotalMinor: 4999, currency: "GBP" },
] as const satisfies readonly { slug: string; label: string; maxTotalMinor: number; currency: Currency }[];
export type PriceFilter = (typeof PRICE_FILTERS)[number]["slug"];

/* ---------- Distance ---------- */

export const DISTANCE_FILTERS_MILES = [5, 10, 25, 50] as const;
export const DEFAULT_NEARBY_MILES = 25;
export const KM_PER_MILE = 1.609344;
const EARTH_RADIUS_KM = 6371.0088;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Great-circle distance (haversine), in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A box that holds every point within `radiusKm` of `centre` (for an index range before the exact distance). */
export function boundingBox(
  centre: LatLng,
  radiusKm: number,
): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  const cos = Math.cos((centre.lat * Math.PI) / 180);
  const dLng = cos < 1e-6 ? 180 : Math.min(180, dLat / cos);
  return { minLat: centre.lat - dLat, maxLat: centre.lat + dLat, minLng: centre.lng - dLng, maxLng: centre.lng + dLng };
}

export function isValidLatLng(p: Partial<LatLng> | null | undefined): p is LatLng {
  return !!p && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat!) <= 90 && Math.abs(p.lng!) <= 180;
}

/** Spec §4: the device location is refreshed when older than 60 seconds. */
export function isLocationStale(takenAtMs: number, now: Date): boolean {
  return now.getTime() - takenAtMs > LOCATION_STALE_MS;
}

/** The middle of Great Britain, and a zoom that shows all of it: the map's view without a location. */
export const UK_VIEW = { centre: { lat: 54.3, lng: -2.4 }, zoom: 6 } as const;

/* ---------- Recommendations ---------- */

/**
 * Spec §9: related events first (same category, same host, nearby); with fewer than 8, top up
 * with the best sellers; never the event itself, never twice; trimmed to the shared limit.
 */
export function mergeRecommendations<T extends { id: string }>(
  related: readonly T[],
  bestSellers: readonly T[],
  excludeId?: string,
): T[] {
  const seen = new Set<string>(excludeId ? [excludeId] : []);
  const out: T[] = [];
  const take = (list: readonly T[]) => {
    for (const item of list) {
      if (out.length >= RECOMMENDATIONS_LIMIT) return;
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  };
  take(related);
  if (out.length < RECOMMENDATIONS_MIN) take(bestSellers);
  return out;
}
