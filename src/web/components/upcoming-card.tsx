import { MapPin } from "lucide-react";
import { Link } from "react-router";
import { allInPrice } from "~/domain/money";
import { formatEventDateTime, formatMoney } from "~/lib/format";
import type { UpcomingEventRow } from "~/services/list-upcoming-events";

/**
 * A compact event tile. Prices are all-in (face value plus booking fee), as UK law requires.
 * The full event card of the discovery work (badges, host image, relative dates) supersedes it.
 */
export function UpcomingCard({ event }: { event: UpcomingEventRow }) {
  const soldOut = event.capacity > 0 && event.sold >= event.capacity;
  const price =
    event.cheapestPence === null ? null : event.cheapestPence === 0 ? "Free Entry" : `From ${formatMoney(allInPrice(event.cheapestPence))}`;
  return (
    <Link to={`/events/${event.slug}`} className="group card block overflow-hidden transition-shadow hover:shadow-lg">
      <div className="relative aspect-[16/9] bg-surface-2">
        {event.coverImage ? (
          <img src={`/media/${event.coverImage}`} alt="" loading="lazy" className="size-full object-cover" width={1600} height={900} />
        ) : null}
        {soldOut ? <span className="absolute top-3 left-3 rounded-full bg-black/75 px-2.5 py-1 text-xs font-semibold text-white">Sold Out</span> : null}
      </div>
      <div className="p-4">
        <p className="text-xs font-semibold text-brand">{formatEventDateTime(new Date(event.startsAt))}</p>
        <h3 className="mt-1 line-clamp-2 font-semibold group-hover:underline">{event.name}</h3>
        {event.venueName ? (
          <p className="mt-1 flex items-center gap-1 truncate text-sm text-fg-muted">
            <MapPin aria-hidden className="size-3.5 shrink-0" /> {event.venueName}
            {event.city ? `, ${event.city}` : ""}
          </p>
        ) : (
          <p className="mt-1 text-sm text-fg-muted">Online</p>
        )}
        {price ? <p className="mt-2 text-sm font-semibold">{price}</p> : null}
      </div>
    </Link>
  );
}

/** A responsive grid of event tiles: one column on phones up to four on desktops. */
export function UpcomingGrid({ events }: { events: UpcomingEventRow[] }) {
  return (
    <ul className="mt-6 grid gap-5 tablet:grid-cols-2 laptop:grid-cols-3 desktop:grid-cols-4">
      {events.map((e) => (
        <li key={e.id}>
          <UpcomingCard event={e} />
        </li>
      ))}
    </ul>
  );
}
