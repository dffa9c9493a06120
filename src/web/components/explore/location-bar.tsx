import { LocateFixed, Navigation } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { distanceKm, isLocationStale } from "~/domain/discovery";
import type { ExplorePlace, PlaceProblem } from "~/services/explore-events";
import { filterHref, type ListingFilters } from "~/web/lib/listing-filters";
import { locationCookieString } from "~/web/lib/location-cookie";

/**
 * Where the list is centred: the device's location (asked for when the page opens, as the spec
 * says, and refreshed when older than a minute) or a typed town. Declining is fine: the page
 * shows the whole UK and says how to narrow it.
 */
export function LocationBar({
  place,
  placeProblem,
  filters,
}: {
  place: ExplorePlace | null;
  placeProblem: PlaceProblem | null;
  filters: ListingFilters;
}) {
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
          const next = filterHref(
            "/explore",
            filters,
            { page: undefined },
            { near: `${here.lat.toFixed(4)},${here.lng.toFixed(4)}` },
          );
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
      <button
        type="button"
        className="btn-secondary shrink-0"
        onClick={() => locateDevice(true)}
        disabled={status === "asking"}
      >
        <LocateFixed aria-hidden className="size-4" />
        {status === "asking" ? "Finding you…" : place?.source === "device" ? "Update my location" : "Use my location"}
      </button>
      <Form
        method="get"
        action="/explore"
        className="flex min-w-0 flex-1 flex-wrap items-start gap-2"
        aria-label="Find events near a town"
      >
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
          className="h-10 min-w-0 flex-1 rounded-full border border-border bg-surface px-4 text-sm
            placeholder:text-fg-muted focus:border-brand focus:outline-none aria-[invalid=true]:border-danger"
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
            <p className="text-sm text-fg-muted">
              {place
                ? "Location is turned off for this site, so the list is around the place you chose."
                : "Location is turned off for this site, so here is the whole UK. Type a town to narrow it down."}
            </p>
          ) : status === "unavailable" ? (
            <p className="text-sm text-fg-muted">
              We couldn't get your location just now. Type a town instead, or try again.
            </p>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
