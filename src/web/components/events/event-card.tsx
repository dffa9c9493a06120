import { BadgeCheck, MapPin, MonitorPlay, Pencil } from "lucide-react";
import { memo } from "react";
import { Link } from "react-router";
import { KM_PER_MILE } from "~/domain/discovery";
import { badgeLabel, cardBadges, type CardBadge } from "~/domain/event-flags";
import { cardPriceLabel } from "~/domain/ticket-availability";
import { firstAddressSegment, formatCardDate } from "~/lib/format";
import type { EventCardData } from "~/services/discover-events";
import { CARD_WIDTHS, imageSrcSet, imageUrl, mediaPath } from "~/web/lib/images";

export interface EventCardProps {
  event: EventCardData;
  /** The loader's clock, so server and browser agree on "Today" and the badges. */
  now: Date;
  /** Compact cards also show the first line of the address (spec §2). */
  compact?: boolean;
  /** The signed-in person, so the owner gets 'Edit Event'. */
  viewerId?: string | null;
  /** Above the fold: load the image at once. */
  priority?: boolean;
  /** The first card of the page's first grid: on a phone, the largest thing on screen, so its image comes first. */
  first?: boolean;
  /**
   * The card above tickets the person holds (My Tickets, the dashboard): what they hold is said
   * beneath it, so no shop price and no stock badges ('Sold Out', '93% SoldOut'), only 'Today' and 'Ended'.
   */
  held?: boolean;
  /**
   * What a card's distance is measured from: the visitor (Explore, Near you: "2.3 miles away") or
   * the event whose page shows the card ("You might also like": "2.3 miles from this event").
   */
  distanceFrom?: "you" | "event";
  /**
   * In a long list, on a phone the card is a row: a small picture beside the words, so a screen
   * shows five events rather than one and a half. From a tablet up it is the usual card.
   */
  row?: boolean;
}

const badgeStyle: Record<CardBadge["kind"], string> = {
  "sold-out": "bg-neutral-900/85 text-white",
  today: "bg-brand-strong text-white",
  ended: "bg-neutral-600/90 text-white",
  "majority-sold": "bg-amber-300 text-neutral-950",
};

/**
 * The event card of spec §2: cover, name, host (desktop), all-in price, date, badges. The whole
 * card is one link; the owner's 'Edit Event' sits beside it (never a link inside a link).
 * Memoised: the router renders the page again when it learns routes after hydration (the links'
 * lazy route discovery), and a home page's ninety cards need not be rendered again with it.
 */
export const EventCard = memo(function EventCard({
  event,
  now,
  compact = false,
  viewerId,
  priority = false,
  first = false,
  held = false,
  distanceFrom = "you",
  row = false,
}: EventCardProps) {
  const badges = cardBadges({ ...event }, now).filter((b) => !held || b.kind === "today" || b.kind === "ended");
  const price = held ? null : cardPriceLabel(event.tickets, now, event.priceTerms);
  const isOwner = !!viewerId && viewerId === event.host.id;
  // The venue and its town; a compact card (spec §3) also gives the address's first segment, between them.
  const street = compact && event.venue ? firstAddressSegment(event.venue.formattedAddress) : "";
  const place = event.venue
    ? [event.venue.name, street !== event.venue.name ? street : "", event.venue.city].filter(Boolean).join(", ")
    : null;

  return (
    <article className="group relative h-full">
      <Link
        to={`/events/${event.slug}`}
        className={`card flex h-full flex-col overflow-hidden transition-shadow hover:shadow-lg
          focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--ring)] ${
            row ? "max-tablet:flex-row" : ""
          }`}
      >
        <div
          className={`relative aspect-[16/9] overflow-hidden bg-surface-2 ${
            row ? "max-tablet:aspect-auto max-tablet:min-h-28 max-tablet:w-28 max-tablet:shrink-0" : ""
          }`}
        >
          {event.coverImage ? (
            <img
              src={imageUrl(event.coverImage, 640)}
              srcSet={imageSrcSet(event.coverImage, CARD_WIDTHS)}
              sizes={`${CARD_SIZES}, ${row ? "7rem" : "100vw"}`}
              alt=""
              loading={priority ? "eager" : "lazy"}
              fetchPriority={first ? "high" : undefined}
              decoding="async"
              width={640}
              height={360}
              className={`size-full object-cover transition-transform duration-300 group-hover:scale-[1.02] ${
                row ? "max-tablet:absolute max-tablet:inset-0" : ""
              }`}
            />
          ) : null}
          {badges.length > 0 ? (
            <ul className={`absolute top-3 left-3 flex flex-wrap gap-1.5 ${row ? ROW_BADGES : ""}`} aria-label="Status">
              {badges.map((b) => (
                <li
                  key={b.kind}
                  className={`rounded-full px-2.5 py-1 text-xs font-semibold shadow-sm ${badgeStyle[b.kind]}`}
                >
                  {badgeLabel(b)}
                </li>
              ))}
            </ul>
          ) : null}
          {event.host.image ? (
            <img
              src={mediaPath(event.host.image)}
              alt=""
              width={40}
              height={40}
              loading="lazy"
              className="absolute right-3 bottom-3 hidden size-10 rounded-full border-2 border-white object-cover
                shadow laptop:block"
            />
          ) : null}
        </div>
        <div className={`flex flex-1 flex-col p-4 ${row ? "max-tablet:min-w-0 max-tablet:p-3" : ""}`}>
          <p className="text-xs font-semibold text-brand">
            <time dateTime={event.startsAt.toISOString()}>{formatCardDate(event.startsAt, now)}</time>
          </p>
          <h3 className="mt-1 line-clamp-2 font-semibold text-balance group-hover:underline">{event.name}</h3>
          {place ? (
            <p className={`mt-1 flex gap-1 text-sm text-fg-muted ${compact ? "items-start" : "items-center truncate"}`}>
              <MapPin aria-hidden className={`size-3.5 shrink-0 ${compact ? "mt-[0.2rem]" : ""}`} />
              {/* A compact card's place is longer (the street too): two lines, so the town still shows. */}
              <span className={compact ? "line-clamp-2" : "truncate"}>{place}</span>
            </p>
          ) : (
            <p className="mt-1 flex items-center gap-1 text-sm text-fg-muted">
              <MonitorPlay aria-hidden className="size-3.5 shrink-0" /> Online
            </p>
          )}
          {event.distanceKm !== null ? (
            <p className="mt-1 text-xs font-medium text-fg-muted">{distanceLabel(event.distanceKm, distanceFrom)}</p>
          ) : null}
          <p className="mt-1 hidden items-center gap-1 truncate text-xs text-fg-muted laptop:flex">
            by {event.host.title ?? event.host.name}
            {event.host.isVerified ? (
              <BadgeCheck aria-label="Verified host" className="size-3.5 shrink-0 text-brand" />
            ) : null}
          </p>
          {price ? (
            <p className={`mt-auto pt-3 text-sm font-semibold ${row ? "max-tablet:pt-1.5" : ""}`}>{price}</p>
          ) : null}
        </div>
      </Link>
      {isOwner ? (
        <a
          href={`/h/events/${event.id}/edit`}
          target="_blank"
          rel="noopener"
          className={`btn absolute top-3 right-3 min-h-8 bg-surface/95 px-3 text-xs text-fg shadow hover:bg-surface ${
            row ? "max-tablet:top-auto max-tablet:bottom-3" : ""
          }`}
        >
          <Pencil aria-hidden className="size-3.5" /> Edit Event
        </a>
      ) : null}
    </article>
  );
});

/**
 * '0.4 miles away', '12 miles away' (from the visitor), or '0.4 miles from this event': distances in
 * miles, as people in the UK read them.
 */
export function distanceLabel(km: number, from: "you" | "event" = "you"): string {
  const miles = km / KM_PER_MILE;
  const where = from === "you" ? "away" : "from this event";
  if (miles < 0.1) return `Less than 0.1 miles ${where}`;
  return `${miles < 10 ? miles.toFixed(1) : Math.round(miles)} miles ${where}`;
}

const RAIL =
  "max-tablet:flex max-tablet:snap-x max-tablet:snap-mandatory max-tablet:overflow-x-auto max-tablet:gap-4 " +
  "max-tablet:pb-2 max-tablet:scroll-fade";

/** On a row's small picture (a phone), the badges are smaller and closer to its edges. */
const ROW_BADGES =
  "max-tablet:top-2 max-tablet:right-2 max-tablet:left-2 max-tablet:gap-1 " +
  "max-tablet:[&>li]:px-2 max-tablet:[&>li]:py-0.5 max-tablet:[&>li]:text-[11px]";

/** The card's picture's width from a tablet up (a phone's is the screen's, or a row's 7rem). */
const CARD_SIZES = "(min-width: 1280px) 300px, (min-width: 1024px) 30vw, (min-width: 768px) 45vw";

/** Skipped until near the screen, with room kept for it meanwhile: a card's height, or a row's on a phone. */
const LATER_CARD = "[content-visibility:auto] [contain-intrinsic-size:auto_22rem]";
const LATER_ROW = "max-tablet:[contain-intrinsic-size:auto_8rem]";
/**
 * A phone's rail is drawn whole: its cards share one row's height, and a skipped card's stand-in
 * height would stretch them all. From a tablet up, where it is a grid, its later cards wait as any do.
 */
const LATER_IN_RAIL = "max-tablet:[content-visibility:visible]";

/**
 * A responsive grid of cards: one column on phones up to four on desktops. A `rail` is a row of the
 * home page's: on a phone it scrolls sideways, the next card showing at the edge, so twelve trending
 * events take one screen rather than fourteen; from a tablet up it is the same grid.
 */
export function EventGrid({
  events,
  now,
  viewerId,
  compact,
  priorityCount = 0,
  firstIsLargest = true,
  rail = false,
  rows = false,
  distanceFrom,
}: {
  events: EventCardData[];
  now: Date;
  viewerId?: string | null;
  compact?: boolean;
  priorityCount?: number;
  /**
   * On a phone the first card's picture is the largest thing on screen, so it is fetched first. Not
   * where controls fill a phone's first screen (Explore): there it would only slow the text down.
   */
  firstIsLargest?: boolean;
  rail?: boolean;
  /** A long list: on a phone each card is a row (see EventCard's `row`). */
  rows?: boolean;
  distanceFrom?: EventCardProps["distanceFrom"];
}) {
  return (
    <ul
      className={`grid grid-cols-1 gap-5 tablet:grid-cols-2 laptop:grid-cols-3 desktop:grid-cols-4 ${
        rail ? RAIL : rows ? "max-tablet:gap-3" : ""
      }`}
    >
      {events.map((e, i) => (
        // Cards after the first screen's are skipped until they come near (content-visibility), so
        // their layout and their lazy pictures wait until the page has painted what is on screen.
        <li
          key={e.id}
          className={[
            rail ? "max-tablet:w-[82%] max-tablet:shrink-0 max-tablet:snap-start" : "",
            i < Math.max(priorityCount, 1) ? "" : `${LATER_CARD} ${rows ? LATER_ROW : rail ? LATER_IN_RAIL : ""}`,
          ].join(" ")}
        >
          <EventCard
            event={e}
            now={now}
            viewerId={viewerId}
            compact={compact}
            distanceFrom={distanceFrom}
            row={rows}
            priority={i < priorityCount}
            first={firstIsLargest && i === 0 && priorityCount > 0}
          />
        </li>
      ))}
    </ul>
  );
}
