import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, venue } from "~/db/schema";
import type { VenueAccess } from "~/domain/venue-access";
import { accessOf } from "./venue-columns";

export const HOST_VENUES_PAGE_SIZE = 12;

export interface HostVenueRow {
  id: string;
  name: string;
  addressLine1: string;
  city: string;
  postcode: string;
  capacity: number | null;
  /** Seats in its plan; null when the venue is not seated. */
  seats: number | null;
  access: VenueAccess;
  /** Events at the venue (a deleted event no longer counts). */
  eventCount: number;
}

/** How many of the host's events (any but deleted ones) are at a venue: they keep it from being deleted. */
export const eventsAtVenue = (venueId: typeof venue.id) => {
  const at = and(eq(event.venueId, venueId), ne(event.status, "deleted"));
  return sql<number>`(select count(*)::int from ${event} where ${at})`;
};

/**
 * The host's venues, by name, a page at a time, with how many of their events use each. Only the
 * host's own: the filter is in the query.
 */
export async function listHostVenues(
  db: Db,
  input: { hostId: string; page?: number },
): Promise<{ venues: HostVenueRow[]; page: number; pages: number; total: number }> {
  const own = eq(venue.hostId, input.hostId);
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(venue)
    .where(own)) as [{ total: number }];
  const pages = Math.max(1, Math.ceil(Number(total) / HOST_VENUES_PAGE_SIZE));
  const wanted = input.page && Number.isInteger(input.page) ? input.page : 1;
  const page = Math.min(Math.max(1, wanted), pages);
  const rows = await db
    .select({
      id: venue.id,
      name: venue.name,
      addressLine1: venue.addressLine1,
      city: venue.city,
      postcode: venue.postcode,
      capacity: venue.capacity,
      seatRows: venue.seatRows,
      seatColumns: venue.seatColumns,
      accessStepFree: venue.accessStepFree,
      accessToilets: venue.accessToilets,
      accessHearingLoop: venue.accessHearingLoop,
      accessSeating: venue.accessSeating,
      accessQuietSpace: venue.accessQuietSpace,
      accessParking: venue.accessParking,
      accessNotes: venue.accessNotes,
      eventCount: eventsAtVenue(venue.id),
    })
    .from(venue)
    .where(own)
    .orderBy(asc(sql`lower(${venue.name})`), asc(venue.id))
    .limit(HOST_VENUES_PAGE_SIZE)
    .offset((page - 1) * HOST_VENUES_PAGE_SIZE);
  return {
    venues: rows.map((r) => ({
      id: r.id,
      name: r.name,
      addressLine1: r.addressLine1,
      city: r.city,
      postcode: r.postcode,
      capacity: r.capacity,
      seats: r.seatRows && r.seatColumns ? r.seatRows * r.seatColumns : null,
      access: accessOf(r),
      eventCount: Number(r.eventCount),
    })),
    page,
    pages,
    total: Number(total),
  };
}
