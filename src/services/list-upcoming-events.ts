import { and, asc, eq, gt, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, ticketType, user, venue } from "~/db/schema";

export interface UpcomingEventRow {
  id: string;
  slug: string;
  name: string;
  startsAt: Date;
  category: string;
  coverImage: string | null;
  venueName: string | null;
  city: string | null;
  hostTitle: string | null;
  /** Cheapest face value still on sale, in pence; null when nothing is on sale. */
  cheapestPence: number | null;
  capacity: number;
  sold: number;
}

/**
 * Public, future events in date order, following the listing rule (published, not private, not
 * cancelled). Discovery (search, categories, trending) builds on this shape.
 */
export async function listUpcomingEvents(
  db: Db,
  opts: { now: Date; limit: number; text?: string; /** Only this host's events (their public profile). */ hostId?: string },
): Promise<UpcomingEventRow[]> {
  const stock = db
    .select({
      eventId: ticketType.eventId,
      capacity: sql<number>`sum(${ticketType.capacity})::int`.as("capacity"),
      sold: sql<number>`sum(${ticketType.sold})::int`.as("sold"),
      cheapest: sql<number | null>`min(${ticketType.pricePence}) filter (where ${ticketType.sold} + ${ticketType.held} < ${ticketType.capacity} and ${ticketType.kind} in ('general','scheduled_visible'))`.as(
        "cheapest",
      ),
    })
    .from(ticketType)
    .groupBy(ticketType.eventId)
    .as("stock");
  const rows = await db
    .select({
      id: event.id,
      slug: event.slug,
      name: event.name,
      startsAt: event.startsAt,
      category: event.category,
      images: event.images,
      venueName: venue.name,
      city: venue.city,
      hostTitle: user.hostTitle,
      cheapestPence: stock.cheapest,
      capacity: stock.capacity,
      sold: stock.sold,
    })
    .from(event)
    .innerJoin(user, eq(user.id, event.hostId))
    .leftJoin(venue, eq(venue.id, event.venueId))
    .leftJoin(stock, eq(stock.eventId, event.id))
    .where(
      and(
        eq(event.status, "published"),
        eq(event.isPrivate, false),
        eq(event.isCancelled, false),
        gt(event.startsAt, opts.now),
        opts.text ? matchesText(opts.text) : undefined,
        opts.hostId ? eq(event.hostId, opts.hostId) : undefined,
      ),
    )
    .orderBy(asc(event.startsAt))
    .limit(opts.limit);
  return rows.map(({ images, ...row }) => ({
    ...row,
    coverImage: images[0] ?? null,
    cheapestPence: row.cheapestPence === null ? null : Number(row.cheapestPence),
    capacity: Number(row.capacity ?? 0),
    sold: Number(row.sold ?? 0),
  }));
}

/** A plain substring match over the fields people search by; ranked fuzzy search replaces it later. */
function matchesText(text: string): SQL | undefined {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ilike(event.name, pattern),
    ilike(event.eventType, pattern),
    ilike(venue.name, pattern),
    ilike(venue.city, pattern),
    ilike(user.hostTitle, pattern),
    ilike(user.firstName, pattern),
    ilike(user.lastName, pattern),
  );
}
