import { MapPinOff } from "lucide-react";
import { Link } from "react-router";
import { DISTANCE_FILTERS_MILES } from "~/domain/discovery";
import type { ExplorePlace } from "~/services/explore-events";
import { filterHref, type ListingFilters } from "~/web/lib/listing-filters";

/** Explore found nothing: say so, and offer wider circles, the whole UK, or clearing the filters. */
export function NoEventsHere({
  place,
  miles,
  filters,
  keep,
}: {
  place: ExplorePlace | null;
  miles: number;
  filters: ListingFilters;
  keep: Record<string, string>;
}) {
  const bigger = DISTANCE_FILTERS_MILES.filter((m) => m > miles);
  return (
    <div className="card p-8 text-center">
      <MapPinOff aria-hidden className="mx-auto size-8 text-fg-muted" />
      <p className="mt-3 font-semibold">
        {place ? `No events near ${place.label ?? "you"} yet` : "No events match these filters"}
      </p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">
        {place
          ? `Nothing is on within ${miles} ` +
            `miles${filters.date || filters.price || filters.category ? " with these filters" : ""}. Hosts add ` +
            `events every day, so check back soon.`
          : "Try another date, price or category."}
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        {place
          ? bigger.map((m) => (
              <Link key={m} to={filterHref("/explore", filters, { miles: m }, keep)} className="btn-secondary">
                Within {m} miles
              </Link>
            ))
          : null}
        <Link to={place ? "/explore?near=uk" : filterHref("/explore", { page: 1 }, {}, keep)} className="btn-primary">
          {place ? "See the whole UK" : "Clear filters"}
        </Link>
      </div>
    </div>
  );
}
