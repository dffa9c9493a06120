import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, ticketType, user, venue, venueSeatMark, venueSeatSection } from "~/db/schema";
import type { SeatMark, SeatSection } from "~/domain/seat-plan";
import { priceTerms, type PriceTerms } from "~/domain/pricing";
import type { TicketLike } from "~/domain/ticket-availability";
import { hasAccessInfo, type VenueAccess } from "~/domain/venue-access";
import { personName } from "~/lib/person-name";
import { descriptionText, sanitizeDescription } from "~/lib/rich-text.server";
import { accessOf } from "./venue-columns";

export interface EventPageTicket extends TicketLike {
  id: string;
  name: string;
  description: string | null;
  payWhatYouWish: boolean;
  maxPerOrder: number;
  /** On a seated event with sections: the section whose seats it sells (null: seats outside every section). */
  seatSectionId: string | null;
}

export interface EventPage {
  id: string;
  slug: string;
  name: string;
  summary: string | null;
  /** Words alone (meta description); the page shows `descriptionHtml`. */
  description: string;
  descriptionHtml: string;
  category: string;
  eventType: string;
  currency: "GBP" | "EUR";
  /** What its prices are shown and charged on: the event's fee mode and currency (`headlinePrice`). */
  priceTerms: PriceTerms;
  images: string[];
  tags: string[];
  startsAt: Date;
  endsAt: Date | null;
  status: string;
  isPrivate: boolean;
  isCancelled: boolean;
  isOnline: boolean;
  updatedAt: Date;
  host: {
    id: string;
    name: string;
    title: string | null;
    image: string | null;
    username: string | null;
    isVerified: boolean;
    bio: string | null;
    /** The host's choice to show who's going on their event pages (spec §3 showGuestsOnEventDetail). */
    showsGuests: boolean;
  };
  venue: {
    name: string;
    addressLine1: string;
    city: string;
    postcode: string;
    formattedAddress: string;
    lat: number;
    lng: number;
    seatRows: number | null;
    seatColumns: number | null;
    /** The host's row names (a row past them reads as its letter). */
    seatRowNames: string[];
    seatSections: SeatSection[];
    seatMarks: SeatMark[];
    /** What the host says about access, shown once on the page; null when they have said nothing. */
    access: VenueAccess | null;
  } | null;
  tickets: EventPageTicket[];
}

/**
 * An event as its booking page shows it. Anyone with the link may see a published event, private
 * or not (private ones are never listed), and a cancelled one says so; drafts, unpublished,
 * archived and deleted events are only for their host. Null means "no such page" for this viewer.
 */
export async function getEventPage(
  db: Db,
  input: { slug: string; viewerId?: string | null },
): Promise<EventPage | null> {
  const [row] = await db
    .select({ event, host: user, venue })
    .from(event)
    .innerJoin(user, eq(user.id, event.hostId))
    .leftJoin(venue, eq(venue.id, event.venueId))
    .where(eq(event.slug, input.slug))
    .limit(1);
  if (!row) return null;
  const e = row.event;
  const isOwner = !!input.viewerId && input.viewerId === e.hostId;
  if (e.status !== "published" && !isOwner) return null;

  const seated = Boolean(row.venue?.seatRows && row.venue.seatColumns);
  const [tickets, seatSections, seatMarks] = await Promise.all([
    db
      .select()
      .from(ticketType)
      .where(eq(ticketType.eventId, e.id))
      .orderBy(asc(ticketType.sortOrder), asc(ticketType.pricePence)),
    seated && row.venue
      ? db
          .select({
            id: venueSeatSection.id,
            name: venueSeatSection.name,
            firstRow: venueSeatSection.firstRow,
            lastRow: venueSeatSection.lastRow,
            firstColumn: venueSeatSection.firstColumn,
            lastColumn: venueSeatSection.lastColumn,
          })
          .from(venueSeatSection)
          .where(eq(venueSeatSection.venueId, row.venue.id))
          // The order a seat's section is looked up in, as the hold looks it up.
          .orderBy(asc(venueSeatSection.sortOrder), asc(venueSeatSection.name))
      : [],
    seated && row.venue
      ? db
          .select({ row: venueSeatMark.seatRow, column: venueSeatMark.seatColumn, kind: venueSeatMark.kind })
          .from(venueSeatMark)
          .where(eq(venueSeatMark.venueId, row.venue.id))
      : [],
  ]);
  const h = row.host;
  return {
    id: e.id,
    slug: e.slug,
    name: e.name,
    summary: e.summary,
    /** The host's description, cleaned to the editor's marks (older plain text becomes paragraphs). */
    descriptionHtml: sanitizeDescription(e.description),
    /** Its words alone, for the page's meta description. */
    description: descriptionText(e.description),
    category: e.category,
    eventType: e.eventType,
    currency: e.currency,
    priceTerms: priceTerms(e.feeMode, e.currency),
    images: e.images,
    tags: e.tags,
    startsAt: e.startsAt,
    endsAt: e.endsAt,
    status: e.status,
    isPrivate: e.isPrivate,
    isCancelled: e.isCancelled,
    isOnline: e.isOnline,
    updatedAt: e.updatedAt,
    host: {
      id: h.id,
      name: personName(h),
      title: h.hostTitle,
      image: h.image,
      username: h.username,
      isVerified: h.isVerified,
      bio: h.bio,
      showsGuests: h.showGuestsOnEventDetail,
    },
    venue: row.venue
      ? {
          name: row.venue.name,
          addressLine1: row.venue.addressLine1,
          city: row.venue.city,
          postcode: row.venue.postcode,
          formattedAddress: row.venue.formattedAddress,
          lat: row.venue.lat,
          lng: row.venue.lng,
          seatRows: row.venue.seatRows,
          seatColumns: row.venue.seatColumns,
          seatRowNames: row.venue.seatRowNames,
          seatSections,
          seatMarks,
          access: hasAccessInfo(accessOf(row.venue)) ? accessOf(row.venue) : null,
        }
      : null,
    tickets: tickets.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      kind: t.kind,
      pricePence: t.pricePence,
      payWhatYouWish: t.payWhatYouWish,
      capacity: t.capacity,
      sold: t.sold,
      held: t.held,
      maxPerOrder: t.maxPerOrder,
      salesStartAt: t.salesStartAt,
      salesEndAt: t.salesEndAt,
      seatSectionId: t.seatSectionId,
    })),
  };
}

/** An event's id by its slug (null: no such event). */
export async function eventIdBySlug(db: Db, slug: string): Promise<string | null> {
  const [found] = await db.select({ id: event.id }).from(event).where(eq(event.slug, slug)).limit(1);
  return found?.id ?? null;
}
