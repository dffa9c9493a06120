import type { ExploreInput } from "~/services/explore-events";
import { filterQuery, parseFilters } from "~/web/lib/listing-filters";
import { readLocation } from "~/web/lib/location-cookie";

/** What the explore page and its map's pins are asked, read the same way from the request. */
export function readExploreInput(request: Request, now: Date) {
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const input: ExploreInput = {
    now,
    near: url.searchParams.get("near"),
    typed: (url.searchParams.get("place") ?? "").trim().slice(0, 80),
    saved: readLocation(request.headers.get("Cookie") ?? ""),
    filters: filterQuery(filters, now),
    miles: filters.miles,
  };
  return { filters, input };
}
