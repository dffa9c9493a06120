import {
  DATE_FILTERS,
  DISTANCE_FILTERS_MILES,
  PRICE_FILTERS,
  dateRange,
  isYmd,
  type DateFilter,
  type PriceFilter,
  type TimeRange,
} from "~/domain/discovery";
import { findCategory, findEventType } from "~/domain/categories";
import type { Currency } from "~/domain/money";

/**
 * The filters of a listing page as they live in the URL (so a view can be shared and survives a
 * reload): ?date=weekend&price=under-10&type=quiz-night&category=…&miles=10&from=…&to=…&page=2.
 * Unknown values are dropped rather than failing the page.
 */
export interface ListingFilters {
  date?: DateFilter;
  from?: string;
  to?: string;
  price?: PriceFilter;
  type?: string;
  category?: string;
  miles?: number;
  page: number;
}

export function parseFilters(params: URLSearchParams): ListingFilters {
  const date = DATE_FILTERS.find((d) => d.slug === params.get("date"))?.slug;
  const price = PRICE_FILTERS.find((p) => p.slug === params.get("price"))?.slug;
  const type = params.get("type") ?? "";
  const category = params.get("category") ?? "";
  const miles = Number(params.get("miles"));
  const page = Number(params.get("page"));
  const from = params.get("from");
  const to = params.get("to");
  return {
    ...(date ? { date } : {}),
    ...(date === "dates" && isYmd(from) ? { from } : {}),
    ...(date === "dates" && isYmd(to) ? { to } : {}),
    ...(price ? { price } : {}),
    ...(findEventType(type) ? { type } : {}),
    ...(findCategory(category) ? { category } : {}),
    ...((DISTANCE_FILTERS_MILES as readonly number[]).includes(miles) ? { miles } : {}),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** What the filters ask of the event query. */
export function filterQuery(
  f: ListingFilters,
  now: Date,
): {
  range?: TimeRange;
  freeOnly?: boolean;
  maxPrice?: { totalMinor: number; currency: Currency };
  eventType?: string;
  category?: string;
} {
  const out: ReturnType<typeof filterQuery> = {};
  if (f.date) {
    const range = dateRange(f.date, now, { from: f.from, to: f.to });
    if (range) out.range = range;
  }
  if (f.price === "free") out.freeOnly = true;
  else if (f.price) {
    const band = PRICE_FILTERS.find((p) => p.slug === f.price)!;
    out.maxPrice = { totalMinor: band.maxTotalMinor, currency: band.currency };
  }
  if (f.type) out.eventType = f.type;
  if (f.category) out.category = f.category;
  return out;
}

/** The query string for filters with some changed (page goes back to 1 unless set). */
export function filterHref(
  pathname: string,
  f: ListingFilters,
  change: Partial<Record<keyof ListingFilters, string | number | undefined>> = {},
  extra?: Record<string, string>,
): string {
  const next: Record<string, string | number | undefined> = { ...f, page: undefined, ...change };
  if (next.date !== "dates") {
    delete next.from;
    delete next.to;
  }
  const params = new URLSearchParams(extra);
  for (const key of ["date", "from", "to", "price", "type", "category", "miles", "page"] as const) {
    const value = next[key];
    if (value === undefined || value === "" || (key === "page" && value === 1)) continue;
    params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** How many filters are on (for 'Clear filters'). */
export function activeFilterCount(f: ListingFilters): number {
  return [f.date, f.price, f.type, f.category, f.miles].filter(Boolean).length;
}
