import { List, Map as MapIcon } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useState } from "react";
import { data, Link, useLocation } from "react-router";
import { CATEGORIES } from "~/domain/categories";
import { UK_VIEW } from "~/domain/discovery";
import { exploreEvents, type ExplorePlace, type MapPinData } from "~/services/explore-events";
import { EventGrid } from "~/web/components/events/event-card";
import { FilterBar } from "~/web/components/events/filter-bar";
import { LocationBar } from "~/web/components/explore/location-bar";
import { NoEventsHere } from "~/web/components/explore/no-events-here";
import { Pagination } from "~/web/components/ui/pagination";
import { useMediaQuery } from "~/web/lib/use-media-query";
import { readExploreInput } from "~/web/lib/explore-input";
import { filterHref } from "~/web/lib/listing-filters";
import { locationCookieString } from "~/web/lib/location-cookie";
import { publicUrlFrom, seo } from "~/web/lib/seo";
import type { Route } from "./+types/explore";

const EventMap = lazy(() => import("~/web/components/explore/event-map").then((m) => ({ default: m.EventMap })));

export const handle = { title: "Explore" };

export const meta: Route.MetaFunction = ({ matches, data: loaded }) =>
  seo({
    title: loaded?.place
      ? `Events ${loaded.place.label ? `near ${loaded.place.label}` : "near you"} · Explore · Ticketyboo`
      : "Explore events near you · Ticketyboo",
    description:
      "Gigs, quiz nights, comedy, workshops and more on a map: find what's on near you tonight, this weekend or this " +
      "week.",
    path: "/explore",
    publicUrl: publicUrlFrom(matches),
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const now = new Date();
  const { filters, input } = readExploreInput(request, now);
  const found = await exploreEvents(context.database.db, { ...input, page: filters.page });
  const { rememberPlace, ...shown } = found;
  const headers = new Headers();
  // Remember a typed place for the home page's "Near you", as the person asked for this place.
  if (rememberPlace && shown.place) {
    headers.append(
      "Set-Cookie",
      locationCookieString(
        { lat: shown.place.lat, lng: shown.place.lng, takenAt: now.getTime(), label: shown.place.label! },
        context.publicUrl.startsWith("https://"),
      ),
    );
  }
  return data({ now, filters, ...shown, tileUrl: context.mapTileUrl, viewerId: context.user?.id ?? null }, { headers });
}

export default function Explore({ loaderData }: Route.ComponentProps) {
  const { now, filters, miles, place, placeProblem, events, total, pageCount, tileUrl, viewerId } = loaderData;
  const [view, setView] = useState<"list" | "map">("list");
  const keep = useMemo(() => {
    const k: Record<string, string> = {};
    if (place && place.source === "typed" && place.label) k.place = place.label;
    else if (place) k.near = `${place.lat.toFixed(4)},${place.lng.toFixed(4)}`;
    return k;
  }, [place]);
  const categoryHref = (slug: string | undefined) => filterHref("/explore", filters, { category: slug }, keep);
  const where = place ? (place.label ? `near ${place.label}` : "near you") : "across the UK";

  return (
    <div className="container-page py-6 laptop:py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Explore</h1>
          <p className="mt-1 text-fg-muted">
            {total === 0 ? "No upcoming events" : total === 1 ? "1 upcoming event" : `${total} upcoming events`} {where}
            {place ? `, within ${miles} miles` : ""}.
          </p>
        </div>
      </header>

      <LocationBar place={place} placeProblem={placeProblem} filters={filters} />

      <nav aria-label="Categories" className="mt-5">
        <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 tablet:mx-0 tablet:flex-wrap tablet:px-0">
          <li className="shrink-0">
            <Link
              to={categoryHref(undefined)}
              preventScrollReset
              aria-current={!filters.category ? "true" : undefined}
              className={
                `inline-flex min-h-9 items-center rounded-full px-3 text-sm font-semibold ` +
                `${!filters.category ? "bg-fg text-bg" : "bg-surface-2 hover:bg-border"}`
              }
            >
              Everything
            </Link>
          </li>
          {CATEGORIES.map((c) => (
            <li key={c.slug} className="shrink-0">
              <Link
                to={categoryHref(c.slug)}
                preventScrollReset
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
        <FilterBar pathname="/explore" filters={filters} keep={keep} showDistance={Boolean(place)} />
      </div>

      <div
        role="group"
        aria-label="Show as"
        className="mt-5 inline-flex rounded-full border border-border p-1 laptop:hidden"
      >
        <button
          type="button"
          aria-pressed={view === "list"}
          onClick={() => setView("list")}
          className={`btn min-h-9 ${view === "list" ? "bg-fg text-bg" : ""}`}
        >
          <List aria-hidden className="size-4" /> List
        </button>
        <button
          type="button"
          aria-pressed={view === "map"}
          onClick={() => setView("map")}
          className={`btn min-h-9 ${view === "map" ? "bg-fg text-bg" : ""}`}
        >
          <MapIcon aria-hidden className="size-4" /> Map
        </button>
      </div>

      <div
        className="mt-5 grid gap-6 laptop:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]
        desktop:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
      >
        <section aria-label="Events" className={view === "map" ? "hidden laptop:block" : ""}>
          {events.length === 0 ? (
            <NoEventsHere place={place} miles={miles} filters={filters} keep={keep} />
          ) : (
            <>
              <ExploreGrid events={events} now={now} viewerId={viewerId} priorityCount={2} firstIsLargest={false} />
              <Pagination
                page={filters.page}
                pageCount={pageCount}
                hrefFor={(p) => filterHref("/explore", filters, { page: p }, keep)}
                label="Explore pages"
              />
            </>
          )}
        </section>
        <section
          aria-label="Map"
          className={`${view === "list" ? "hidden laptop:block" : ""} laptop:sticky laptop:top-20 laptop:self-start`}
        >
          <div className="h-[70dvh] laptop:h-[calc(100dvh-7rem)]">
            <MapSlot place={place} tileUrl={tileUrl} shown={view === "map"} />
          </div>
        </section>
      </div>
    </div>
  );
}

/** Two columns of cards at most beside the map; the grid's own breakpoints go wider. */
function ExploreGrid(props: Parameters<typeof EventGrid>[0]) {
  return (
    <div className="[&>ul]:laptop:grid-cols-1 [&>ul]:desktop:grid-cols-2">
      <EventGrid {...props} compact rows />
    </div>
  );
}

/**
 * The map, once it is on screen: beside the list from laptop width, on smaller screens when the
 * person chooses Map. Until then no Leaflet is fetched or run, and no pins (on a phone the page opens
 * on the list). Its pins are asked for with the page's own query, so they follow the list's filters.
 */
function MapSlot({
  place,
  tileUrl,
  shown,
}: {
  place: ExplorePlace | null;
  tileUrl: string;
  /** The person chose Map (phones and tablets). */
  shown: boolean;
}) {
  const wide = useMediaQuery("(min-width: 64rem)");
  const visible = shown || wide;
  const location = useLocation();
  // The pins are every match, whichever page of the list is shown: turning a page asks for nothing new.
  const search = useMemo(() => {
    const params = new URLSearchParams(location.search);
    params.delete("page");
    const rest = params.toString();
    return rest ? `?${rest}` : "";
  }, [location.search]);
  const [loaded, setLoaded] = useState<{ search: string; pins: MapPinData[] } | "failed" | null>(null);
  const centre = useMemo(() => (place ? { lat: place.lat, lng: place.lng } : UK_VIEW.centre), [place]);
  const you = useMemo(() => (place && place.source === "device" ? { lat: place.lat, lng: place.lng } : null), [place]);

  useEffect(() => {
    if (!visible) return;
    const asking = new AbortController();
    fetch(`/explore/pins${search}`, { signal: asking.signal, headers: { Accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<{ pins: MapPinData[] }>) : Promise.reject(new Error())))
      .then(({ pins }) => setLoaded({ search, pins }))
      .catch(() => !asking.signal.aborted && setLoaded("failed"));
    return () => asking.abort();
  }, [visible, search]);

  const fallback = (
    <div className="grid size-full place-items-center rounded-2xl bg-surface-2 p-6 text-center text-sm text-fg-muted">
      {loaded === "failed" ? "The map could not load. Every event is in the list." : "Loading the map…"}
    </div>
  );
  // The pins of this very query: a list moved on to other filters shows the map loading, not stale pins.
  if (!visible || loaded === null || loaded === "failed" || loaded.search !== search) return fallback;
  return (
    <Suspense fallback={fallback}>
      <EventMap pins={loaded.pins} centre={centre} zoom={place ? 11 : UK_VIEW.zoom} you={you} tileUrl={tileUrl} />
    </Suspense>
  );
}
