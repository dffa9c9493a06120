import { and, eq, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { event, hold, seatClaim } from "~/db/schema";
import { DEFAULT_OFFER_HOURS } from "~/domain/waitlist";

/** What the booking panel needs beyond the event page itself: the seats already taken, and the waitlist's offer window. */
export async function bookingExtras(db: Db, input: { eventId: string; now: Date }) {
  const [taken, [settings]] = await Promise.all([
    db
      .select({ row: seatClaim.seatRow, column: seatClaim.seatColumn })
      .from(seatClaim)
      .leftJoin(hold, eq(hold.id, seatClaim.holdId))
      // Sold seats, and seats in holds that have not run out.
      .where(and(eq(seatClaim.eventId, input.eventId), or(isNotNull(seatClaim.ticketId), and(eq(hold.status, "active"), sql`${hold.expiresAt} > ${input.now}`)))),
    db.select({ hours: event.waitlistOfferHours }).from(event).where(eq(event.id, input.eventId)),
  ]);
  return { takenSeats: taken, waitlistOfferHours: settings?.hours ?? DEFAULT_OFFER_HOURS };
}
