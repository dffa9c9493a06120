import { SearchX } from "lucide-react";
import { Link, redirect } from "react-router";
import { CATEGORIES } from "~/domain/categories";
import { normaliseQuery, PAGE_SIZE, whenInQuery } from "~/domain/discovery";
import { searchEvents } from "~/services/search-events";
import { EventGrid } from "../components/events/event-card";
import { FilterBar } from "../components/events/filter-bar";
import { Pagination } from "../components/ui/pagination";
import { activeFilterCount, filterHref, filterQuery, parseFilters } from "../lib/listing-filters";
import { publicUrlFrom, seo } from "../lib/seo";
import type { Route } from "./+types/search";

export const handle = { title: "Search" };

export const meta: Route.MetaFunction = ({ data, matches }) =>
  seo({
    title: data?.q ? `“${data.q}” · Search · Ticketyboo` : "Search events · Ticketyboo",
    description: "Search gigs, quiz nights, comedy, workshops and more across the UK on Ticketyboo.",
    path: "/search",
    publicUrl: publicUrlFrom(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = normaliseQuery(url.searchParams.get("q"));
  const filters = parseFilters(url.searchParams);
  // "Quiz tonight" is a search for quizzes with the Today filter on; "tonight" alone, tonight's events on the map.
  const when = filters.date ? null : whenInQuery(q);
  if (when) {
    throw redirect(
      when.words
        ? filterHref("/search", filters, { date: when.date }, { q: when.words })
        : filterHref("/explore", filters, { date: when.date }),
    );
  }
  const now = new Date();
  const { results, total, didYouMean } = q
    ? await searchEvents(context.database.db, {
        q,
        now,
        ...filterQuery(filters, now),
        limit: PAGE_SIZE,
        offset: (filters.page - 1) * PAGE_SIZE,
      })
    : { results: [], total: 0, didYouMean: null };
  return {
    q,
    filters,
    now,
    results,
    total,
    didYouMean,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    viewerId: context.user?.id ?? null,
  };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, filters, now, results, total, didYouMean, pageCount, viewerId } = loaderData;
  const keep = { q };
  const categoryHref = (slug: string | undefined) => filterHref("/search", filters, { category: slug }, keep);

  if (!q) {
    return (
      <div className="container-page py-10">
        <h1 className="text-2xl font-extrabold tracking-tight">Search events</h1>
        <p className="mt-2 text-fg-muted">
          Type an event, artist or venue in the search box above, or start from a category.
        </p>
        <ul className="mt-6 flex flex-wrap gap-2">
          {CATEGORIES.map((c) => (
            <li key={c.slug}>
              <Link
                to={`/events/category/${c.slug}`}
                className="inline-flex min-h-9 items-center rounded-full border border-border bg-surface px-3
                  text-sm font-medium hover:bg-surface-2"
              >
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }

  return (
    <div className="container-page py-8 laptop:py-10">
      <h1 className="text-2xl font-extrabold tracking-tight tablet:text-3xl">Results for “{q}”</h1>
      <nav aria-label="Categories" className="mt-5">
        <ul className="-mx-4 flex gap-2 overflow-x-auto scroll-fade px-4 pb-1 tablet:mx-0 tablet:flex-wrap tablet:px-0">
          <li className="shrink-0">
            <Link
              to={categoryHref(undefined)}
              aria-current={!filters.category ? "true" : undefined}
              className={
                `inline-flex min-h-9 items-center rounded-full px-3 text-sm font-semibold ` +
                `${!filters.category ? "bg-fg text-bg" : "bg-surface-2 hover:bg-border"}`
              }
            >
              All categories
            </Link>
          </li>
          {CATEGORIES.map((c) => (
            <li key={c.slug} className="shrink-0">
              <Link
                to={categoryHref(c.slug)}
                aria-current={filters.category === c.slug ? "true" : undefined}
                className={
                  `inline-flex min-h-9 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap ` +
                  `${filters.category === c.slug ? "bg-fg text-bg" : "bg-surface-2 hover:bg-border"}`
                }
              >
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4">
        <FilterBar pathname="/search" filters={filters} keep={keep} />
      </div>
      <p className="mt-6 text-sm text-fg-muted" aria-live="polite">
        {total === 0 ? "No events found" : total === 1 ? "1 event" : `${total} events`}
        {pageCount > 1 ? ` · page ${filters.page} of ${pageCount}` : ""}
        {total > 0 ? " · best matches first" : ""}
      </p>
      <div className="mt-4">
        {results.length === 0 ? (
          <div className="card p-10 text-center">
            <SearchX aria-hidden className="mx-auto size-8 text-fg-muted" />
            <p className="mt-3 font-semibold">
              Nothing matches “{q}”{activeFilterCount(filters) > 0 ? " with these filters" : ""}
            </p>
            {didYouMean ? (
              <p className="mt-2">
                Did you mean{" "}
                <Link
                  to={filterHref("/search", filters, {}, { q: didYouMean })}
                  className="font-semibold underline underline-offset-2"
                >
                  “{didYouMean}”
                </Link>
                ?
              </p>
            ) : null}
            <p className="mt-1 text-sm text-fg-muted">
              Try fewer words, a town, or a kind of night out like “quiz” or “open mic”.
            </p>
            <div className="mt-5 flex flex-wrap justify-center gap-3">
              {activeFilterCount(filters) > 0 ? (
                <Link to={filterHref("/search", { page: 1 }, {}, keep)} className="btn-secondary">
                  Clear filters
                </Link>
              ) : null}
              <Link to="/explore" className="btn-primary">
                Explore what's on
              </Link>
            </div>
          </div>
        ) : (
          <>
            <EventGrid events={results} now={now} viewerId={viewerId} priorityCount={4} rows />
            <Pagination
              page={filters.page}
              pageCount={pageCount}
              hrefFor={(p) => filterHref("/search", filters, { page: p }, keep)}
              label="Search results pages"
            />
          </>
        )}
      </div>
    </div>
  );
}
