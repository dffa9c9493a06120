import { CalendarX2 } from "lucide-react";
import { Link } from "react-router";
import type { EventCardData } from "~/services/discover-events";
import { activeFilterCount, filterHref, type ListingFilters } from "~/web/lib/listing-filters";
import { Pagination } from "../ui/pagination";
import { EventGrid } from "./event-card";
import { FilterBar } from "./filter-bar";

export interface ListingPageProps {
  pathname: string;
  heading: React.ReactNode;
  intro?: React.ReactNode;
  /** Sub-navigation above the filters (the category's types). */
  nav?: React.ReactNode;
  filters: ListingFilters;
  events: EventCardData[];
  total: number;
  pageCount: number;
  now: Date;
  viewerId?: string | null;
  /** Query parameters to keep on every link (the search text). */
  keep?: Record<string, string>;
  emptyTitle: string;
}

/** A page of event cards with filters, a count, paging and a helpful empty state. */
export function ListingPage(props: ListingPageProps) {
  const { pathname, filters, events, total, pageCount, now, keep } = props;
  return (
    <div className="container-page py-8 laptop:py-10">
      <header className="max-w-3xl">
        {props.heading}
        {props.intro ? <div className="mt-2 text-fg-muted">{props.intro}</div> : null}
      </header>
      {props.nav ? <div className="mt-6">{props.nav}</div> : null}
      <div className="mt-6">
        <FilterBar pathname={pathname} filters={filters} keep={keep} />
      </div>
      <p className="mt-6 text-sm text-fg-muted" aria-live="polite">
        {total === 0 ? "No events" : total === 1 ? "1 event" : `${total} events`}
        {pageCount > 1 ? ` · page ${filters.page} of ${pageCount}` : ""}
      </p>
      <div className="mt-4">
        {events.length === 0 ? (
          <div className="card p-10 text-center">
            <CalendarX2 aria-hidden className="mx-auto size-8 text-fg-muted" />
            <p className="mt-3 font-semibold">{props.emptyTitle}</p>
            <p className="mt-1 text-sm text-fg-muted">
              {activeFilterCount(filters) > 0
                ? "Try another date or price, or clear the filters."
                : "New events are published every day; check back soon or explore the map."}
            </p>
            <div className="mt-5 flex flex-wrap justify-center gap-3">
              {activeFilterCount(filters) > 0 ? (
                <Link to={filterHref(pathname, { page: 1 }, {}, keep)} className="btn-secondary">
                  Clear filters
                </Link>
              ) : null}
              <Link to="/explore" className="btn-primary">
                Explore the map
              </Link>
            </div>
          </div>
        ) : (
          <>
            <EventGrid events={events} now={now} viewerId={props.viewerId} priorityCount={4} rows />
            <Pagination
              page={filters.page}
              pageCount={pageCount}
              hrefFor={(p) => filterHref(pathname, filters, { page: p }, keep)}
            />
          </>
        )}
      </div>
    </div>
  );
}
