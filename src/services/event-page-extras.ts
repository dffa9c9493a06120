import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, hold, seatClaim } from "~/db/schema";
import { hasEnded } from "~/domain/event-flags";
import { DEFAULT_OFFER_HOURS, nothingToBuy } from "~/domain/waitlist";
import type { EventPage } from "./get-event-page";
import { waitingCounts, waitlistPlace } from "./waitlist-places";
import { whosGoing } from "./whos-going";

/**
 * What the event page adds to the event, read all at once: the booking panel's
 * extras, the waitlist (for a person on it, their place; for anyone, how many wait, and
 * whether they can join: a live event with nothing left to buy), and "Who's going" when the host
 * shows guests (no query at all when they don't).
 */
export async function eventPageExtras(db: Db, input: { event: EventPage; viewerId: string | null; now: Date }) {
  const { event, viewerId, now } = input;
  const [extras, place, waiting, going] = await Promise.all([
    bookingExtras(db, { eventId: event.id, now }),
    viewerId ? waitlistPlace(db, { eventId: event.id, userId: viewerId }) : null,
    waitingCounts(db, [event.id]).then((m) => m.get(event.id) ?? 0),
    // A cancelled event has nobody going: the section and its question go with it.
    event.isCancelled
      ? null
      : whosGoing(db, {
          event: { id: event.id, showsGuests: event.host.showsGuests, tickets: event.tickets },
          viewerId,
        }),
  ]);
  const waitlist = {
    place,
    waiting,
    canJoin: !event.isCancelled && !hasEnded(event, now) && nothingToBuy(event.tickets),
    offerHours: extras.waitlistOfferHours,
  };
  return { takenSeats: extras.takenSeats, waitlist, whosGoing: going };
}

/**
 * What the booking panel needs beyond the event page itself: the seats already taken, and the waitlist's offer window.
 */
async function bookingExtras(db: Db, input: { eventId: string; now: Date }) {
  const [taken, [settings]] = await Promise.all([
    db
      .select({ row: seatClaim.seatRow, column: seatClaim.seatColumn })
      .from(seatClaim)
      .leftJoin(hold, eq(hold.id, seatClaim.holdId))
      // Sold seats, and seats in holds that have not run out.
      .where(
        and(
          eq(seatClaim.eventId, input.eventId),
          or(isNotNull(seatClaim.ticketId), and(eq(hold.status, "active"), sql`${hold.expiresAt} > ${input.now}`)),
        ),
      ),
    db.select({ hours: event.waitlistOfferHours }).from(event).where(eq(event.id, input.eventId)),
  ]);
  return { takenSeats: taken, waitlistOfferHours: settings?.hours ?? DEFAULT_OFFER_HOURS };
}
