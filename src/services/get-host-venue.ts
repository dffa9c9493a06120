import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, venue, venueSeatMark } from "~/db/schema";
import { sellableSeatCount } from "~/domain/seat-plan";
import type { VenueAccess } from "~/domain/venue-access";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";
import { venueMessages } from "~/texts/venue-messages";
import { eventsAtVenue } from "./list-host-venues";
import { accessOf } from "./venue-columns";

/** How many of a venue's events its overview lists (the count says how many there are in all). */
export const VENUE_EVENTS_SHOWN = 10;

export interface HostVenue {
  id: string;
  name: string;
  addressLine1: string;
  city: string;
  postcode: string;
  capacity: number | null;
  lat: number;
  lng: number;
  seatRows: number | null;
  seatColumns: number | null;
  /** Seats that can be sold on its plan (gaps and blocked seats left out), or null when it is not seated. */
  seatCount: number | null;
  access: VenueAccess;
  eventCount: number;
  /** Events at the venue: those still to come first, soonest first, then past ones, latest first. */
  events: {
    id: string;
    name: string;
    slug: string;
    startsAt: Date;
    endsAt: Date | null;
    status: string;
    isCancelled: boolean;
  }[];
}

/**
 * One of the host's venues, as its overview shows it, with the events that use it. Another host's
 * venue (or an id that is not one) is `not_found`, which says nothing about whether it exists.
 */
export async function getHostVenue(db: Db, input: { hostId: string; venueId: string; now: Date }): Promise<HostVenue> {
  if (!isUuid(input.venueId)) throw new AppError("not_found", venueMessages.notFound);
  const [row] = await db
    .select({
      id: venue.id,
      name: venue.name,
      addressLine1: venue.addressLine1,
      city: venue.city,
      postcode: venue.postcode,
      capacity: venue.capacity,
      lat: venue.lat,
      lng: venue.lng,
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
    .where(and(eq(venue.id, input.venueId), eq(venue.hostId, input.hostId)));
  if (!row) throw new AppError("not_found", venueMessages.notFound);

  const past = sql`${event.startsAt} < ${input.now}`;
  const events = await db
    .select({
      id: event.id,
      name: event.name,
      slug: event.slug,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      status: event.status,
      isCancelled: event.isCancelled,
    })
    .from(event)
    .where(and(eq(event.venueId, row.id), eq(event.hostId, input.hostId), ne(event.status, "deleted")))
    .orderBy(
      asc(past),
      asc(sql`case when ${past} then null else ${event.startsAt} end`),
      desc(event.startsAt),
      asc(event.id),
    )
    .limit(VENUE_EVENTS_SHOWN);
  const plan = row.seatRows && row.seatColumns ? { rows: row.seatRows, columns: row.seatColumns } : null;
  const marks = plan
    ? await db
        .select({ row: venueSeatMark.seatRow, column: venueSeatMark.seatColumn, kind: venueSeatMark.kind })
        .from(venueSeatMark)
        .where(eq(venueSeatMark.venueId, row.id))
    : [];

  return {
    id: row.id,
    name: row.name,
    addressLine1: row.addressLine1,
    city: row.city,
    postcode: row.postcode,
    capacity: row.capacity,
    lat: row.lat,
    lng: row.lng,
    seatRows: row.seatRows,
    seatColumns: row.seatColumns,
    seatCount: plan ? sellableSeatCount(plan, marks) : null,
    access: accessOf(row),
    eventCount: Number(row.eventCount),
    events,
  };
}
