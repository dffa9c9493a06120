import { and, asc, desc, eq, gte, inArray, lt, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, ticketType, venue } from "~/db/schema";
import { priceTerms } from "~/domain/pricing";
import { cardPriceLabel } from "~/domain/ticket-availability";
import { AppError } from "~/lib/app-error";
import { formatEventDateTime } from "~/lib/format";
import { isUuid } from "~/lib/uuid";

/** One of the host's events as the share kit draws it: every fact on a poster, already in words. */
export interface ShareKitEvent {
  id: string;
  name: string;
  slug: string;
  status: "draft" | "published" | "unpublished" | "archived" | "deleted";
  isCancelled: boolean;
  startsAt: Date;
  /** Europe/London, as every date a person reads ('Sat, 6 Dec, 7:30 pm'). */
  when: string;
  /** The venue's name and town, or 'Online'. */
  where: string;
  /** The all-in headline price from the one price function (`cardPriceLabel`), or null when nothing is on sale. */
  price: string | null;
  image: string | null;
}

/**
 * The facts of one of the host's own events for its share kit. Another host's event, a deleted one
 * or a malformed id are all "no such event" (decision 0028).
 */
export async function shareKitEvent(
  db: Db,
  input: { hostId: string; eventId: string; now: Date },
): Promise<ShareKitEvent> {
  if (!isUuid(input.eventId)) throw new AppError("not_found", "No such event.");
  const [row] = await db
    .select({
      id: event.id,
      name: event.name,
      slug: event.slug,
      status: event.status,
      isCancelled: event.isCancelled,
      startsAt: event.startsAt,
      isOnline: event.isOnline,
      feeMode: event.feeMode,
      currency: event.currency,
      images: event.images,
      venueName: venue.name,
      venueCity: venue.city,
    })
    .from(event)
    .leftJoin(venue, eq(venue.id, event.venueId))
    .where(and(eq(event.id, input.eventId), eq(event.hostId, input.hostId), ne(event.status, "deleted")));
  if (!row) throw new AppError("not_found", "No such event.");
  const tickets = await db
    .select({
      kind: ticketType.kind,
      pricePence: ticketType.pricePence,
      capacity: ticketType.capacity,
      sold: ticketType.sold,
      held: ticketType.held,
      salesStartAt: ticketType.salesStartAt,
      salesEndAt: ticketType.salesEndAt,
    })
    .from(ticketType)
    .where(eq(ticketType.eventId, row.id));
  const where = row.venueName
    ? row.venueCity && !row.venueName.includes(row.venueCity)
      ? `${row.venueName}, ${row.venueCity}`
      : row.venueName
    : row.isOnline
      ? "Online"
      : "Venue to be announced";
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    status: row.status,
    isCancelled: row.isCancelled,
    startsAt: row.startsAt,
    when: formatEventDateTime(row.startsAt),
    where,
    price: cardPriceLabel(tickets, input.now, priceTerms(row.feeMode, row.currency)),
    image: row.images[0] ?? null,
  };
}

export interface PromotableEvent {
  id: string;
  name: string;
  slug: string;
  status: ShareKitEvent["status"];
  isCancelled: boolean;
  startsAt: Date;
  endsAt: Date | null;
}

/**
 * The host's events worth promoting: those still to come (soonest first), then up to twenty past
 * ones (latest first), never deleted ones. At most 200 to come: a host with more pages through Events.
 */
export async function promotableEvents(
  db: Db,
  input: { hostId: string; now: Date },
): Promise<{ upcoming: PromotableEvent[]; past: PromotableEvent[] }> {
  const columns = {
    id: event.id,
    name: event.name,
    slug: event.slug,
    status: event.status,
    isCancelled: event.isCancelled,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
  };
  const live = and(eq(event.hostId, input.hostId), inArray(event.status, ["draft", "published", "unpublished"]));
  const [upcoming, past] = await Promise.all([
    db
      .select(columns)
      .from(event)
      .where(and(live, gte(event.startsAt, input.now)))
      .orderBy(asc(event.startsAt))
      .limit(200),
    db
      .select(columns)
      .from(event)
      .where(and(eq(event.hostId, input.hostId), ne(event.status, "deleted"), lt(event.startsAt, input.now)))
      .orderBy(desc(event.startsAt))
      .limit(20),
  ]);
  return { upcoming, past };
}
