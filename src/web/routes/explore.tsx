import { List, LocateFixed, Map as MapIcon, MapPinOff, Navigation } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { data, Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { CATEGORIES } from "~/domain/categories";
import { DEFAULT_NEARBY_MILES, DISTANCE_FILTERS_MILES, distanceKm, isLocationStale, isValidLatLng, KM_PER_MILE, PAGE_SIZE, UK_VIEW, type LatLng } from "~/domain/discovery";
import { cardPriceLabel } from "~/domain/ticket-availability";
import { lookupPlace } from "~/domain/uk-places";
import { formatEventDateTime } from "~/lib/format";
import { locationCookieString, readLocation } from "~/web/lib/location-cookie";
import { listEventMarkers, pageEvents, type EventQuery } from "~/services/discover-events";
import { EventGrid } from "~/web/components/events/event-card";
import { FilterBar } from "~/web/components/events/filter-bar";
import { Pagination } from "~/web/components/ui/pagination";
import { useHydrated } from "~/web/lib/use-hydrated";
import { filterHref, filterQuery, parseFilters } from "~/web/lib/listing-filters";
import { publicUrlFrom, seo } from "~/web/lib/seo";
import type { Route } from "./+types/explore";

const EventMap = lazy(() => import("~/web/components/explore/event-map").then((m) => ({ default: m.EventMap })));

export const handle = { title: "Explore" };

export const meta: Route.MetaFunction = ({ matches, data: loaded }) =>
  seo({
    title: loaded?.place ? `Events near ${loaded.place.label} · Explore · Ticketyboo` : "Explore events near you · Ticketyboo",
    description: "Gigs, quiz nights, comedy, workshops and more on a map: find what's on near you tonight, this weekend or this week.",
    path: "/explore",
    publicUrl: publicUrlFrom(matches),
  });

/** Up to this many pins on the map; the list pages through everything. */
const MAX_PINS = 400;

interface Place extends LatLng {
  label: string | null;
  /** Where it came from: the device (this visit or a recent one), or a typed place. */
  source: "device" | "typed";
  takenAt: number | null;
}

/** `near=lat,lng` as the URL carries it. */
function parseNear(value: string | null): LatLng | null {
  if (!value) return null;
  const [lat, lng] = value.split(",").map(Number);
  const point = { lat: lat!, lng: lng! };
  return isValidLatLng(point) ? point : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const now = new Date();
  const filters = parseFilters(url.searchParams);
  const typed = (url.searchParams.get("place") ?? "").trim().slice(0, 80);
  const headers = new Headers();

  let place: Place | null = null;
  let placeProblem: { typed: string; suggestions: string[] } | null = null;
  const near = parseNear(url.searchParams.get("near"));
  // near=uk: the whole country, whatever location was saved.
  const everywhere = url.searchParams.get("near") === "uk";
  if (near) {
    place = { ...near, label: typed || null, source: typed ? "typed" : "device", takenAt: null };
  } else if (typed) {
    const found = lookupPlace(typed);
    if (found.found) {
      place = { lat: found.found.lat, lng: found.found.lng, label: found.found.name, source: "typed", takenAt: null };
      // Remember it for the home page's "Near you", as the person asked for this place.
      headers.append("Set-Cookie", locationCookieString({ lat: place.lat, lng: place.lng, takenAt: now.getTime(), label: place.label! }, context.publicUrl.startsWith("https://")));
    } else {
      placeProblem = { typed, suggestions: found.suggestions.map((p) => p.name) };
    }
  } else if (!everywhere) {
    const saved = readLocation(request.headers.get("Cookie") ?? "");
    if (saved) place = { lat: saved.lat, lng: saved.lng, label: saved.label ?? null, source: saved.label ? "typed" : "device", takenAt: saved.takenAt };
  }

  const miles = filters.miles ?? DEFAULT_NEARBY_MILES;
  const query: Omit<EventQuery, "limit" | "offset"> = {
    now,
    scope: "upcoming",
    ...filterQuery(filters, now),
    ...(place ? { near: { centre: place, radiusKm: miles * KM_PER_MILE }, sort: "distance" as const } : { sort: "date" as const }),
  };
  const db = context.database.db;
  const [page, markers] = await Promise.all([
    pageEvents(db, { ...query, limit: PAGE_SIZE, offset: (filters.page - 1) * PAGE_SIZE }),
    listEventMarkers(db, query, MAX_PINS),
  ]);
  const pins = markers.map((m) => ({
    slug: m.slug,
    name: m.name,
    lat: m.lat,
    lng: m.lng,
    when: formatEventDateTime(m.startsAt),
    where: m.venueName,
    price: cardPriceLabel(m.tickets, now, m.priceTerms),
  }));
  return data(
    {
      now,
      filters,
      miles,
      place,
      placeProblem,
      events: page.events,
      total: page.total,
      pageCount: Math.max(1, Math.ceil(page.total / PAGE_SIZE)),
      pins,
      tileUrl: context.mapTileUrl,
      viewerId: context.user?.id ?? null,
    },
    { headers },
  );
}

export default function Explore({ loaderData }: Route.ComponentProps) {
  const { now, filters, miles, place, placeProblem, events, total, pageCount, pins, tileUrl, viewerId } = loaderData;
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
              className={`inline-flex min-h-9 items-center rounded-full px-3 text-sm font-semibold ${!filters.category ? "bg-fg text-bg" : "bg-surface-2 hover:bg-border"}`}>
              Everything
            </Link>
          </li>
          {CATEGORIES.map((c) => (
            <li key={c.slug} className="shrink-0">
              <Link
                to={categoryHref(c.slug)}
                preventScrollReset
                aria-current={filters.category === c.slug ? "true" : undefined}
                className={`inline-flex min-h-9 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap ${filters.category === c.slug ? "bg-fg text-bg" : "bg-surface-2 hover:bg-border"}`}>
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-4">
        <FilterBar pathname="/explore" filters={filters} keep={keep} showDistance={Boolean(place)} />
      </div>

      <div role="group" aria-label="Show as" className="mt-5 inline-flex rounded-full border border-border p-1 laptop:hidden">
        <button type="button" aria-pressed={view === "list"} onClick={() => setView("list")} className={`btn min-h-9 ${view === "list" ? "bg-fg text-bg" : ""}`}>
          <List aria-hidden className="size-4" /> List
        </button>
        <button type="button" aria-pressed={view === "map"} onClick={() => setView("map")} className={`btn min-h-9 ${view === "map" ? "bg-fg text-bg" : ""}`}>
          <MapIcon aria-hidden className="size-4" /> Map
        </button>
      </div>

      <div className="mt-5 grid gap-6 laptop:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] desktop:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-label="Events" className={view === "map" ? "hidden laptop:block" : ""}>
          {events.length === 0 ? (
            <NothingHere place={place} miles={miles} filters={filters} keep={keep} />
          ) : (
            <>
              <ExploreGrid events={events} now={now} viewerId={viewerId} priorityCount={2} />
              <Pagination page={filters.page} pageCount={pageCount} hrefFor={(p) => filterHref("/explore", filters, { page: p }, keep)} label="Explore pages" />
            </>
          )}
        </section>
        <section aria-label="Map" className={`${view === "list" ? "hidden laptop:block" : ""} laptop:sticky laptop:top-20 laptop:self-start`}>
          <div className="h-[70dvh] laptop:h-[calc(100dvh-7rem)]">
            <MapSlot pins={pins} place={place} tileUrl={tileUrl} />
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
      <EventGrid {...props} compact />
    </div>
  );
}

function MapSlot({ pins, place, tileUrl }: { pins: Parameters<typeof EventMap>[0]["pins"]; place: Place | null; tileUrl: string }) {
  const hydrated = useHydrated();
  const centre = useMemo(() => (place ? { lat: place.lat, lng: place.lng } : UK_VIEW.centre), [place]);
  const you = useMemo(() => (place && place.source === "device" ? { lat: place.lat, lng: place.lng } : null), [place]);
  const fallback = <div className="grid size-full place-items-center rounded-2xl bg-surface-2 text-sm text-fg-muted">Loading the map…</div>;
  if (!hydrated) return fallback;
  return (
    <Suspense fallback={fallback}>
      <EventMap pins={pins} centre={centre} zoom={place ? 11 : UK_VIEW.zoom} you={you} tileUrl={tileUrl} />
    </Suspense>
  );
}

/**
 * Where the list is centred: the device's location (asked for when the page opens, as the spec
 * says, and refreshed when older than a minute) or a typed town. Declining is fine: the page
 * shows the whole UK and says how to narrow it.
 */
function LocationBar({ place, placeProblem, filters }: { place: Place | null; placeProblem: { typed: string; suggestions: string[] } | null; filters: ReturnType<typeof parseFilters> }) {
  const navigate = useNavigate();
  const location = useLocation();
  const busy = useNavigation().state !== "idle";
  const [status, setStatus] = useState<"idle" | "asking" | "denied" | "unavailable">("idle");
  const asked = useRef(false);

  const locateDevice = (manual: boolean) => {
    if (!("geolocation" in navigator)) {
      setStatus("unavailable");
      return;
    }
    setStatus("asking");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const here = { lat: position.coords.latitude, lng: position.coords.longitude };
        document.cookie = locationCookieString({ ...here, takenAt: Date.now() }, window.location.protocol === "https:");
        setStatus("idle");
        // Only move the list when the person asked, or when they have moved noticeably.
        if (manual || !place || place.source !== "device" || distanceKm(here, place) > 0.5) {
          const next = filterHref("/explore", filters, { page: undefined }, { near: `${here.lat.toFixed(4)},${here.lng.toFixed(4)}` });
          void navigate(next, { replace: !manual, preventScrollReset: true });
        }
      },
      (error) => setStatus(error.code === error.PERMISSION_DENIED ? "denied" : "unavailable"),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
  };

  // Spec §2/§4: the explore page asks for the device location, and refreshes it after 60 seconds.
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    const params = new URLSearchParams(location.search);
    if (params.has("place") || params.has("near")) return;
    if (place?.source === "typed") return;
    if (place && place.takenAt !== null && !isLocationStale(place.takenAt, new Date())) return;
    locateDevice(false);
    // Once per visit to the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="mt-5 flex flex-col gap-3 tablet:flex-row tablet:items-start">
      <button type="button" className="btn-secondary shrink-0" onClick={() => locateDevice(true)} disabled={status === "asking"}>
        <LocateFixed aria-hidden className="size-4" />
        {status === "asking" ? "Finding you…" : place?.source === "device" ? "Update my location" : "Use my location"}
      </button>
      <Form method="get" action="/explore" className="flex min-w-0 flex-1 flex-wrap items-start gap-2" aria-label="Find events near a town">
        {filters.date ? <input type="hidden" name="date" value={filters.date} /> : null}
        {filters.price ? <input type="hidden" name="price" value={filters.price} /> : null}
        {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
        {filters.miles ? <input type="hidden" name="miles" value={filters.miles} /> : null}
        <label htmlFor="explore-place" className="sr-only">
          Town or city
        </label>
        <input
          id="explore-place"
          name="place"
          defaultValue={placeProblem?.typed ?? (place?.source === "typed" ? (place.label ?? "") : "")}
          placeholder="Or type a town or city"
          autoComplete="address-level2"
          aria-invalid={placeProblem ? true : undefined}
          aria-describedby={placeProblem ? "place-problem" : undefined}
          className="h-10 min-w-0 flex-1 rounded-full border border-border bg-surface px-4 text-sm placeholder:text-fg-muted focus:border-brand focus:outline-none aria-[invalid=true]:border-danger"
        />
        <button type="submit" className="btn-primary h-10" disabled={busy}>
          <Navigation aria-hidden className="size-4" /> Go
        </button>
        <div className="basis-full" aria-live="polite">
          {placeProblem ? (
            <p id="place-problem" className="text-sm font-medium text-danger">
              We couldn't find “{placeProblem.typed}” in the UK.
              {placeProblem.suggestions.length > 0 ? (
                <>
                  {" "}
                  Did you mean{" "}
                  {placeProblem.suggestions.map((s, i) => (
                    <span key={s}>
                      {i > 0 ? (i === placeProblem.suggestions.length - 1 ? " or " : ", ") : ""}
                      <Link to={filterHref("/explore", filters, { page: undefined }, { place: s })} className="link">
                        {s}
                      </Link>
                    </span>
                  ))}
                  ?
                </>
              ) : (
                " Try the nearest town or city."
              )}
            </p>
          ) : status === "denied" ? (
            <p className="text-sm text-fg-muted">Location is turned off for this site, so here is the whole UK. Type a town to narrow it down.</p>
          ) : status === "unavailable" ? (
            <p className="text-sm text-fg-muted">We couldn't get your location just now. Type a town instead, or try again.</p>
          ) : null}
        </div>
      </Form>
    </div>
  );
}

function NothingHere({ place, miles, filters, keep }: { place: Place | null; miles: number; filters: ReturnType<typeof parseFilters>; keep: Record<string, string> }) {
  const bigger = DISTANCE_FILTERS_MILES.filter((m) => m > miles);
  return (
    <div className="card p-8 text-center">
      <MapPinOff aria-hidden className="mx-auto size-8 text-fg-muted" />
      <p className="mt-3 font-semibold">{place ? `No events near ${place.label ?? "you"} yet` : "No events match these filters"}</p>
      <p className="mx-auto mt-1 max-w-sm text-sm text-fg-muted">
        {place
          ? `Nothing is on within ${miles} miles${filters.date || filters.price || filters.category ? " with these filters" : ""}. Hosts add events every day, so check back soon.`
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
