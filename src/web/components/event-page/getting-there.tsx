import { Navigation } from "lucide-react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { directionsUrl } from "~/lib/maps";

/** "Getting there": a map of the venue, its address, and directions in the person's maps app. */
export function GettingThere({
  venue,
  when,
  slug,
  name,
  tileUrl,
}: {
  venue: {
    name: string;
    lat: number;
    lng: number;
    formattedAddress: string;
    addressLine1: string;
    city: string;
    postcode: string;
  };
  /** When the event starts, as the map's pin says it. */
  when: string;
  slug: string;
  name: string;
  tileUrl: string;
}) {
  return (
    <section aria-labelledby="venue-heading" className="mt-8">
      <h2 id="venue-heading" className="text-xl font-bold">
        Getting there
      </h2>
      <VenueMap venue={venue} when={when} slug={slug} name={name} tileUrl={tileUrl} />
      <div className="card mt-3 flex flex-col gap-3 p-5 tablet:flex-row tablet:items-center tablet:justify-between">
        <address className="not-italic">
          <span className="font-semibold">{venue.name}</span>
          <br />
          {venue.addressLine1}, {venue.city} {venue.postcode}
        </address>
        <a
          href={directionsUrl(venue.lat, venue.lng)}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-secondary shrink-0"
        >
          <Navigation aria-hidden className="size-4" /> Directions
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
    </section>
  );
}

const EventMap = lazy(() => import("~/web/components/explore/event-map").then((m) => ({ default: m.EventMap })));

/**
 * A small map of the venue, fetched (Leaflet and its tiles) only when the section scrolls near:
 * most visits never reach it, and the page's own JavaScript stays small.
 */
function VenueMap(props: {
  venue: { name: string; lat: number; lng: number; formattedAddress: string };
  when: string;
  slug: string;
  name: string;
  tileUrl: string;
}) {
  const slot = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = slot.current;
    if (!el || typeof IntersectionObserver === "undefined") return setNear(true);
    const watcher = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          watcher.disconnect();
        }
      },
      { rootMargin: "300px" },
    );
    watcher.observe(el);
    return () => watcher.disconnect();
  }, []);
  const { venue } = props;
  // One pins array for the life of the page: a new one would make the map tear itself down and start again.
  const pins = useMemo(
    () => [
      {
        slug: props.slug,
        name: props.name,
        lat: venue.lat,
        lng: venue.lng,
        when: props.when,
        where: `${venue.name}, ${venue.formattedAddress}`,
        price: null,
      },
    ],
    [props.slug, props.name, props.when, venue.lat, venue.lng, venue.name, venue.formattedAddress],
  );
  const centre = useMemo(() => ({ lat: venue.lat, lng: venue.lng }), [venue.lat, venue.lng]);
  const placeholder = (
    <div className="grid size-full place-items-center rounded-2xl bg-surface-2 text-sm text-fg-muted">
      Map of {venue.name}
    </div>
  );
  return (
    <div ref={slot} className="mt-3 h-56 overflow-hidden rounded-2xl tablet:h-64">
      {near ? (
        <Suspense fallback={placeholder}>
          <EventMap pins={pins} centre={centre} zoom={15} tileUrl={props.tileUrl} label={`Map of ${venue.name}`} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
