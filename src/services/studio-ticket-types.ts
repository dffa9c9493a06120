import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, ticketType, venue, venueSeatSection } from "~/db/schema";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/uuid";

/** The order ticket types are shown in, everywhere: the host's order, then the oldest first. */
export const ticketTypeOrder = [asc(ticketType.sortOrder), asc(ticketType.createdAt), asc(ticketType.id)] as const;

/**
 * The editor's tickets view of one of the host's own events: what its tickets are priced on (the
 * event's fee mode and currency), the sections of its venue's seat plan, and every ticket type
 * with its stock. Another host's event, a deleted one or a malformed id: `not_found`.
 */
export async function studioTicketTypes(db: Db, input: { hostId: string; eventId: string }) {
  if (!isUuid(input.eventId)) throw new AppError("not_found", "No such event.");
  const [e] = await db
    .select({
      id: event.id,
      status: event.status,
      isCancelled: event.isCancelled,
      currency: event.currency,
      feeMode: event.feeMode,
      companionTickets: event.companionTickets,
      venueId: event.venueId,
      seated: venue.seatRows,
      venueName: venue.name,
      venueCapacity: venue.capacity,
      places: event.capacityTotal,
    })
    .from(event)
    .leftJoin(venue, eq(venue.id, event.venueId))
    .where(and(eq(event.id, input.eventId), eq(event.hostId, input.hostId), ne(event.status, "deleted")));
  if (!e) throw new AppError("not_found", "No such event.");
  const [sections, types] = await Promise.all([
    e.venueId && e.seated
      ? db
          .select({ id: venueSeatSection.id, name: venueSeatSection.name })
          .from(venueSeatSection)
          .where(eq(venueSeatSection.venueId, e.venueId))
          .orderBy(asc(venueSeatSection.sortOrder), asc(venueSeatSection.name))
      : [],
    db
      .select({
        id: ticketType.id,
        name: ticketType.name,
        description: ticketType.description,
        kind: ticketType.kind,
        pricePence: ticketType.pricePence,
        payWhatYouWish: ticketType.payWhatYouWish,
        capacity: ticketType.capacity,
        sold: ticketType.sold,
        held: ticketType.held,
        maxPerOrder: ticketType.maxPerOrder,
        salesStartAt: ticketType.salesStartAt,
        salesEndAt: ticketType.salesEndAt,
        seatSectionId: ticketType.seatSectionId,
      })
      .from(ticketType)
      .where(eq(ticketType.eventId, e.id))
      .orderBy(...ticketTypeOrder),
  ]);
  return {
    event: {
      id: e.id,
      status: e.status,
      isCancelled: e.isCancelled,
      currency: e.currency,
      feeMode: e.feeMode,
      companionTickets: e.companionTickets,
      seated: Boolean(e.seated),
      /** The venue's name and how many it holds (null: no venue, or no capacity given). */
      venue: e.venueName ? { name: e.venueName, capacity: e.venueCapacity ?? null } : null,
      /** Every ticket type's places together (kept on the event by the database). */
      places: e.places,
    },
    sections,
    ticketTypes: types.map((t) => ({
      ...t,
      sectionName: sections.find((s) => s.id === t.seatSectionId)?.name ?? null,
    })),
  };
}

export type StudioTicketTypes = Awaited<ReturnType<typeof studioTicketTypes>>;
