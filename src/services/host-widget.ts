import type { Db } from "~/db/client.server";
import { hasEnded, isSoldOut } from "~/domain/event-flags";
import type { BrandColors } from "~/domain/host-profile";
import type { PriceTerms } from "~/domain/pricing";
import { cardPriceLabel, isVisible } from "~/domain/ticket-availability";
import { soldOutFor } from "~/domain/waitlist";
import { listEvents, pageEvents, type EventCardData } from "./discover-events";
import { getEventPage, type EventPageTicket } from "./get-event-page";
import { getPublicProfile } from "./get-public-profile";
import { publicHostExtras } from "./host-online-profile";

/**
 * The host's own pages for other places: the booking widget (`/hosts/{hostId}`, framed on the
 * host's website) and signage (`/hosts/{hostId}/signage`, a screen at the venue). Both are public,
 * so both show only what the site already shows anyone: listed events (published, public, not
 * cancelled) through the one listing query, prices from the one price function, and the host's
 * public profile. An unknown id, a buyer's id and a deleted host are all "no such page".
 */

/** What the widget and signage show of a host: the public profile's name, picture, badge and colours. */
export interface WidgetHost {
  id: string;
  name: string;
  image: string | null;
  isVerified: boolean;
  username: string | null;
  colors: BrandColors;
}

/** An event in the widget's list or on a sign: its facts in the order a person reads them. */
export interface WidgetEventSummary {
  id: string;
  slug: string;
  name: string;
  startsAt: Date;
  /** The venue's name and town, "Online", or "Venue to be announced". */
  where: string;
  /**
   * The all-in headline price in words (`cardPriceLabel`): "£11.00", "From £5.05", "Free Entry"; null when none is
   * on sale.
   */
  price: string | null;
  soldOut: boolean;
}

/** The event chosen in the widget, with the tickets a visitor may pick there. */
export interface WidgetEvent extends WidgetEventSummary {
  currency: PriceTerms["currency"];
  priceTerms: PriceTerms;
  /** Tickets anyone may see now (never private ones: those need the event's own link). */
  tickets: EventPageTicket[];
  /** Seats are chosen on the event's own page: the widget sends seated events there. */
  seated: boolean;
  /** Why nothing can be picked, if so. */
  closed: "cancelled" | "ended" | "sold_out" | null;
}

export const WIDGET_PAGE_SIZE = 6;
/** Signs show the next few events, a screenful at a time. */
export const SIGNAGE_EVENT_LIMIT = 8;

/** A host anyone may see, or null: an unknown id, someone who is not a host, or a deleted account. */
export async function findPublicHost(db: Db, hostId: string): Promise<WidgetHost | null> {
  const profile = await getPublicProfile(db, hostId);
  if (!profile || profile.userType !== "host") return null;
  const { colors } = await publicHostExtras(db, profile.id);
  return {
    id: profile.id,
    name: profile.displayName,
    image: profile.image,
    isVerified: profile.isVerified,
    username: profile.username,
    colors,
  };
}

function whereOf(e: Pick<EventCardData, "venue" | "isOnline">): string {
  if (e.venue)
    return e.venue.city && !e.venue.name.includes(e.venue.city) ? `${e.venue.name}, ${e.venue.city}` : e.venue.name;
  return e.isOnline ? "Online" : "Venue to be announced";
}

function summaryOf(card: EventCardData, now: Date): WidgetEventSummary {
  return {
    id: card.id,
    slug: card.slug,
    name: card.name,
    startsAt: card.startsAt,
    where: whereOf(card),
    price: cardPriceLabel(card.tickets, now, card.priceTerms),
    soldOut: isSoldOut(card),
  };
}

/**
 * The booking widget: the host, a page of their upcoming listed events (soonest first), and the
 * event chosen by `?event=` when it is this host's and published. A chosen event's slug is the
 * same key its own page takes, so a private event can be embedded by the host who has its link,
 * but is never listed; its private tickets never show here.
 */
export async function getBookingWidget(
  db: Db,
  input: { hostId: string; now: Date; page: number; eventSlug: string | null },
): Promise<{
  host: WidgetHost;
  events: WidgetEventSummary[];
  page: number;
  pages: number;
  chosen: WidgetEvent | null;
} | null> {
  const host = await findPublicHost(db, input.hostId);
  if (!host) return null;
  const query = { now: input.now, scope: "upcoming" as const, hostId: host.id, sort: "date" as const };
  const [listing, chosen] = await Promise.all([
    (async () => {
      const first = await pageEvents(db, {
        ...query,
        limit: WIDGET_PAGE_SIZE,
        offset: (Math.max(1, input.page) - 1) * WIDGET_PAGE_SIZE,
      });
      const pages = Math.max(1, Math.ceil(first.total / WIDGET_PAGE_SIZE));
      if (input.page <= pages) return { ...first, page: Math.max(1, input.page), pages };
      // Past the last page (an old link): the last page.
      const last = await listEvents(db, { ...query, limit: WIDGET_PAGE_SIZE, offset: (pages - 1) * WIDGET_PAGE_SIZE });
      return { events: last, total: first.total, page: pages, pages };
    })(),
    input.eventSlug ? chosenEvent(db, host.id, input.eventSlug, input.now) : null,
  ]);
  return {
    host,
    events: listing.events.map((card) => summaryOf(card, input.now)),
    page: listing.page,
    pages: listing.pages,
    chosen,
  };
}

async function chosenEvent(db: Db, hostId: string, slug: string, now: Date): Promise<WidgetEvent | null> {
  // As a stranger sees it (no viewer): drafts and unpublished events are nobody's business here.
  const event = await getEventPage(db, { slug, viewerId: null });
  if (!event || event.host.id !== hostId) return null;
  const tickets = event.tickets.filter((t) => isVisible(t, now));
  const stock = {
    capacity: event.tickets.reduce((n, t) => n + t.capacity, 0),
    sold: event.tickets.reduce((n, t) => n + t.sold, 0),
  };
  // As the event page judges it: every public place sold or held.
  const soldOut = isSoldOut(stock) || soldOutFor(event.tickets, []);
  return {
    id: event.id,
    slug: event.slug,
    name: event.name,
    startsAt: event.startsAt,
    where: whereOf({ venue: event.venue, isOnline: event.isOnline }),
    price: cardPriceLabel(event.tickets, now, event.priceTerms),
    soldOut,
    currency: event.currency,
    priceTerms: event.priceTerms,
    tickets,
    seated: Boolean(event.venue?.seatRows && event.venue.seatColumns),
    closed: event.isCancelled ? "cancelled" : hasEnded(event, now) ? "ended" : soldOut ? "sold_out" : null,
  };
}

/** The venue's screen: the host and their next listed events, soonest first. */
export async function getSignage(
  db: Db,
  input: { hostId: string; now: Date },
): Promise<{ host: WidgetHost; events: WidgetEventSummary[] } | null> {
  const host = await findPublicHost(db, input.hostId);
  if (!host) return null;
  const cards = await listEvents(db, {
    now: input.now,
    scope: "upcoming",
    hostId: host.id,
    sort: "date",
    limit: SIGNAGE_EVENT_LIMIT,
  });
  return { host, events: cards.map((card) => summaryOf(card, input.now)) };
}
